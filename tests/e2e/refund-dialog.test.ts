// The refund dialog makes money hard to send back by mistake (docs/decisions/145):
// it starts with nothing chosen, shows a line that cannot be refunded disabled with the reason in place (refunded
// already, refund pending, carried over, passes collected), asks "Refund ₹X to <method>?" before anything is sent,
// after a partial refund offers only what is left, and offers retry or a record by hand for a refund that failed.
// On a 390 px phone and a 1280 px laptop, axe-clean with the dialog open; screenshots in /tmp (refund-dialog-*.png),
// English and Bengali.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleBn } from '../../core/messages/areas/console.bn';
import {
  api,
  expectAccessible,
  launch,
  newPage,
  openAdminTab,
  payCartByTransfer,
  payCartOnline,
  post,
  signIn,
  uniqueEmail,
} from './browser';

let browser: Browser;
let admin: string;
beforeAll(async () => {
  browser = await launch();
  admin = (await post<{ session: string }>('login', { email: 'admin@example.org', password: 'admin-demo-123' }))
    .session;
});
afterAll(async () => {
  // the switch is kept on the admin's account too: whatever happened, the demo admin reads English again
  await post('setLanguage', { lang: 'en' }, admin);
  await browser?.close();
});

const mode = (m: 'process' | 'fail' | 'hold') => post('/dev/razorpay/refund-mode', { mode: m });

async function productIds() {
  const lists = await Promise.all(
    ['getProducts', 'getUProducts'].map(async (path) =>
      Object.values(
        (await post<{ productsResponses: Record<string, { id: number; code: string }[]> }>(path, {}, admin))
          .productsResponses,
      ).flat(),
    ),
  );
  return new Map(lists.flat().map((p) => [p.code, p.id]));
}

/** A fresh full-sponsorship item (each order sponsors its own). */
async function newItem(): Promise<string> {
  for (;;) {
    const code = `L${crypto
      .randomUUID()
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 3)
      .toUpperCase()
      .padEnd(3, 'K')}`;
    const r = await api(
      'addProduct',
      { code, name: `Lamp ${code}`, price: 2500, coSponsorPrice: 500, sponsorship: true },
      admin,
    );
    if (r.status === 200) return code;
  }
}

type Line = { code: string; qty: number; fullSponsor?: boolean };

/** A member's paid order of `lines`: online through the test gateway, or a direct transfer approved by the admin. */
async function paid(lines: Line[], how: 'online' | 'transfer') {
  const email = uniqueEmail('refund-dialog');
  const u = await post<{ session: string }>('signUpAndLogin', {
    name: 'Mitali Basu',
    mobile: `93${String(Date.now()).slice(-8)}`,
    email,
    password: 'refund-dialog-1',
  });
  const ids = await productIds();
  const productQtys = Object.fromEntries(
    lines.map((l) => [ids.get(l.code)!, { qty: l.qty, code: l.code, ...(l.fullSponsor ? { fullSponsor: true } : {}) }]),
  );
  await post('addToCart', { productQtys }, u.session);
  const { orderPkId, rcpt } = how === 'online' ? await payCartOnline(u.session) : await payCartByTransfer(u.session);
  const refunds = await post<{ lines: { lineId: number; code: string }[] }>('getOrderRefunds', { orderPkId }, admin);
  const lineOf = (code: string) => refunds.lines.find((l) => l.code === code)!.lineId;
  return { email, token: u.session, orderPkId, orderRcptId: rcpt, lineOf };
}

type RefundState = { refunds: { refundId: number; status: string }[] };
const refundsOf = (orderPkId: number) => post<RefundState>('getOrderRefunds', { orderPkId }, admin);
async function until(orderPkId: number, status: string) {
  await expect.poll(async () => (await refundsOf(orderPkId)).refunds.at(-1)?.status, { timeout: 10_000 }).toBe(status);
}

/**
 * Opens the order's refund dialog as an admin does: from Pass Collection (found by email), or from Success Orders
 * for an order whose pass is collected (Pass Collection offers no details for it); `bn` for the Bengali screens.
 */
async function openDialog(
  page: Page,
  email: string,
  rcpt: string,
  opts: { bn?: boolean; via?: 'collection' | 'success' } = {},
) {
  const w = (key: keyof typeof consoleBn, en: string) => (opts.bn ? consoleBn[key] : en);
  await page.goto('/admin');
  if (opts.via === 'success') {
    await openAdminTab(page, w('admin.tab.success', 'Success Orders'));
  } else {
    await openAdminTab(page, w('admin.tab.collection', 'Pass Collection'));
    await page.getByLabel(w('admin.search.label', 'Mobile or Email')).fill(email);
    await page.getByRole('button', { name: w('admin.search.button', 'Search'), exact: true }).click();
  }
  await page
    .getByRole('row')
    .filter({ hasText: rcpt })
    .getByRole('button', { name: w('admin.details', 'Details') })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: w('refund.button', 'Cancel / refund') })
    .click();
  const title = opts.bn ? consoleBn['refund.title'].replace('{rcpt}', rcpt) : `Cancel and refund ${rcpt}`;
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

const units = (dialog: Locator, name: RegExp) => dialog.getByLabel(name);
const reasonOf = async (dialog: Locator, input: Locator) => {
  const id = await input.getAttribute('aria-describedby');
  return id ? dialog.locator(`[id="${id}"]`).textContent() : null;
};
/** The nav's language switch, as a person uses it (behind the Menu button on a phone). */
async function switchLanguage(page: Page, name: RegExp) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const phone = await page.evaluate(() => window.innerWidth < 800);
  if (phone) await page.getByRole('button', { name: /^(Menu|মেনু)$/ }).click();
  await page.getByRole('button', { name }).click();
  await page.waitForFunction(
    (lang) => document.documentElement.lang === lang,
    name.source.includes('Bengali') ? 'bn-IN' : 'en',
  );
}

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each([390, 1280])('the refund dialog at %i px', (width) => {
  const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/refund-dialog-${name}-${width}.png` });

  it('starts with nothing chosen, and shows each line that cannot be refunded with the reason in place', async () => {
    await mode('process');
    // an order whose sponsorship is refunded, one membership being refunded and the other's pass collected
    const item = await newItem();
    const o = await paid(
      [
        { code: 'MABD', qty: 1 },
        { code: 'MHHR', qty: 1 },
        { code: item, qty: 1, fullSponsor: true },
      ],
      'online',
    );
    await post(
      'refundOrder',
      { orderPkId: o.orderPkId, lines: [{ lineId: o.lineOf(item) }], reason: 'Item', requestKey: crypto.randomUUID() },
      admin,
    );
    await until(o.orderPkId, 'processed');
    await mode('hold');
    await post(
      'refundOrder',
      {
        orderPkId: o.orderPkId,
        lines: [{ lineId: o.lineOf('MHHR') }],
        reason: 'Plan',
        requestKey: crypto.randomUUID(),
      },
      admin,
    );
    const volunteer = (
      await post<{ session: string }>('login', { email: 'volunteer@example.org', password: 'volunteer-demo-123' })
    ).session;
    await post('markCouponCollected', { orderRcptId: o.orderRcptId }, volunteer);
    await mode('process');
    // and an order carried over to next year
    const c = await paid([{ code: 'MABD', qty: 1 }], 'online');
    await post(
      'carryOverOrder',
      { orderPkId: c.orderPkId, reason: 'Called off', requestKey: crypto.randomUUID() },
      admin,
    );

    const { page, problems } = await newPage(browser, { width, height: 900 });
    await signIn(page, 'admin@example.org', 'admin-demo-123');
    const dialog = await openDialog(page, o.email, o.orderRcptId, { via: 'success' });
    const expectReason = async (name: RegExp, why: string) => {
      const input = units(dialog, name);
      expect(await input.isDisabled(), String(name)).toBe(true);
      expect(await reasonOf(dialog, input)).toBe(why);
    };
    await expectReason(/^Units of AASHIRBAD/, 'Passes collected at the venue: cannot be refunded');
    await expectReason(/^Units of HOI HULLOR/, 'Refund pending at the payment gateway');
    await expectReason(new RegExp(`^Units of Lamp ${item}`), 'Refunded already');
    await dialog.getByText(/A refund is pending at the payment gateway/).waitFor();
    await dialog.getByText('Nothing is left to refund on this contribution.').waitFor();
    await dialog
      .getByText(/refund pending/)
      .first()
      .waitFor();
    await shot(page, 'reasons');
    expect(await fits(page)).toBe(true);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Close' }).last().click();

    const carried = await openDialog(page, c.email, c.orderRcptId);
    const membership = carried.getByLabel(/^Units of AASHIRBAD/);
    expect(await reasonOf(carried, membership)).toBe('Carried over to the next festival year');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('asks "Refund ₹X to <method>?" before sending; after a part, offers only the rest', async () => {
    const o = await paid([{ code: 'DPAD', qty: 3 }], 'transfer');
    const { page, problems } = await newPage(browser, { width, height: 900 });
    await signIn(page, 'admin@example.org', 'admin-demo-123');
    const dialog = await openDialog(page, o.email, o.orderRcptId);
    // nothing chosen at first: every unit at 0, the amount ₹0.00, the refund button not yet usable
    const first = dialog.getByLabel(/^Units of Adda and Snacks Pass to refund \(of 3\)/);
    expect(await first.inputValue()).toBe('0');
    await dialog.getByTestId('refund-amount').getByText('Refund amount: ₹0.00').waitFor();
    expect(await dialog.getByRole('button', { name: /^Refund ₹/ }).isDisabled()).toBe(true);
    await shot(page, 'initial');
    expect(await fits(page)).toBe(true);
    await expectAccessible(page);
    await first.fill('1');
    await dialog.getByLabel("Reason (goes into the member's email)").fill('One guest less');
    await dialog.getByLabel('Bank/UPI reference of the money sent back').fill(`NEFT ${Date.now()}`);
    const amount = (await dialog.getByTestId('refund-amount').textContent())!.replace('Refund amount: ', '');
    await dialog.getByRole('button', { name: `Refund ${amount}` }).click();
    // nothing is sent yet: the question, with the amount and where the money goes
    await dialog.getByText(`Refund ${amount} to the payer's bank account (your transfer)?`).waitFor();
    expect((await refundsOf(o.orderPkId)).refunds).toHaveLength(0);
    await shot(page, 'confirm');
    expect(await fits(page)).toBe(true);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await dialog.getByRole('button', { name: `Refund ${amount}` }).click();
    await dialog.getByRole('button', { name: 'Yes, refund' }).click();
    await page.getByText(/^Refund of ₹.* recorded \(reference NEFT/).waitFor();
    expect((await refundsOf(o.orderPkId)).refunds).toHaveLength(1);

    // only the 2 left are offered, nothing chosen again
    const rest = dialog.getByLabel(/^Units of .*\(of 2\)/);
    expect(await rest.inputValue()).toBe('0');
    await rest.fill('3');
    expect(await rest.inputValue()).toBe('2');
    await dialog.getByLabel("Reason (goes into the member's email)").fill('Nobody can come');
    await dialog.getByLabel('Bank/UPI reference of the money sent back').fill(`NEFT ${Date.now()}B`);
    await dialog.getByRole('button', { name: /^Refund ₹/ }).click();
    await dialog.getByRole('button', { name: 'Yes, refund' }).click();
    await dialog.getByText('Nothing is left to refund on this contribution.').waitFor();
    await shot(page, 'rest');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a refund that failed: the dialog says so and records it as paid back by hand; in Bengali too', async () => {
    await mode('fail');
    const o = await paid([{ code: 'MHHR', qty: 1 }], 'online');
    await post(
      'refundOrder',
      { orderPkId: o.orderPkId, all: true, reason: 'Cannot attend', requestKey: crypto.randomUUID() },
      admin,
    );
    await until(o.orderPkId, 'failed');
    await mode('process');
    const { page, problems } = await newPage(browser, { width, height: 900 });
    await signIn(page, 'admin@example.org', 'admin-demo-123');

    // the Bengali console first: the failure and its two ways out, in the reader's language
    await switchLanguage(page, /Switch to Bengali/);
    const bn = await openDialog(page, o.email, o.orderRcptId, { bn: true });
    await bn.getByRole('button', { name: consoleBn['refund.retry'] }).waitFor();
    await bn.getByRole('button', { name: consoleBn['refund.manual'] }).waitFor();
    await page.screenshot({ path: `/tmp/refund-dialog-failed-bn-${width}.png` });
    expect(await fits(page)).toBe(true);
    await expectAccessible(page);
    await page.goto('/admin');
    await switchLanguage(page, /Switch to English/);

    const dialog = await openDialog(page, o.email, o.orderRcptId);
    await dialog.getByText(/failed at the payment gateway: the money has not gone back/).waitFor();
    await dialog.getByRole('button', { name: 'Record as paid back by hand' }).click();
    await dialog
      .getByLabel('Reference of the money paid back (bank/UPI or cash receipt)')
      .fill(`CASH ${width}${Date.now()}`);
    await shot(page, 'failed');
    expect(await fits(page)).toBe(true);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Record refund' }).click();
    await page.getByText(/^Refund of ₹.* recorded \(reference CASH/).waitFor();
    await dialog.getByText(/replaced by refund #\d+/).waitFor();
    expect((await refundsOf(o.orderPkId)).refunds.map((r) => r.status)).toEqual(['failed', 'processed']);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
