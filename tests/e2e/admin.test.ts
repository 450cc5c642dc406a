// The admin console in a phone-sized Chromium: a direct transfer made through the real checkout calls is
// approved from Pending Orders, then its pass is found by email and marked collected in Pass Collection.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUtr } from '../fixtures/bank-statements';
import {
  adminTabNames,
  coveredByToasts,
  launch,
  newPage,
  openAdminTab,
  outbox,
  post,
  signIn,
  uniqueEmail,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A member buys two daily passes by direct transfer and submits the transaction id: the real calls. */
async function pendingTransfer() {
  const email = uniqueEmail('transfer');
  const mobile = `97${String(Date.now()).slice(-8)}`;
  const user = await post<{ session: string }>('signUpAndLogin', {
    name: 'Sharmila Roy',
    mobile,
    email,
    password: 'transfer-pass-1',
    iid: crypto.randomUUID(),
  });
  const catalogue = await post<{ productsResponses: { DAILY_PASS: { id: number; code: string }[] } }>(
    'getUProducts',
    {},
    user.session,
  );
  const pass = catalogue.productsResponses.DAILY_PASS.find((p) => p.code === 'DPAD')!;
  await post('addToCart', { productQtys: { [pass.id]: { qty: 2, code: 'DPAD' } } }, user.session);
  const start = await post<{ orderRcptId: string }>('startOrder', { offline: true }, user.session);
  const txn = newUtr();
  await post(
    'handleOfflineOrder',
    { isOffline: true, offlineTxnId: txn, offlineBankName: 'Canara Bank', orderRcptId: start.orderRcptId },
    user.session,
  );
  return { email, mobile, rcpt: start.orderRcptId, txn };
}

const login = (page: Page, email: string, password: string) => signIn(page, email, password);

describe('admin console', () => {
  it('approves a direct transfer and marks its pass collected, on a 360 px phone', async () => {
    const order = await pendingTransfer();
    const { page, problems } = await newPage(browser, { width: 360, height: 740 });
    await login(page, 'admin@example.org', 'admin-demo-123');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Console' }).waitFor();

    await openAdminTab(page, 'Pending Orders');
    const row = page.getByRole('row').filter({ hasText: order.rcpt });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(order.txn);
    await row.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Canara Bank').waitFor();
    await dialog.getByText('Adda and Snacks Pass').waitFor();
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.getByRole('button', { name: /^Yes, approve ₹/ }).click();
    await page.getByText('You have approved the contribution successfully!').waitFor();
    await row.waitFor({ state: 'detached' });
    // the admin screen prefers the bottom for its toasts, where no control is under them (docs/decisions/160):
    // on a phone the lowest free band, so the place depends on what the screen shows; what holds is that it
    // covers nothing
    expect(await coveredByToasts(page)).toEqual([]);
    const mails = await outbox(order.email);
    expect(mails.some((m) => m.subject.includes(order.rcpt) && /confirmed/i.test(m.subject))).toBe(true);

    await openAdminTab(page, 'Pass Collection');
    await page.getByLabel('Mobile or Email').fill(order.email.slice(0, 12));
    await page.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('row').filter({ hasText: order.rcpt });
    await found.waitFor();
    await expect(found.textContent()).resolves.toContain('Sharmila Roy');
    await found.getByRole('button', { name: 'Details' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as Collected' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await found.getByText('Pass Already Collected').waitFor();

    // a new search by mobile agrees with the server
    await page.getByLabel('Mobile or Email').fill(order.mobile);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('row').filter({ hasText: order.rcpt }).getByText('Pass Already Collected').waitFor();

    // and the order is in Collected Orders with the total row
    await openAdminTab(page, 'Collected Orders');
    await page.getByRole('row').filter({ hasText: order.rcpt }).waitFor();
    await page.getByText(/Total collected:.*DPAD/).waitFor();

    // the page itself never scrolls sideways on the phone (tables scroll inside their box)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  });

  it('rejects a direct transfer with a reason that reaches the member by email', async () => {
    const order = await pendingTransfer();
    const { page, problems } = await newPage(browser);
    await login(page, 'admin@example.org', 'admin-demo-123');
    await page.goto('/admin');
    await openAdminTab(page, 'Pending Orders');
    const row = page.getByRole('row').filter({ hasText: order.rcpt });
    await row.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.getByLabel('Other', { exact: true }).check();
    await dialog.getByLabel('The reason, in your words').fill('No credit for this UTR yet');
    await dialog.getByRole('button', { name: `Reject ${order.rcpt}` }).click();
    await page.getByText('You have rejected the contribution successfully!').waitFor();
    await row.waitFor({ state: 'detached' });
    const mail = (await outbox(order.email)).find((m) => m.subject.includes(order.rcpt) && m.text.includes('Reason'));
    expect(mail?.text).toContain('No credit for this UTR yet');
    expect(problems).toEqual([]);
  });

  it('manages products with the toasts of SPEC.md and exports CSV', async () => {
    const { page, problems } = await newPage(browser);
    await login(page, 'admin@example.org', 'admin-demo-123');
    await page.goto('/admin');
    await openAdminTab(page, 'Add Product');
    await page.getByLabel('Sponsorship', { exact: true }).check();
    await page.getByLabel('Name', { exact: true }).fill('Sindoor khela');
    await page.getByLabel('Code (4 characters, unique)').fill('SSDK');
    await page.getByLabel('Price', { exact: true }).fill('9000');
    await page.getByLabel('Co-Sponsor Price').fill('3000');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('Product added successfully!').waitFor();
    // the same code twice: the server's desc
    await page.getByLabel('Name', { exact: true }).fill('Again');
    await page.getByLabel('Code (4 characters, unique)').fill('SSDK');
    await page.getByLabel('Price', { exact: true }).fill('9000');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('code SSDK is already used by another product.').waitFor();

    await openAdminTab(page, 'All Products');
    const row = page.getByRole('row').filter({ hasText: 'SSDK' });
    await row.getByRole('button', { name: 'Disable SSDK' }).click();
    await page.getByText('Product availability updated!').first().waitFor();
    await row.getByRole('button', { name: 'Enable SSDK' }).waitFor();
    await row.getByRole('button', { name: 'Disable Co-Sponsor SSDK' }).click();
    await page.getByText('Product sponsorship status updated!').waitFor();
    await row.getByRole('button', { name: 'Enable Co-Sponsor SSDK' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^products-.*\.csv$/);

    await openAdminTab(page, 'Block Sponsorship Product');
    await page.getByLabel('Sponsorship Product', { exact: true }).selectOption({ label: 'Sindoor khela (SSDK)' });
    await page.getByLabel('Blocked for (Name)').fill('Sri Tapan Mitra');
    await page.getByLabel('Blocked for (Email)').fill('tapan@example.net');
    await page.getByRole('button', { name: 'Block Product' }).click();
    await page.getByText('Product blocked for: Sri Tapan Mitra (tapan@example.net)').waitFor();

    await openAdminTab(page, 'Audit log');
    await page.getByLabel('Entity (order, product, user, setting)').fill('product');
    await page.getByRole('button', { name: 'Filter' }).click();
    // in a sentence, not the action's code (docs/decisions/164)
    await page.getByRole('row').filter({ hasText: 'Product SSDK reserved for Sri Tapan Mitra' }).first().waitFor();

    await openAdminTab(page, 'Overview');
    await page.getByRole('heading', { name: /Festival year/ }).waitFor();
    expect(problems).toEqual([]);
  });

  it('shows a volunteer only Pass Collection and sends a member to /login', async () => {
    const { page, problems } = await newPage(browser);
    await login(page, 'volunteer@example.org', 'volunteer-demo-123');
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Pass Collection' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(1);

    // a pass collected at another gate while the dialog is open: the volunteer is told by whom
    const order = await pendingTransfer();
    const admin = await post<{ session: string }>('login', { email: 'admin@example.org', password: 'admin-demo-123' });
    const pending = await post<{ orderRcptId: string; orderPkId: number; offlineUserId: number }[]>(
      'getPendingOrders',
      {},
      admin.session,
    );
    const mine = pending.find((o) => o.orderRcptId === order.rcpt)!;
    await post('approveOfflineOrder', { offlineUserId: mine.offlineUserId, orderPkId: mine.orderPkId }, admin.session);
    await page.getByLabel('Mobile or Email').fill(order.mobile);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: order.rcpt });
    await row.getByRole('button', { name: 'Details' }).click();
    await post('markCouponCollected', { orderRcptId: order.rcpt }, admin.session);
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as Collected' }).click();
    await page.getByText(/Pass already collected at .* by Demo Admin/).waitFor();
    await row.getByText('Pass Already Collected').waitFor();

    const member = await newPage(browser);
    await login(member.page, 'member@example.org', 'member-demo-123');
    await member.page.goto('/admin');
    // /admin sends a non-admin to /login, which sends a logged-in person on to /index
    await member.page.waitForURL((u) => !u.pathname.startsWith('/admin'));
    expect(await member.page.getByRole('heading', { name: 'Admin Console' }).count()).toBe(0);
    const anon = await newPage(browser);
    await anon.page.goto('/admin');
    // with the page to come back to after login (docs/decisions/103)
    await anon.page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === '/admin');
    expect([...problems, ...member.problems, ...anon.problems]).toEqual([]);
  });

  it('every tab passes axe (WCAG 2 A/AA, serious and critical) and fits a 360 px phone', async () => {
    const { page, problems } = await newPage(browser, { width: 360, height: 740 });
    await login(page, 'admin@example.org', 'admin-demo-123');
    await page.goto('/admin');
    // injected through the devtools protocol: the app's CSP rightly refuses inline scripts
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.getByLabel('Section').waitFor();
    await page.evaluate(axeSource);
    const tabs = await adminTabNames(page);
    expect(tabs).toEqual([
      'Pass Collection',
      'Pending Orders',
      'Success Orders',
      'Not Collected Orders',
      'Collected Orders',
      'Gate sales',
      'Add Product',
      'All Products',
      'Block Sponsorship Product',
      'Settings',
      'Overview',
      'Renewals',
      'Messages',
      'Audit log',
    ]);
    for (const name of tabs) {
      await openAdminTab(page, name);
      await page.waitForLoadState('networkidle');
      await page.locator('.loading').waitFor({ state: 'detached' });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: any[] }> } }).axe;
        const r = await axe.run({ runOnly: ['wcag2a', 'wcag2aa'] });
        return r.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n: { target: string[] }) => n.target.join(' ')).join(', ')}`);
      });
      expect(violations, name).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(360);
    }
    expect(problems).toEqual([]);
  });
});
