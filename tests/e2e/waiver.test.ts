// The membership fee waiver for sponsoring families (docs/decisions/255) on a phone (390 px): the
// summary's line that says why, a ₹0 order confirmed at once, the rule in the admin console's Settings, and the
// /membership total bar that applies it once the member's year is known (docs/decisions/275).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, launch, newPage, openAdminTab, payCartOnline, post, signIn, uniqueEmail } from './browser';

let browser: Browser;
let admin: string;
beforeAll(async () => {
  browser = await launch();
  admin = (await post('login', { email: 'admin@example.org', password: 'admin-demo-123' })).session;
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh full sponsorship item at this price, so that no other test's sponsor has taken it. */
async function newItem(price: number): Promise<number> {
  const code = `V${Math.random().toString(36).slice(2, 5).toUpperCase().padEnd(3, 'Z')}`;
  await post('addProduct', { code, name: `Shankha ${code}`, price, coSponsorPrice: 1000, sponsorship: true }, admin);
  const list = await post('getProducts', {}, admin);
  return (list.productsResponses.SPONSORSHIP as { id: number; code: string }[]).find((p) => p.code === code)!.id;
}

/** A fresh member logged in in the page; returns the session for API calls. */
async function member(page: Page) {
  const info = await post('signUpAndLogin', {
    name: 'Anindita Sen',
    email: uniqueEmail('waiver'),
    mobile: `93${String(Date.now()).slice(-8)}`,
    password: 'kali-puja-2026',
    iid: crypto.randomUUID(),
  });
  await page.goto('/index');
  await page.evaluate((i) => localStorage.setItem('user-info', JSON.stringify(i)), info);
  const products = await post('getProducts', {}, info.session);
  const utsav = (products.productsResponses.MEMBERSHIP as { id: number; code: string }[]).find(
    (p) => p.code === 'MUTV',
  )!.id;
  return { token: info.session as string, utsav };
}

/** Nothing wider than the phone: no sideways scroll. */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function fillAddress(page: Page) {
  await page.getByLabel('* Door no, Building/Society name').fill('12 Lake View');
  await page.getByLabel('* City').fill('Bengaluru');
  await page.getByLabel('* State').fill('Karnataka');
  await page.getByLabel('* Pin').fill('560034');
}

describe('the membership fee waiver on a phone', () => {
  it('UTSAV x4 with a ₹15,000 full sponsorship: the summary says the fee is waived and why', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    const { token, utsav } = await member(page);
    const item = await newItem(15000);
    await post('addToCart', { productQtys: { [utsav]: { qty: 4 }, [item]: { qty: 1, fullSponsor: true } } }, token);
    await page.goto('/summary');
    const line = page.getByTestId('waiver-line');
    await line.waitFor();
    expect(await line.textContent()).toMatch(/Membership fee waived for 4 family member\(s\)\./);
    expect(await line.textContent()).toMatch(/come to ₹15,000\.00; ₹15,000\.00 or more waives the fee for up to 4/);
    expect(await line.textContent()).toMatch(/₹9,540\.00 less/);
    const utsavRow = page.locator('.checkout-table tbody tr', { hasText: 'UTSAV' });
    expect(await utsavRow.locator('td').last().textContent()).toBe('₹0.00');
    expect(await page.getByTestId('summary-total').textContent()).toBe('₹15,000.00');
    // the convenience charge is on what is paid: 2.36% of ₹15,000
    expect(await page.getByTestId('convenience-charge').textContent()).toBe('₹354.00');
    expect(await noSidewaysScroll(page)).toBe(true);
    const box = await line.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await line.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/waiver-summary-390.png' });

    // the same line in Bengali
    // the member chooses Bengali (kept on the account, and on this device)
    await post('setLanguage', { lang: 'bn-IN' }, token);
    await page.evaluate(() => {
      localStorage.setItem('samiti-lang', 'bn-IN');
      const info = JSON.parse(localStorage.getItem('user-info') ?? '{}');
      localStorage.setItem('user-info', JSON.stringify({ ...info, lang: 'bn-IN' }));
    });
    await page.reload();
    const bn = page.getByTestId('waiver-line');
    await bn.waitFor();
    // the Bengali catalogue arrives after the first paint
    await expect.poll(() => bn.textContent(), { timeout: 10_000 }).toMatch(/পরিবারের 4 জন সদস্যের সদস্য ফি মকুব।/);
    expect(await bn.textContent()).toMatch(/₹15,000\.00 বা তার বেশিতে পরিবারের 4 জন পর্যন্ত/);
    expect(await noSidewaysScroll(page)).toBe(true);
    await bn.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/waiver-summary-bn-390.png' });
    await page.context().close();
  });

  it('a sponsorship paid earlier: the memberships cost nothing and are confirmed with one tap', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    const { token, utsav } = await member(page);
    const item = await newItem(15000);
    // the sponsorship, paid online through the test gateway
    await post('addToCart', { productQtys: { [item]: { qty: 1, fullSponsor: true } } }, token);
    const start = await post('startOrder', { offline: false }, token);
    const paid = await post('/dev/razorpay/pay', {
      key: 'rzp_test_local',
      order_id: start.orderOrTokenId,
      outcome: 'success',
    });
    await post(
      'handleSuccessOrder',
      {
        isOffline: false,
        orderId: start.orderOrTokenId,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      },
      token,
    );
    await post('addToCart', { productQtys: { [utsav]: { qty: 4 } } }, token);
    await page.goto('/summary');
    await page.getByTestId('waiver-line').waitFor();
    expect(await page.getByTestId('summary-total').textContent()).toBe('₹0.00');
    expect(await page.getByRole('button', { name: /Online/ }).count()).toBe(0);
    await fillAddress(page);
    await page.getByRole('button', { name: 'Confirm my membership' }).click();
    await page.getByTestId('done-message').waitFor();
    expect(await page.getByTestId('done-message').textContent()).toMatch(/membership is confirmed/);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: '/tmp/waiver-done-390.png' });
    const orders = await post('getOrders', {}, token);
    expect(orders.map((o: { status: string; orderTotal: number }) => [o.status, o.orderTotal])).toContainEqual([
      'Success',
      0,
    ]);
    await page.context().close();
  });

  it('an admin sets the thresholds in Settings; a bad one is named at its field', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, 'admin@example.org', 'admin-demo-123');
    await page.goto('/admin');
    await openAdminTab(page, 'Settings');
    const box = page.getByTestId('waiver-settings');
    await box.waitFor();
    expect(await page.getByLabel('Waive the membership fee for sponsoring families').isChecked()).toBe(true);
    const members = page.getByLabel('Family members waived');
    expect(await members.count()).toBe(2);
    await members.nth(1).fill('3');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    // named at the tier that breaks the order: the second one's member count
    const error = box.locator('.field-error');
    await error.waitFor();
    expect(await members.nth(1).getAttribute('aria-invalid')).toBe('true');
    expect(await error.textContent()).toMatch(/must waive more members for a larger threshold/);
    expect(await noSidewaysScroll(page)).toBe(true);
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/waiver-settings-390.png' });
    await members.nth(1).fill('7');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect
      .poll(async () => (await post('getAdminSettings', {}, admin)).membershipWaiver.tiers[1].members)
      .toBe(7);
    // back to the page's promise for the other tests
    await post(
      'updateSettings',
      {
        membershipWaiver: {
          enabled: true,
          tiers: [
            { minSponsorship: 15000, members: 4 },
            { minSponsorship: 35000, members: 6 },
          ],
        },
      },
      admin,
    );
    await page.context().close();
  });
});

describe('the waiver on the /membership total bar (docs/decisions/275)', () => {
  const bar = (page: Page) => page.locator('.ct-bar');

  /** A member whose ₹15,000 full sponsorship is paid; the page on /membership with UTSAV x`qty` chosen. */
  async function sponsorOnMembership(page: Page, qty: number, waivedBefore = false) {
    const m = await member(page);
    const item = await newItem(15000);
    await post('addToCart', { productQtys: { [item]: { qty: 1, fullSponsor: true } } }, m.token);
    await payCartOnline(m.token);
    if (waivedBefore) {
      // the family's 4 waivers used by a ₹0 order, confirmed at once
      await post('addToCart', { productQtys: { [m.utsav]: { qty: 4 } } }, m.token);
      expect((await post('startOrder', { offline: true }, m.token)).status).toBe('Success');
    }
    await page.goto('/membership');
    const plus = page.getByRole('button', { name: 'Add one UTSAV' });
    for (let i = 0; i < qty; i++) await plus.click();
    return m;
  }

  it('a sponsoring member sees the fee waived on the bar, in English and in Bengali', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    const { token } = await sponsorOnMembership(page, 4);
    await expect.poll(() => page.getByTestId('total').textContent()).toBe('Total Amount: ₹0.00');
    expect(await page.getByTestId('total-note').textContent()).toBe('membership fee waived for 4');
    expect(await noSidewaysScroll(page)).toBe(true);
    const box = (await bar(page).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/waiver-bar-390.png' });

    await post('setLanguage', { lang: 'bn-IN' }, token);
    await page.evaluate(() => {
      localStorage.setItem('samiti-lang', 'bn-IN');
      const info = JSON.parse(localStorage.getItem('user-info') ?? '{}');
      localStorage.setItem('user-info', JSON.stringify({ ...info, lang: 'bn-IN' }));
    });
    await page.reload(); // the selection stays in IndexedDB
    await expect
      .poll(() => page.getByTestId('total-note').textContent(), { timeout: 10_000 })
      .toBe('4 জনের সদস্য ফি মকুব');
    expect(await page.getByTestId('total').textContent()).toBe('মোট: ₹0.00');
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: '/tmp/waiver-bar-bn-390.png' });
    await page.context().close();
  });

  it('a member whose 4 waivers are used sees the full fee and no waiver', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await sponsorOnMembership(page, 1, true);
    await expect.poll(() => page.getByTestId('total').textContent()).toBe('Total Amount: ₹2,650.00');
    // the year is known and nothing is waived: no note at all
    await page.waitForTimeout(500);
    expect(await page.getByTestId('total-note').count()).toBe(0);
    await page.context().close();
  });

  it('without a session the page says its total is before the waiver', async () => {
    // the frame as a visitor gets it, before any script runs (docs/decisions/116)
    const html = await (await fetch(`${BASE}/membership`)).text();
    expect(html).toMatch(/data-testid="total-note"[^>]*>before the membership fee waiver</);
  });
});
