// Gate sales on a 390 px phone (docs/decisions/250-252): a volunteer sells passes with the
// network lost, the phone reloads, the network returns and the sale uploads once; an admin sees the day's totals,
// records the cash handed over and the difference.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, BASE, launch, openAdminTab, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function login(email: string, password: string) {
  const r = await api('login', { email, password, iid: crypto.randomUUID() });
  if (r.status !== 200) throw new Error(`login ${email}: ${JSON.stringify(r.body)}`);
  return r.body.data.session as string;
}

/** A phone: its own context with the service worker allowed (a reload offline is served by it), at 390 px. */
async function phone(email: string, password: string, path: string) {
  const context: BrowserContext = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  // the venue's timer beyond the test: what uploads is the evidence-driven retry (web/features/venue/engine.ts)
  await context.addInitScript(() => {
    (window as unknown as { __venueSyncEveryMs: number }).__venueSyncEveryMs = 3_600_000;
  });
  const page: Page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  await signIn(page, email, password);
  await page.goto(path);
  return { context, page, problems };
}

const noSideways = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

describe('gate sales', () => {
  it('sells offline on a phone, survives a reload, uploads once on reconnect; the admin sees the day', async () => {
    const buyer = `Gate Walkin ${Date.now().toString(36)}`;
    const { context, page, problems } = await phone('volunteer@example.org', 'volunteer-demo-123', '/venue');
    await page.locator('.venue h1').waitFor();
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      if (!reg.active) throw new Error('no active service worker');
    });

    // online once: the price list comes to the phone, the form loads with /venue
    await page.getByRole('button', { name: 'Sell passes at the gate' }).click();
    await page.getByRole('heading', { name: 'Gate sale' }).waitFor();
    await page.getByLabel(/^Dinner Pass/).waitFor();
    await noSideways(page);

    // a problem is said at its field: no name
    await page.getByRole('button', { name: 'Record sale and hand over' }).click();
    await page.getByText("Please enter the buyer's name.").waitFor();

    // online: a UPI sale with the UTR typed in; the server decides at once
    await page.getByLabel("Buyer's name").fill(`Upi Payer ${Date.now().toString(36)}`);
    await page.getByLabel("Buyer's mobile").fill('98300 54321');
    await page.getByLabel(/^Dandiya Night Pass/).fill('1');
    await page.getByLabel('UPI').check();
    await page.getByLabel(/^UTR/).fill('1234');
    await page.getByRole('button', { name: 'Record sale and hand over' }).click();
    await page.getByText(/^This is not a UPI reference/).waitFor();
    await page.getByLabel(/^UTR/).fill(`5${String(Date.now()).slice(-11)}`);
    await page.getByRole('button', { name: 'Record sale and hand over' }).click();
    await page.getByText(/^Sold and handed over: SMT\d+, 1 passes, ₹500.00/).waitFor();
    await page.getByLabel('Cash').check();

    await context.setOffline(true);
    await page.getByLabel("Buyer's name").fill(buyer);
    await page.getByLabel("Buyer's mobile").fill('98300 12345');
    await page.getByLabel(/^Dinner Pass/).fill('2');
    await page.getByText('Total: ₹1,400.00').waitFor();
    // UPI shows the association's QR with the amount
    await page.getByLabel('UPI').check();
    await page.locator('.upi-qr img[data-upi*="am=1400.00"]').waitFor();
    await noSideways(page);
    await page.screenshot({ path: '/tmp/gate-sale-390.png', fullPage: true });
    await page.getByLabel('Cash').check();
    await page.getByRole('button', { name: 'Record sale and hand over' }).click();
    await page.getByText(/^Saved on this phone: hand over 2 passes/).waitFor();
    await page.getByText('Gate sales waiting to upload: 1.').waitFor();

    const admin = await login('admin@example.org', 'admin-demo-123');
    const found = async () =>
      ((await api('searchVenuePasses', { q: buyer }, admin)).body.data as { orderRcptId: string }[]).length;
    expect(await found()).toBe(0);

    // a reload with no network: the service worker serves the app, IndexedDB keeps the queued sale
    await page.reload();
    await page.getByRole('heading', { name: 'Venue Pass Collection' }).waitFor();
    await page.getByText('Gate sales waiting to upload: 1.').waitFor();

    await context.setOffline(false);
    await page.getByText('Gate sales waiting to upload: 1.').waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(found, { timeout: 10_000 }).toBe(1);
    // a second chance to upload (Sync now) changes nothing: one sale
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sync now' }).isEnabled()).toBe(true);
    expect(await found()).toBe(1);
    // the phone's copy has the pass, collected
    await page.getByLabel('Name, mobile or contribution id').fill(buyer);
    await page.getByRole('article').filter({ hasText: buyer }).getByText('COLLECTED', { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();

    // the admin, on a phone: the day's totals for the volunteer, the cash handed over and the difference
    const report = (await api('getGateSales', {}, admin)).body.data as {
      days: { volunteer: string; cash: number; difference: number; day: string }[];
    };
    const row = report.days.find((d) => d.volunteer === 'Demo Volunteer')!;
    expect(row.cash).toBeGreaterThanOrEqual(1400);
    const a = await phone('admin@example.org', 'admin-demo-123', '/admin');
    await openAdminTab(a.page, 'Gate sales');
    const line = a.page.getByRole('row').filter({ hasText: `${row.day} · Demo Volunteer` });
    await line.waitFor();
    await noSideways(a.page);
    await line.getByRole('button', { name: 'Record cash handed over' }).click();
    await a.page.getByLabel('Amount handed over (₹)').fill('1000');
    await a.page.getByRole('button', { name: 'Record', exact: true }).click();
    await a.page.getByText(/^Recorded ₹1,000.00 from Demo Volunteer/).waitFor();
    const after = (await api('getGateSales', {}, admin)).body.data.days.find(
      (d: { volunteer: string; day: string }) => d.volunteer === 'Demo Volunteer' && d.day === row.day,
    );
    expect(after.difference).toBe(row.difference - 1000);
    await a.page.screenshot({ path: '/tmp/gate-admin-390.png', fullPage: true });
    expect(a.problems).toEqual([]);
    await a.context.close();
  }, 120_000);
  it('reads in Bengali on a 390 px phone, nothing off-screen', async () => {
    const { context, page, problems } = await phone('volunteer@example.org', 'volunteer-demo-123', '/venue');
    await page.evaluate(() => {
      const info = JSON.parse(localStorage.getItem('user-info') ?? '{}');
      localStorage.setItem('user-info', JSON.stringify({ ...info, lang: 'bn-IN' }));
      localStorage.setItem('samiti-lang', 'bn-IN');
    });
    await page.reload();
    await page.getByRole('button', { name: 'গেটে পাস বিক্রি করুন' }).click();
    await page.getByRole('heading', { name: 'গেটে বিক্রি' }).waitFor();
    await page.getByLabel('ক্রেতার নাম').waitFor();
    await page.getByLabel('UPI-তে').check();
    await page.getByRole('button', { name: 'বিক্রি লিখুন ও পাস দিন' }).click();
    await page.getByText('ক্রেতার নাম লিখুন।').waitFor();
    await noSideways(page);
    await page.screenshot({ path: '/tmp/gate-sale-bn-390.png', fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
