// Editing and rolling over the catalogue on a 390 px phone: an admin adds a pass, edits its price (a member holding it is told on
// the summary), prepares next year's catalogue, edits the draft's price and publishes it; the member sees the new
// price. Note: the run's catalogue is next year's after this file (the copies keep every code, name and price).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { festivalYear } from '../../core/festival';
import { nextFestivalYear } from '../../core/festival-year';
import { launch, newPage, openAdminTab, post, signIn, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const noSideways = async (page: Page, what: string) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(390);

/** The pass's card on /dmPass, once the passes have loaded. */
async function passCard(page: Page, code: string) {
  await page.goto('/dmPass');
  const card = page.locator(`article.ct-card[data-code="${code}"]`);
  await card.waitFor();
  return card;
}

describe('editing and rolling over the catalogue', () => {
  it('edits a price, prepares next year, edits the draft, publishes; the member sees each price', async () => {
    const year = festivalYear();
    const next = nextFestivalYear(year);
    const admin = await post<{ session: string }>('login', { email: 'admin@example.org', password: 'admin-demo-123' });
    await post('updateSettings', { dailyPassLive: true }, admin.session);

    const { page, problems } = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, 'admin@example.org', 'admin-demo-123');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Console' }).waitFor();

    // a pass of this year, added from the console
    await openAdminTab(page, 'Add Product');
    await page.getByLabel('Daily Pass').check();
    await page.getByLabel('Name', { exact: true }).fill('Bhasan Procession Pass');
    await page.getByLabel('Code (4 characters, unique)').fill('DPBH');
    await page.getByLabel('Price', { exact: true }).fill('150');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('Product added successfully!').waitFor();

    // a member holds it in the cart at ₹150
    const email = uniqueEmail('rollover');
    const member = await post<{ session: string }>('signUpAndLogin', {
      name: 'Ritwik Ghosh',
      email,
      mobile: `98${String(Date.now()).slice(-8)}`,
      password: 'kali-puja-2026',
      iid: crypto.randomUUID(),
    });
    const passes = await post<{ productsResponses: { DAILY_PASS: { id: number; code: string; price: number }[] } }>(
      'getUProducts',
    );
    const dpbh = passes.productsResponses.DAILY_PASS.find((p) => p.code === 'DPBH')!;
    expect(dpbh.price).toBe(150);
    await post('addToCart', { productQtys: { [dpbh.id]: { qty: 2, code: 'DPBH' } } }, member.session);

    // the admin edits the price in the Edit dialog
    await openAdminTab(page, 'All Products');
    const row = page.getByRole('row').filter({ hasText: 'DPBH' });
    await row.getByRole('button', { name: 'Edit DPBH' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit DPBH (${year})` });
    await dialog.waitFor();
    await noSideways(page, 'edit dialog');
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // a problem is said at its field
    await dialog.getByLabel('Price', { exact: true }).fill('-3');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.locator('.field-error').filter({ hasText: 'price must be' }).waitFor();
    await page.screenshot({ path: '/tmp/catalogue-edit-390.png' });
    await dialog.getByLabel('Price', { exact: true }).fill('175');
    await dialog.getByLabel('Photo (a picture of the site, optional)').fill('/gallery/photo-03-sm.png');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Product updated!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('₹175').first().waitFor();

    // the member: the shop and the summary say the new price
    const m = await newPage(browser, { width: 390, height: 844 });
    await m.page.goto('/index');
    await m.page.evaluate((info) => localStorage.setItem('user-info', JSON.stringify(info)), member);
    const card = await passCard(m.page, 'DPBH');
    await card.getByText('₹175.00').waitFor();
    const photo = await card.locator('img.ct-photo').boundingBox();
    expect(photo!.x + photo!.width).toBeLessThanOrEqual(390);
    await noSideways(m.page, 'a card with a photo');
    await m.page.goto('/dpsummary');
    await m.page
      .getByText('The price of Bhasan Procession Pass has changed since you added it: ₹150.00 before, ₹175.00 now.')
      .waitFor();
    await noSideways(m.page, 'summary with the price note');
    await m.page.screenshot({ path: '/tmp/catalogue-note-390.png' });

    // next year's catalogue as drafts
    await page.getByRole('button', { name: "Prepare next year's catalogue" }).click();
    await page
      .getByText(new RegExp(`products copied into ${next} as drafts`))
      .first()
      .waitFor();
    await expect.poll(() => page.getByLabel('Festival year', { exact: true }).inputValue()).toBe(next);
    const draft = page.getByRole('row').filter({ hasText: 'DPBH' });
    await draft.getByText('Draft').waitFor();
    await noSideways(page, 'drafts');
    await draft.getByRole('button', { name: 'Edit DPBH' }).click();
    const draftDialog = page.getByRole('dialog', { name: `Edit DPBH (${next})` });
    await draftDialog.getByLabel('Price', { exact: true }).fill('200');
    await draftDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Product updated!').first().waitFor();
    await draftDialog.waitFor({ state: 'detached' });
    // a draft is not on sale
    await (await passCard(m.page, 'DPBH')).getByText('₹175.00').waitFor();

    // published now (no date picked)
    await page.getByRole('button', { name: `Publish ${next}` }).click();
    await page
      .getByText(new RegExp(`The ${next} catalogue is published from`))
      .first()
      .waitFor();
    await page.screenshot({ path: '/tmp/catalogue-published-390.png' });
    await (await passCard(m.page, 'DPBH')).getByText('₹200.00').waitFor();
    await noSideways(m.page, 'daily passes');
    expect(problems).toEqual([]);
    expect(m.problems).toEqual([]);
  });
});
