// Bank statements and deciding a transfer in the browser: the member's
// transfer form refuses an id that cannot identify a payment; the admin's Pending Orders dialog shows the amount,
// the payer's transaction id and the statement's credit next to Approve, asks before approving and needs a stock
// reason to reject; a statement imported again shows its still-open matches; a credit whose transfer was rejected
// is flagged for the treasurer. At 390 px and 1280 px, in English and Bengali.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsOf, findHeader, parseCsv } from '../../core/statement';
import { axis, newUtr, sbi, upi } from '../fixtures/bank-statements';
import { launch, newPage, openAdminTab, outbox, post, signIn, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN = { email: 'admin@example.org', password: 'admin-demo-123' };
let adminSession: string | null = null;
const admin = async () =>
  (adminSession ??= (await post<{ session: string }>('login', { ...ADMIN, iid: crypto.randomUUID() })).session);

/** A member's direct transfer through the real calls: a membership started, and its transaction id shared. */
async function transfer(name = 'Rahul Das', share = true) {
  const email = uniqueEmail('stmt');
  const password = 'statement-pass-1';
  const user = await post<{ session: string }>('signUpAndLogin', {
    name,
    mobile: `93${String(Date.now()).slice(-8)}`,
    email,
    password,
    iid: crypto.randomUUID(),
  });
  const catalogue = await post<{ productsResponses: { MEMBERSHIP: { id: number; code: string }[] } }>(
    'getProducts',
    {},
    user.session,
  );
  const plan = catalogue.productsResponses.MEMBERSHIP.find((p) => p.code === 'MABD')!;
  await post('addToCart', { productQtys: { [plan.id]: { qty: 1, code: 'MABD' } } }, user.session);
  const start = await post<{ orderRcptId: string; orderTotalInPaisa: number }>(
    'startOrder',
    { offline: true },
    user.session,
  );
  const txn = newUtr();
  if (share) {
    await post(
      'handleOfflineOrder',
      { isOffline: true, offlineTxnId: txn, offlineBankName: 'SBI', orderRcptId: start.orderRcptId },
      user.session,
    );
  }
  return {
    email,
    password,
    token: user.session,
    rcpt: start.orderRcptId,
    txn,
    rupees: (start.orderTotalInPaisa / 100).toFixed(2),
  };
}

/** Imports a statement export through the API, the credits read as the admin screen reads them. */
async function importStatement(text: string) {
  const rows = parseCsv(text);
  const credits = creditsOf(rows, findHeader(rows)!);
  return post<{ importId: number; lines: { state: string; orderRcptId: string | null }[] }>(
    'importStatement',
    { fileName: 'statement.csv', credits },
    await admin(),
  );
}

/** Nothing wider than the screen. */
const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
async function seriousViolations(page: Page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: any[] }> } }).axe;
    const r = await axe.run({ runOnly: ['wcag2a', 'wcag2aa'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n: { target: string[] }) => n.target.join(' ')).join(', ')}`);
  });
}

async function openPending(page: Page, rcpt: string) {
  await page.goto('/admin');
  await openAdminTab(page, 'Pending Orders');
  const row = page.getByRole('row').filter({ hasText: rcpt });
  await row.getByRole('button', { name: 'Details' }).click();
  return { row, dialog: page.getByRole('dialog') };
}

describe('the transfer form', () => {
  it('refuses an id that cannot identify a payment at the field, saying what to copy, in English and Bengali', async () => {
    for (const lang of ['en', 'bn-IN'] as const) {
      const t = await transfer('Anindita Sen', false);
      const { page, context, problems } = await newPage(browser);
      // the account's language follows it to the device at login (docs/decisions/120)
      if (lang === 'bn-IN') await post('setLanguage', { lang }, t.token);
      await signIn(page, t.email, t.password);
      // the profile opens a waiting transfer's details from its anchor (Retry Payment)
      await page.goto(`/profile#${t.rcpt}`);
      const dialog = page.getByRole('dialog');
      const field = dialog.getByRole('textbox').first();
      await field.fill('UPI/CR/4857');
      await dialog.locator('form.txn-form button[type="submit"]').click();
      const error = dialog.locator('.field-error');
      await error.waitFor();
      expect(await error.textContent()).toMatch(
        lang === 'en'
          ? /^This is not a bank or UPI reference\. Copy the 12-digit UPI reference/
          : /12 অঙ্কের UPI রেফারেন্স/,
      );
      expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await fits(page)).toBe(true);
      await page.screenshot({ path: `/tmp/statements-txn-refused-${lang}.png` });
      // nothing reached the server: the order still waits for its transaction id
      const mine = await post<{ orderRcptId: string; status: string }[]>('getOrders', {}, t.token);
      expect(mine.find((o) => o.orderRcptId === t.rcpt)?.status).toBe('Pending Payment');
      // a real UPI reference, typed with the app's spaces, goes through
      await field.fill(`${t.txn.slice(0, 4)} ${t.txn.slice(4, 8)} ${t.txn.slice(8)}`);
      await dialog.locator('form.txn-form button[type="submit"]').click();
      await dialog.waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('deciding a transfer', () => {
  for (const width of [390, 1280]) {
    it(`shows the amount, the transaction id and the matched credit, and asks before approving, at ${width} px`, async () => {
      const t = await transfer('Rahul Das');
      await importStatement(
        sbi([{ narration: upi.sbi(t.txn), reference: 'TRANSFER FROM 3199412044305', rupees: t.rupees }]),
      );
      const { page, context, problems } = await newPage(browser, { width, height: width > 400 ? 900 : 844 });
      await signIn(page, ADMIN.email, ADMIN.password);
      const { row, dialog } = await openPending(page, t.rcpt);
      await row.getByText('In the statement').waitFor();
      await expect(dialog.getByTestId('transfer-amount').textContent()).resolves.toBe('₹1,500.00');
      await expect(dialog.getByTestId('transfer-txn').textContent()).resolves.toBe(t.txn);
      await expect(dialog.getByTestId('transfer-credit').textContent()).resolves.toMatch(
        new RegExp(
          `^Credit of ₹1,500\\.00 on 1 Nov 2024 \\(BY TRANSFER-UPI/CR/${t.txn}/RAHUL DAS/SBIN/rahul@oksbi/Payment-\\): matches$`,
        ),
      );
      // the facts sit next to the buttons: both in view together
      const approve = dialog.getByRole('button', { name: 'Approve', exact: true });
      const facts = await dialog.locator('.transfer-check').boundingBox();
      const button = await approve.boundingBox();
      expect(button!.y - (facts!.y + facts!.height)).toBeLessThan(120);
      await approve.click();
      const yes = dialog.getByRole('button', { name: 'Yes, approve ₹1,500.00' });
      await yes.waitFor();
      await dialog.getByText(`Approve ₹1,500.00 from Rahul Das for ${t.rcpt}?`).waitFor();
      expect(await yes.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await fits(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/statements-approve-${width}.png` });
      // Back changes nothing; then approve for real
      await dialog.getByRole('button', { name: 'Back' }).click();
      await approve.click();
      await yes.click();
      await page.getByText('You have approved the contribution successfully!').waitFor();
      await row.waitFor({ state: 'detached' });
      const mails = await outbox(t.email);
      expect(mails.filter((m) => m.subject === `Contribution confirmed: ${t.rcpt}`)).toHaveLength(1);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`needs a stock reason to reject, which the member reads, at ${width} px`, async () => {
      const t = await transfer('Sutapa Ghosh');
      const { page, context, problems } = await newPage(browser, { width, height: width > 400 ? 900 : 844 });
      await signIn(page, ADMIN.email, ADMIN.password);
      const { row, dialog } = await openPending(page, t.rcpt);
      await dialog
        .getByTestId('transfer-credit')
        .getByText(/^No credit with this transaction id/)
        .waitFor();
      await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
      const confirm = dialog.getByRole('button', { name: `Reject ${t.rcpt}` });
      await confirm.click();
      await dialog.getByRole('alert').getByText('Choose a reason.').waitFor();
      // Other needs its words
      await dialog.getByLabel('Other', { exact: true }).check();
      await confirm.click();
      await dialog.getByText('Write the reason the contributor will read.').waitFor();
      expect(await dialog.getByLabel('The reason, in your words').evaluate((el) => el === document.activeElement)).toBe(
        true,
      );
      await dialog.getByLabel('Amount received differs').check();
      expect(await fits(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/statements-reject-${width}.png` });
      await confirm.click();
      await page.getByText('You have rejected the contribution successfully!').waitFor();
      await row.waitFor({ state: 'detached' });
      const mail = (await outbox(t.email)).find((m) => m.subject === `Contribution not verified: ${t.rcpt}`);
      expect(mail?.text).toContain('Reason: The amount we received differs from the amount of this contribution.');
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('reads in Bengali: the facts, the question and the stock reasons', async () => {
    // a fresh admin: signing in in Bengali keeps Bengali on the account (docs/decisions/120)
    const email = uniqueEmail('bnadmin');
    const password = 'bn-admin-pass-1';
    await post('signUpAndLogin', { name: 'Bengali admin', mobile: '9845011111', email, password });
    await post('setUserRole', { email, role: 'admin', granted: true }, await admin());
    const t = await transfer('Ruma Pal');
    await importStatement(axis([{ narration: upi.axis(t.txn), rupees: '100.00' }]));
    const { page, context, problems } = await newPage(browser);
    await signIn(page, email, password);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: /Switch to Bengali/ }).click();
    await page.getByRole('button', { name: 'মেনু' }).waitFor();
    await page.goto('/admin');
    await openAdminTab(page, 'অপেক্ষমাণ অর্ডার');
    const row = page.getByRole('row').filter({ hasText: t.rcpt });
    await row.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByTestId('transfer-credit')
      .getByText(/অঙ্কটি ₹1,500\.00-এর থেকে আলাদা/)
      .waitFor();
    await dialog.getByRole('button', { name: 'অনুমোদন', exact: true }).click();
    await dialog.getByText(`${t.rcpt}-এর জন্য Ruma Pal-এর ₹1,500.00 অনুমোদন করবেন?`).waitFor();
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: '/tmp/statements-approve-bn-390.png' });
    await dialog.getByRole('button', { name: 'ফিরে যান' }).click();
    await dialog.getByRole('button', { name: 'বাতিল', exact: true }).click();
    await dialog.getByLabel('প্রাপ্ত অঙ্ক আলাদা').waitFor();
    await dialog.getByLabel('এই ট্রানজ্যাকশন আইডিতে কোনো পেমেন্ট পাওয়া যায়নি').check();
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: '/tmp/statements-reject-bn-390.png' });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('statements in the admin console', () => {
  it('remember: importing the file again shows its open matches; a rejected transfer flags its credit', async () => {
    const a = await transfer('Rahul Das');
    const b = await transfer('Anindita Sen');
    const other = newUtr();
    const file = sbi([
      { narration: upi.sbi(a.txn), reference: 'TRANSFER FROM 3199412044305', rupees: a.rupees },
      { narration: upi.sbi(b.txn, 'ANINDITA SEN'), reference: 'TRANSFER FROM 3199412099999', rupees: b.rupees },
      { narration: upi.sbi(other, 'SOMEONE ELSE'), reference: 'TRANSFER FROM 3199412000001', rupees: a.rupees },
    ]);
    const { page, context, problems } = await newPage(browser);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin');
    await openAdminTab(page, 'Pending Orders');
    const upload = async () => {
      const matcher = page.locator('details.statement-matcher');
      if (!(await matcher.evaluate((d) => (d as HTMLDetailsElement).open))) {
        await page.getByText('Match a bank statement').click();
      }
      await page
        .getByLabel('Bank statement (CSV)')
        .setInputFiles({ name: 'nov.xls', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from(file) });
    };
    await upload();
    await page
      .getByText(/3 credits read: 2 matched, 0 need a person, 0 amount mismatches, 1 unmatched, 0 already/)
      .waitFor();

    // the same file again: nothing new, but both matches are still open and approvable from here
    await upload();
    await page.getByText(/3 credits read: 2 matched, .* 3 already imported before/).waitFor();
    expect(await page.locator('.statement-lines li.credit-matched').getByText('imported before').count()).toBe(2);
    await page.screenshot({ path: '/tmp/statements-reimport-390.png', fullPage: true });
    expect(await fits(page)).toBe(true);

    // a matched transfer rejected by hand: its credit is money received for no contribution, flagged
    const pendingRow = page.getByRole('row').filter({ hasText: b.rcpt });
    await pendingRow.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.getByLabel('Duplicate of another contribution').check();
    await dialog.getByRole('button', { name: `Reject ${b.rcpt}` }).click();
    await page.getByText('You have rejected the contribution successfully!').waitFor();
    const flagged = page.locator('.statement-flagged');
    await flagged.getByText(`${b.rcpt} was rejected`).waitFor();
    await flagged.getByRole('heading', { name: /^Money received, no contribution \(\d+\)$/ }).waitFor();
    await page.screenshot({ path: '/tmp/statements-flagged-390.png', fullPage: true });
    expect(await fits(page)).toBe(true);

    // approve all: only the exact, still-open match
    await page.getByRole('button', { name: /^Approve all matched \(\d\)$/ }).click();
    await page.getByText('Approved 1 contributions.').waitFor();
    expect((await outbox(a.email)).filter((m) => m.subject === `Contribution confirmed: ${a.rcpt}`)).toHaveLength(1);
    expect((await outbox(b.email)).some((m) => /confirmed/i.test(m.subject))).toBe(false);

    // the treasurer deals with the flagged credit
    await flagged
      .locator('li')
      .filter({ hasText: `${b.rcpt} was rejected` })
      .getByRole('button', { name: 'Dealt with' })
      .click();
    await page.getByText('Marked as dealt with.').waitFor();
    await page.getByText(`${b.rcpt} was rejected`).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
