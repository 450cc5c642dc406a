import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, launch, newPage, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function apiCall(path: string, body: unknown, session?: string) {
  const r = await fetch(`${BASE}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { 'X-Session-Token': session } : {}) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { data?: any; error?: string; desc?: string };
}

const storedSession = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('user-info') ?? 'null') as { session: string } | null)?.session);

const total = (page: Page) => page.getByTestId('total');

describe('choosing contributions on a phone', () => {
  it('4 UTSAV memberships and a full sponsorship: the same totals on screen and from /getCartDetails', async () => {
    const { page, problems } = await newPage(browser, { width: 360, height: 740 });
    const email = uniqueEmail('cart');
    const signed = await apiCall('signUpAndLogin', {
      name: 'Sharmila Roy',
      email,
      mobile: '9845011111',
      password: 'durga-puja-2026',
      iid: 'e2e-cart',
    });
    await page.goto('/index');
    await page.evaluate((info) => localStorage.setItem('user-info', JSON.stringify(info)), signed.data);

    await page.goto('/membership');
    await page.getByRole('heading', { name: 'Choose your Membership / Renewal Option' }).waitFor();
    await page.getByText(/Family benefit/).waitFor();

    // the comparison modal
    await page.getByRole('button', { name: 'Membership plan Comparison' }).click();
    const compare = page.getByRole('dialog', { name: 'Membership plan Comparison' });
    await compare
      .getByRole('cell', { name: 'Gala dinner' })
      .or(compare.getByRole('rowheader', { name: 'Gala dinner' }))
      .waitFor();
    await compare.getByRole('button', { name: 'Close' }).click();

    // proceeding with nothing warns but lets the user go on
    await page.getByRole('button', { name: 'Proceed for Sponsorship' }).click();
    const zero = page.getByRole('dialog', { name: 'Are you sure to proceed?' });
    await zero.getByRole('button', { name: 'No, Stay Here' }).click();
    await zero.waitFor({ state: 'detached' });

    const plus = page.getByRole('button', { name: 'Add one UTSAV' });
    for (let i = 0; i < 3; i++) await plus.click();
    await page
      .getByText('5% benefit added new effective contribution for three UTSAV membership plan is: ₹7,552.50')
      .waitFor();
    await plus.click();
    await page
      .getByText('10% benefit added new effective contribution for four UTSAV membership plan is: ₹9,540.00')
      .waitFor();
    await expect.poll(() => total(page).textContent()).toBe('Total Amount: ₹9,540.00');

    await page.getByRole('button', { name: 'Proceed for Sponsorship' }).click();
    await page.waitForURL('**/sponsorship');
    await page.getByRole('heading', { name: 'Choose Sponsorship(s)' }).waitFor();
    const card = page.locator('article[data-code="SSTG"]');
    await card.getByLabel('Full Sponsor').check();
    expect(await card.getByLabel('Co-Sponsor').isDisabled()).toBe(true);
    // the ₹35,000 full sponsorship waives the four memberships, as the summary will (docs/decisions/275)
    await expect.poll(() => total(page).textContent()).toBe('Total Amount: ₹35,000.00');
    expect(await page.getByTestId('total-note').textContent()).toBe('membership fee waived for 4');

    // the selection lives in IndexedDB: a reload keeps it
    await page.reload();
    await expect.poll(() => total(page).textContent()).toBe('Total Amount: ₹35,000.00');
    expect(await page.locator('article[data-code="SSTG"]').getByLabel('Full Sponsor').isChecked()).toBe(true);

    expect(problems).toEqual([]);
    await page.getByRole('button', { name: 'Review your Selection(s)' }).click();
    await page.waitForURL('**/summary');

    const cart = await apiCall('getCartDetails', {}, signed.data.session);
    // the server waives the four memberships for the ₹35,000 full sponsorship (docs/decisions/255)
    expect(cart.data).toMatchObject({ kind: 'CONTRIBUTION', totalSellPrice: 35000, totalMaxPrice: 45600 });
    expect(cart.data.waiver).toMatchObject({ members: 6, waivedQty: 4, waivedAmount: 9540 });
    expect(cart.data.selectedProducts).toEqual([
      expect.objectContaining({ code: 'MUTV', qty: 4, sellPrice: 0, maxPrice: 10600, waivedQty: 4 }),
      expect.objectContaining({ code: 'SSTG', qty: 1, sellPrice: 35000, fullSponsor: true }),
    ]);
  });

  it('5 Dandiya passes and an extra contribution as a visitor who registers in place', async () => {
    const { page, problems } = await newPage(browser, { width: 360, height: 740 });
    await page.goto('/dmPass');
    await page.getByRole('heading', { name: 'Coupons | Offering' }).waitFor();
    await page.locator('article[data-code="DPKP"]').getByText('Utsav Members: ₹400.00 per person').waitFor();
    await page.locator('article[data-code="DPKP"]').getByText('Others: ₹600.00 per person').waitFor();
    await page.locator('article[data-code="DPDY1"]').getByText('₹500.00 per person').waitFor();

    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByText('Please select at least one quantity before proceeding!').waitFor();
    // said in the total bar above its buttons, not over them (docs/decisions/160)
    expect(await page.locator('.ct-bar .toast').count()).toBe(1);

    const plus = page.getByRole('button', { name: 'Add one Dandiya Night Pass' });
    for (let i = 0; i < 4; i++) await plus.click();
    await page
      .getByText('10% benefit added new effective contribution for four Dandiya Night Pass is: ₹1,800.00')
      .waitFor();
    await plus.click();
    await expect.poll(() => total(page).textContent()).toBe('Total Amount: ₹2,250.00');

    await page.getByRole('button', { name: 'Proceed' }).click();
    const extra = page.getByRole('dialog', { name: 'Add an extra contribution?' });
    await extra.getByRole('button', { name: 'Proceed with Contribution' }).click();
    await page.getByText('Please add the amount to contribute!').waitFor();
    await extra.getByLabel('Contribution amount (₹)').fill('1001');
    await extra.getByRole('button', { name: 'Proceed with Contribution' }).click();

    const reg = page.getByRole('dialog', { name: 'Register to Proceed' });
    await reg.getByRole('link', { name: 'Already registered? Login' }).waitFor();
    await reg.getByLabel('Full Name').fill('Arjun Das');
    await reg.getByLabel('Email').fill('not-an-email');
    await reg.getByLabel('Mobile').fill('9845022222');
    await reg.getByLabel('Password').fill('dandiya-night-1');
    await reg.getByRole('button', { name: 'Register and Proceed' }).click();
    await page.getByText('Please enter a valid email!').waitFor();
    await reg.getByLabel('Email').fill(uniqueEmail('dandiya'));
    expect(problems).toEqual([]);
    await reg.getByRole('button', { name: 'Register and Proceed' }).click();
    await page.waitForURL('**/dpsummary');

    const session = await storedSession(page);
    expect(session).toEqual(expect.any(String));
    const cart = await apiCall('getCartDetails', {}, session!);
    expect(cart.data).toMatchObject({ kind: 'DAILY_PASS', totalSellPrice: 3251, totalMaxPrice: 3501 });
    expect(cart.data.selectedProducts).toEqual([
      expect.objectContaining({ code: 'DPDY1', qty: 5, sellPrice: 2250, maxPrice: 2500 }),
      expect.objectContaining({ productId: 84, code: 'DNP', qty: 1, sellPrice: 1001 }),
    ]);
  });

  it('has no serious accessibility problems, and /dmPass says when passes are not on sale', async () => {
    const { page, problems } = await newPage(browser, { width: 360, height: 740 });
    const admin = await apiCall('login', { email: 'admin@example.org', password: 'admin-demo-123' });
    await page.goto('/index');
    await page.evaluate((info) => localStorage.setItem('user-info', JSON.stringify(info)), admin.data);
    // injected through the devtools protocol: the app's CSP rightly refuses inline scripts
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    for (const [path, heading] of [
      ['/membership', 'Choose your Membership / Renewal Option'],
      ['/sponsorship', 'Choose Sponsorship(s)'],
      ['/dmPass', 'Coupons | Offering'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.locator('article').first().waitFor();
      await page.evaluate(axeSource);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: any[] }> } }).axe;
        const r = await axe.run({ runOnly: ['wcag2a', 'wcag2aa'] });
        return r.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n: { target: string[] }) => n.target.join(' ')).join(', ')}`);
      });
      expect(violations, path).toEqual([]);
      // nothing scrolls sideways on a 360 px phone
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }

    const off = await apiCall('updateSettings', { dailyPassLive: false }, admin.data.session);
    expect(off.error).toBeUndefined();
    try {
      await page.goto('/dmPass');
      await page.getByText('Daily passes are not on sale right now. Please check back soon.').waitFor();
      expect(await page.getByRole('button', { name: 'Proceed' }).count()).toBe(0);
    } finally {
      await apiCall('updateSettings', { dailyPassLive: true }, admin.data.session);
    }
    expect(problems).toEqual([]);
  });

  it('keeps the selection and the cards when the connection is lost', async () => {
    const { page, problems } = await newPage(browser, { width: 360, height: 740 });
    const signed = await apiCall('signUpAndLogin', {
      name: 'Offline Person',
      email: uniqueEmail('offline'),
      mobile: '9845033333',
      password: 'no-network-1',
    });
    await page.goto('/index');
    await page.evaluate((info) => localStorage.setItem('user-info', JSON.stringify(info)), signed.data);
    await page.goto('/membership');
    const plus = page.getByRole('button', { name: 'Add one AASHIRBAD' });
    await plus.click();
    await plus.click();
    await expect.poll(() => total(page).textContent()).toBe('Total Amount: ₹3,000.00');

    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByText('You are offline: these are the items saved when you were last online.').waitFor();
    await expect.poll(() => total(page).textContent()).toBe('Total Amount: ₹3,000.00');
    expect(await page.locator('article[data-code="MABD"] output').textContent()).toBe('2');
    expect(problems).toEqual([]);
  });

  it('keeps the taps made before the phone has read the stored cart back (slow storage on a busy phone)', async () => {
    const { page, problems, context } = await newPage(browser);
    // every answer of IndexedDB comes 1 s late, as on a busy phone: the stored cart (opening the database, then
    // reading it: 2 s) arrives after the first taps
    await page.addInitScript(() => {
      const success = Object.getOwnPropertyDescriptor(IDBRequest.prototype, 'onsuccess')!;
      Object.defineProperty(IDBRequest.prototype, 'onsuccess', {
        configurable: true,
        get() {
          return success.get!.call(this);
        },
        set(fn: ((e: Event) => void) | null) {
          success.set!.call(this, fn && ((e: Event) => setTimeout(() => fn.call(this, e), 1000)));
        },
      });
    });
    await page.goto('/dmPass');
    const add = page.getByRole('button', { name: 'Add one Adda and Snacks Pass' });
    await add.click();
    await add.click();
    await expect.poll(() => total(page).textContent()).toBe('Total Amount: ₹500.00');
    // the stored (empty) cart has arrived meanwhile and did not take the two passes back
    await page.waitForTimeout(3_500);
    expect(await total(page).textContent()).toBe('Total Amount: ₹500.00');
    // and they were stored with it
    await page.reload();
    await expect.poll(() => total(page).textContent(), { timeout: 10_000 }).toBe('Total Amount: ₹500.00');
    expect(problems).toEqual([]);
    await context.close();
  });
});
