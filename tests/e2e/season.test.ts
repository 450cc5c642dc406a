// A whole season from an empty, production-like database, driven from the admin console and
// /venue on a 390 px phone. This file starts its OWN server (DEMO_SEED=off: no demo accounts, no catalogue) and
// talks only to it, so the shared server of the other e2e files (and the catalogue year they see) is untouched.
// The first admin is made as the README says for production: sign up, then an UPDATE through `wrangler d1 execute`.
import { spawnSync } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { festivalYear } from '../../core/festival';
import { nextFestivalYear } from '../../core/festival-year';
import { startServer } from '../../scripts/server.mjs';
import { newUtr } from '../fixtures/bank-statements';
import { launch, openAdminTab, signIn, watch } from './browser';

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
let base: string;

beforeAll(async () => {
  server = await startServer({ vars: { DEMO_SEED: 'off' } });
  base = server.url;
  browser = await launch();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  const errors = server
    ?.log()
    .split('\n')
    .filter((l) => /"level":"error"/.test(l));
  await server?.stop();
  // this server's output is not the shared one tests/e2e/setup.ts reads: its errors are checked here
  if (errors && errors.length > 0) throw new Error(`Worker errors in this file's server:\n${errors.join('\n')}`);
});

type Body = { data?: any; error?: string; desc?: string };
/** A call to this file's server (not the shared one of tests/e2e/browser.ts's helpers). */
async function call(path: string, body: object = {}, token?: string): Promise<{ status: number; body: Body }> {
  const r = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'X-Session-Token': token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Body };
}
async function ok<T = any>(path: string, body: object = {}, token?: string): Promise<T> {
  const r = await call(path, body, token);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as T;
}
async function outbox(to: string): Promise<{ subject: string; text: string }[]> {
  const r = await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await r.json()) as { data: { subject: string; text: string }[] }).data;
}

/** A 390 px phone on this file's server; its page errors fail the test (tests/e2e/setup.ts). */
async function phone(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  return { context, page, problems: watch(page) };
}
const fits = async (page: Page, what: string) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(390);

const stamp = Date.now().toString(36);
/** A buyer's account: made by API (set-up a person would not click in this story). */
async function account(tag: string, name: string, mobile: string) {
  const email = `${tag}.${stamp}@example.net`;
  const password = `${tag}-season-2026`;
  const r = await ok<{ session: string }>('signUpAndLogin', { name, email, mobile, password });
  return { email, password, name, token: r.session };
}

describe('a season from an empty database', () => {
  it('sets up a year, sells, caps, waitlists, rolls over with new prices and sells at the gate', async () => {
    const year = festivalYear();
    const next = nextFestivalYear(year);
    // nothing there: no products, no demo accounts
    const empty = await ok<{ productsResponses: Record<string, unknown[]> }>('getUProducts');
    expect(Object.values(empty.productsResponses).flat()).toEqual([]);
    expect((await call('login', { email: 'admin@example.org', password: 'admin-demo-123' })).status).not.toBe(200);

    // the first admin signs up on the site...
    const adminEmail = `secretary.${stamp}@example.net`;
    const adminPassword = 'secretary-season-1';
    const a = await phone();
    await a.page.goto('/signup');
    await a.page.getByLabel('Full Name').fill('Sudipta Sen');
    await a.page.getByLabel('Email').fill(adminEmail);
    await a.page.getByLabel('Mobile').fill('98311 22334');
    await a.page.getByLabel('Password').fill(adminPassword);
    await a.page.getByRole('button', { name: 'Create Account' }).click();
    await a.page.waitForURL('**/login');
    // ... and is made admin in the database, as the README says for production
    const sql = `UPDATE users SET is_admin = 1 WHERE email = '${adminEmail}'`;
    const made = spawnSync(
      'wrangler',
      ['d1', 'execute', 'DB', '--local', '--persist-to', server.dir, '--command', sql],
      { env: { ...process.env, WRANGLER_SEND_METRICS: 'false' }, encoding: 'utf8' },
    );
    expect(made.status, made.stderr || made.stdout).toBe(0);
    await signIn(a.page, adminEmail, adminPassword, { open: false });
    await a.page.waitForURL('**/admin');
    await a.page.getByRole('heading', { name: 'Admin Console' }).waitFor();

    // the catalogue: a membership plan and a daily pass, from Add Product
    await openAdminTab(a.page, 'Add Product');
    await a.page.getByLabel('Membership', { exact: true }).check();
    await a.page.getByLabel('Name', { exact: true }).fill('Utsav Membership');
    await a.page.getByLabel('Code (4 characters, unique)').fill('MUTS');
    await a.page.getByLabel('Price', { exact: true }).fill('1001');
    await a.page.getByRole('button', { name: 'Add Product' }).click();
    await a.page.getByText('Product added successfully!').first().waitFor();
    await a.page.getByLabel('Daily Pass').check();
    await a.page.getByLabel('Name', { exact: true }).fill('Bhog Dinner Pass');
    await a.page.getByLabel('Code (4 characters, unique)').fill('DPBD');
    await a.page.getByLabel('Price', { exact: true }).fill('300');
    await a.page.getByRole('button', { name: 'Add Product' }).click();
    await a.page.getByText('Product added successfully!').first().waitFor();
    await fits(a.page, 'Add Product');

    // the pass: 2 seats, and a waiting list
    await openAdminTab(a.page, 'All Products');
    await a.page.getByRole('row').filter({ hasText: 'MUTS' }).waitFor();
    await a.page.getByRole('button', { name: 'Capacity DPBD' }).click();
    const capacity = a.page.getByRole('dialog', { name: 'Capacity of DPBD' });
    await capacity.getByLabel('Units that may be sold (empty: unlimited)').fill('2');
    await capacity.getByRole('button', { name: 'Save' }).click();
    await a.page.getByText('The capacity of "Bhog Dinner Pass" is saved.').waitFor();
    await a.page.getByRole('button', { name: 'Turn waiting list on DPBD' }).click();
    await a.page.getByRole('button', { name: 'Turn waiting list off DPBD' }).waitFor();
    await fits(a.page, 'All Products');

    // Settings: the bank details members pay to, and the sales opened
    await openAdminTab(a.page, 'Settings');
    await a.page.getByLabel('Account payee').fill('Samiti Kali Puja Committee');
    await a.page.getByLabel('Account number').fill('50100234567890');
    await a.page.getByLabel('IFSC code').fill('HDFC0001234');
    await a.page.getByLabel('Bank name').fill('HDFC Bank');
    await a.page.getByLabel('UPI id').fill('samiti@hdfcbank');
    await a.page.getByLabel('Membership live (Membership / Sponsorship open)').check();
    await a.page.getByLabel('Daily pass live (passes on sale)').check();
    await a.page.getByRole('button', { name: 'Save Settings' }).click();
    await a.page.getByText('Settings saved.').first().waitFor();
    await fits(a.page, 'Settings');
    expect(await ok<boolean>('isDailyPassLive')).toBeTruthy();

    // a member buys the last 2 seats by direct transfer
    const buyer = await account('ananya', 'Ananya Mitra', '9830011223');
    const plans = await ok<{ productsResponses: Record<string, { code: string }[]> }>('getProducts', {}, buyer.token);
    expect(
      Object.values(plans.productsResponses)
        .flat()
        .map((p) => p.code),
    ).toContain('MUTS');
    const b = await phone();
    await signIn(b.page, buyer.email, buyer.password);
    await b.page.goto('/dmPass');
    const card = b.page.locator('article[data-code="DPBD"]');
    await card.getByText('₹300.00', { exact: false }).first().waitFor();
    const plus = card.getByRole('button', { name: 'Add one Bhog Dinner Pass' });
    await plus.click();
    await plus.click();
    await b.page.getByRole('button', { name: 'Proceed' }).click();
    await b.page
      .getByRole('dialog', { name: 'Add an extra contribution?' })
      .getByRole('button', { name: 'Skip Contribution' })
      .click();
    await b.page.waitForURL('**/dpsummary');
    await b.page.getByText('Bhog Dinner Pass').first().waitFor();
    await b.page.getByRole('button', { name: /^Direct Transfer ₹600\.00/ }).click();
    const pay = b.page.getByRole('dialog', { name: 'Pay and Share details' });
    await pay.getByText('HDFC0001234').first().waitFor();
    await pay.getByLabel('Bank / UPI Transaction ID').fill(newUtr());
    await pay.getByRole('button', { name: 'Update Payment Details' }).click();
    await b.page.getByRole('heading', { level: 1, name: 'Thank you! We will verify your transfer' }).waitFor();
    const order = (
      await ok<{ orderRcptId: string; status: string; selectedProducts: { code: string }[] }[]>(
        'getOrders',
        {},
        buyer.token,
      )
    ).find((o) => o.selectedProducts.some((l) => l.code === 'DPBD'))!;
    expect(order.status).toBe('Pending Approval');

    // the admin approves it in Pending Orders
    await openAdminTab(a.page, 'Pending Orders');
    const pending = a.page.getByRole('row').filter({ hasText: order.orderRcptId });
    await pending.getByRole('button', { name: 'Details' }).click();
    const decide = a.page.getByRole('dialog');
    await decide.getByRole('button', { name: 'Approve', exact: true }).click();
    await decide.getByRole('button', { name: /^Yes, approve ₹/ }).click();
    await a.page.getByText('You have approved the contribution successfully!').waitFor();

    // sold out; a second member joins the waiting list for 2
    const waiter = await account('bikash', 'Bikash Pal', '9830044556');
    const w = await phone();
    await signIn(w.page, waiter.email, waiter.password);
    await w.page.goto('/dmPass');
    const soldOut = w.page.locator('article[data-code="DPBD"]');
    await soldOut.getByText('Sold out').waitFor();
    await soldOut.getByLabel('How many do you want?').fill('2');
    await soldOut.getByRole('button', { name: 'Join the waiting list' }).click();
    await soldOut.getByText('You are number 1 on the waiting list for 2.').waitFor();
    await fits(w.page, 'sold out, waiting list');
    await w.page.screenshot({ path: '/tmp/season-waitlist-390.png', fullPage: true });

    // the first order is refunded from the console: the seats free up and go to the waiting member by email
    await openAdminTab(a.page, 'Pass Collection');
    await a.page.getByLabel('Mobile or Email').fill(buyer.email);
    await a.page.getByRole('button', { name: 'Search', exact: true }).click();
    await a.page
      .getByRole('row')
      .filter({ hasText: order.orderRcptId })
      .getByRole('button', { name: 'Details' })
      .click();
    await a.page.getByRole('dialog').getByRole('button', { name: 'Cancel / refund' }).click();
    const refund = a.page.getByRole('dialog', { name: `Cancel and refund ${order.orderRcptId}` });
    await refund.getByLabel(/^Units of Bhog Dinner Pass to refund \(of 2\)/).fill('2');
    await refund.getByLabel("Reason (goes into the member's email)").fill('Cannot come this year');
    await refund.getByLabel('Bank/UPI reference of the money sent back').fill(`NEFT ${stamp}`);
    await refund.getByRole('button', { name: 'Refund ₹600.00' }).click();
    await refund.getByRole('button', { name: 'Yes, refund' }).click();
    await refund.getByText('Nothing is left to refund on this contribution.').waitFor();
    await fits(a.page, 'refund dialog');
    await expect
      .poll(async () => (await outbox(waiter.email)).map((m) => m.subject), { timeout: 15_000 })
      .toContain('Your turn on the waiting list: Bhog Dinner Pass');
    // the offer's link puts the held seats in the member's cart; they pay by transfer and the admin approves
    const offer = (await outbox(waiter.email)).find((m) => m.subject.startsWith('Your turn on the waiting list'))!;
    const link = new URL(/https?:\/\/\S+\/dmPass\?offer=[A-Za-z0-9_-]+/.exec(offer.text)![0]);
    await w.page.goto(link.pathname + link.search);
    await w.page.waitForURL('**/dpsummary');
    await w.page.getByText('Bhog Dinner Pass').first().waitFor();
    await w.page.getByRole('button', { name: /^Direct Transfer ₹600\.00/ }).click();
    const wpay = w.page.getByRole('dialog', { name: 'Pay and Share details' });
    await wpay.getByLabel('Bank / UPI Transaction ID').fill(newUtr());
    await wpay.getByRole('button', { name: 'Update Payment Details' }).click();
    await w.page.getByRole('heading', { level: 1, name: 'Thank you! We will verify your transfer' }).waitFor();
    const second = (await ok<{ orderRcptId: string }[]>('getOrders', {}, waiter.token))[0]!;
    await a.page.goto('/admin');
    await openAdminTab(a.page, 'Pending Orders');
    await a.page
      .getByRole('row')
      .filter({ hasText: second.orderRcptId })
      .getByRole('button', { name: 'Details' })
      .click();
    await a.page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await a.page
      .getByRole('dialog')
      .getByRole('button', { name: /^Yes, approve ₹/ })
      .click();
    await a.page.getByText('You have approved the contribution successfully!').waitFor();
    await fits(w.page, 'the waiting member paid');

    // next year: the catalogue prepared as drafts, the pass's price edited, published
    await a.page.goto('/admin');
    await openAdminTab(a.page, 'All Products');
    await a.page.getByRole('button', { name: "Prepare next year's catalogue" }).click();
    await a.page
      .getByText(new RegExp(`products copied into ${next} as drafts`))
      .first()
      .waitFor();
    await expect.poll(() => a.page.getByLabel('Festival year', { exact: true }).inputValue()).toBe(next);
    const draft = a.page.getByRole('row').filter({ hasText: 'DPBD' });
    await draft.getByText('Draft').waitFor();
    await draft.getByRole('button', { name: 'Edit DPBD' }).click();
    const edit = a.page.getByRole('dialog', { name: `Edit DPBD (${next})` });
    await edit.getByLabel('Price', { exact: true }).fill('350');
    await edit.getByRole('button', { name: 'Save' }).click();
    await a.page.getByText('Product updated!').first().waitFor();
    await edit.waitFor({ state: 'detached' });
    await fits(a.page, 'drafts');
    // a draft is not on sale yet: the member still sees this year's price
    await w.page.goto('/dmPass');
    await w.page.locator('article[data-code="DPBD"]').getByText('₹300.00').first().waitFor();
    await a.page.getByRole('button', { name: `Publish ${next}` }).click();
    await a.page
      .getByText(new RegExp(`The ${next} catalogue is published from`))
      .first()
      .waitFor();
    await a.page.screenshot({ path: '/tmp/season-published-390.png', fullPage: true });
    await w.page.goto('/dmPass');
    await w.page.locator('article[data-code="DPBD"]').getByText('₹350.00').first().waitFor();
    await fits(w.page, 'next year on /dmPass');

    // a volunteer, granted in Settings' roles, sells a pass at the gate on /venue
    const volunteer = await account('chandan', 'Chandan Das', '9830077889');
    await openAdminTab(a.page, 'Settings');
    await a.page.getByLabel('Email of the account').fill(volunteer.email);
    await a.page.locator('#role-select').selectOption('volunteer');
    await a.page.getByRole('button', { name: 'Grant', exact: true }).click();
    await a.page.getByText('Chandan Das is now a volunteer.').first().waitFor();
    await fits(a.page, 'roles');
    const v = await phone();
    await signIn(v.page, volunteer.email, volunteer.password);
    await v.page.waitForURL('**/venue');
    await v.page.getByRole('button', { name: 'Sell passes at the gate' }).click();
    await v.page.getByRole('heading', { name: 'Gate sale' }).waitFor();
    await v.page.getByLabel("Buyer's name").fill('Gate Walkin');
    await v.page.getByLabel("Buyer's mobile").fill('98300 12345');
    await v.page.getByLabel(/^Bhog Dinner Pass/).fill('1');
    await v.page.getByLabel('Cash').check();
    await v.page.getByText('Total: ₹350.00').waitFor();
    await fits(v.page, 'gate sale');
    await v.page.getByRole('button', { name: 'Record sale and hand over' }).click();
    await v.page.getByText(/^Sold and handed over: SMT\d+, 1 passes, ₹350\.00/).waitFor();
    // the form, still open for the next walk-in, counts the seat just sold
    await v.page.locator('.gate-left').filter({ hasText: '1 left' }).waitFor();
    await v.page.screenshot({ path: '/tmp/season-gate-390.png', fullPage: true });
    // the seat sold at the gate counts against next year's capacity
    const after = await ok<{
      productsResponses: { DAILY_PASS: { code: string; price: number; unitsLeft?: number }[] };
    }>('getUProducts');
    expect(after.productsResponses.DAILY_PASS.find((p) => p.code === 'DPBD')).toMatchObject({
      price: 350,
      unitsLeft: 1,
    });

    // the console's day at the gate names the volunteer
    const adminToken = await a.page.evaluate(
      () => (JSON.parse(localStorage.getItem('user-info') ?? 'null') as { session: string }).session,
    );
    const gate = await ok<{ days: { day: string; volunteer: string; cash: number }[] }>('getGateSales', {}, adminToken);
    const day = gate.days.find((d) => d.volunteer === 'Chandan Das');
    expect(day?.cash).toBe(350);
    await openAdminTab(a.page, 'Gate sales');
    const line = a.page.getByRole('row').filter({ hasText: `${day!.day} · Chandan Das` });
    await line.getByText('₹350.00').first().waitFor();
    await fits(a.page, 'gate sales');

    for (const p of [a, b, w, v]) {
      expect(p.problems).toEqual([]);
      await p.context.close();
    }
  }, 240_000);
});
