// Receipts in the browser: the receipt page from the profile on a 390 px phone and at A4 print size, in
// English and in Bengali (the browser's own shaping of conjuncts: screenshots /tmp/receipt-*.png for a person to
// look at), billing details added on the receipt with the problem said at its field, and the admin's order dialog
// (open, re-send) and Overview (totals by mode, register export).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUtr } from '../fixtures/bank-statements';
import {
  launch,
  memberWithCart as member,
  newPage,
  openAdminTab,
  outbox,
  payCartByTransfer,
  payCartOnline,
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

const A4 = { width: 794, height: 1123 }; // 210 x 297 mm at 96 dpi

const memberWithCart = (tag: string) =>
  member(tag, {
    name: 'Sharmistha Bandyopadhyay',
    mobilePrefix: '95',
    password: 'receipt-pass-1',
    kind: 'MEMBERSHIP',
    code: 'MUTV',
    qty: 3,
  });

async function paidOnline(tag: string, billing: object = {}) {
  const m = await memberWithCart(tag);
  return { ...m, ...(await payCartOnline(m.token, billing)) };
}

async function paidTransfer(tag: string) {
  const m = await memberWithCart(tag);
  return { ...m, ...(await payCartByTransfer(m.token)) };
}

/** Nothing wider than the screen: the elements past the right edge, none when it fits. */
function tooWide(page: Page) {
  return page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= w) return [];
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > w + 1)
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  });
}

/** The receipt at A4 size as the browser prints it: no bar, no buttons, the sheet within the page's width. */
async function printView(page: Page, shot: string) {
  await page.setViewportSize(A4);
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => document.fonts.ready);
  expect(await page.locator('header.nav').isVisible()).toBe(false);
  expect(await page.locator('.receipt-tools').isVisible()).toBe(false);
  expect(await page.locator('.receipt-billing').isVisible()).toBe(false);
  expect(await page.getByTestId('receipt').isVisible()).toBe(true);
  expect(await tooWide(page)).toEqual([]);
  await page.screenshot({ path: shot, fullPage: true });
  // and as a PDF, the way "Save as PDF" makes it: one A4 page
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  expect(pages).toBe(1);
  await page.emulateMedia({ media: 'screen' });
}

describe('the receipt page', () => {
  it('English on a phone: from the profile, billing details at their field, then A4 print', async () => {
    const m = await paidOnline('receipt-en');
    const { context, page, problems } = await newPage(browser);
    await signIn(page, m.email, m.password);
    await page.goto('/profile');
    const row = page.getByTestId(`order-${m.rcpt}`);
    await row.getByRole('link', { name: 'Receipt' }).click();
    await page.getByRole('heading', { level: 1, name: 'Receipt' }).waitFor();
    const number = (await page.getByTestId('receipt-number').textContent())!;
    expect(number).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
    await page.getByText('Online (card/UPI through Razorpay)').waitFor();
    await page.getByText(m.paymentId).waitFor();
    await page.getByText('Sharmistha Bandyopadhyay').first().waitFor();
    expect(await tooWide(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/receipt-en-390.png', fullPage: true });

    // billing details: a mistyped GSTIN is said under the GSTIN field
    await page.getByRole('button', { name: 'Add or change billing details' }).click();
    await page.getByLabel('Billing name').fill('Bandyopadhyay Textiles LLP');
    await page.getByLabel('PAN', { exact: true }).fill('AAPFU0939F');
    await page.getByLabel('GSTIN', { exact: true }).fill('27AAPFU0939F1ZW');
    await page.getByRole('button', { name: 'Save billing details' }).click();
    const gstinField = page.locator('.field', { has: page.getByLabel('GSTIN', { exact: true }) });
    await gstinField
      .getByRole('alert')
      .filter({ hasText: /check character/ })
      .waitFor();
    expect(await tooWide(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/receipt-en-390-field-error.png' });
    await page.getByLabel('GSTIN', { exact: true }).fill('27aapfu0939f1zv');
    await page.getByRole('button', { name: 'Save billing details' }).click();
    await page.getByText('Billing details saved on your receipt.').waitFor();
    await page.getByText('Bandyopadhyay Textiles LLP').waitFor();
    await page.getByText('27AAPFU0939F1ZV').waitFor();
    await page.getByText('Paid by Sharmistha Bandyopadhyay').waitFor();

    await printView(page, '/tmp/receipt-en-a4.png');
    // the confirmation email links the same page
    const mail = (await outbox(m.email)).find((x) => x.subject.startsWith('Contribution confirmed'))!;
    expect(mail.text).toContain(`Your receipt number is ${number}.`);
    expect(mail.text).toContain(`/receipt/${m.rcpt}`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Bengali on a phone and at A4: shaped by the browser, nothing off screen', async () => {
    const m = await paidTransfer('receipt-bn');
    // a member reading in Bengali: the account's language follows to the device at sign-in
    await post('setLanguage', { lang: 'bn-IN' }, m.token);
    const { context, page, problems } = await newPage(browser);
    await signIn(page, m.email, m.password);
    await page.goto(`/receipt/${m.rcpt}`);
    await page.locator('h1').first().waitFor();
    await page.screenshot({ path: '/tmp/receipt-bn-first.png' });
    await page.getByRole('heading', { level: 1, name: 'রসিদ' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn-IN');
    await page.getByText('সরাসরি ব্যাঙ্ক/UPI ট্রান্সফার').waitFor();
    await page.getByText(m.txn).waitFor();
    await page.getByText('সধন্যবাদ গৃহীত হল').waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await tooWide(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/receipt-bn-390.png', fullPage: true });
    await printView(page, '/tmp/receipt-bn-a4.png');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('someone else cannot open it; the page says so', async () => {
    const m = await paidOnline('receipt-other');
    const other = await memberWithCart('receipt-stranger');
    const { context, page, problems } = await newPage(browser);
    await signIn(page, other.email, other.password);
    await page.goto(`/receipt/${m.rcpt}`);
    await page.getByRole('alert').filter({ hasText: 'No such contribution for your account.' }).waitFor();
    expect(await page.getByTestId('receipt').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a walk-in's receipt (docs/decisions/280)", () => {
  it('opens from the link in the gate email without an account, on a phone; a wrong key says so', async () => {
    const volunteer = await post<{ session: string }>('login', {
      email: 'volunteer@example.org',
      password: 'volunteer-demo-123',
      iid: crypto.randomUUID(),
    });
    const { products } = await post<{ products: { productId: number; code: string }[] }>(
      'getGateProducts',
      {},
      volunteer.session,
    );
    const email = uniqueEmail('walk-in-receipt');
    const sale = await post<{ orderRcptId: string }>(
      'recordGateSale',
      {
        nonce: `sale-${crypto.randomUUID()}`,
        buyerName: 'Ananya Ghosh',
        buyerMobile: '98300 12345',
        buyerEmail: email,
        lines: [{ productId: products[0]!.productId, qty: 1 }],
        mode: 'cash',
        happenedAt: Date.now(),
        deviceId: 'gate-phone',
      },
      volunteer.session,
    );
    const mail = (await outbox(email)).find((m) => m.text.includes('/receipt/'))!;
    const link = new URL(/https?:\/\/\S+\/receipt\/\S+/.exec(mail.text)![0]);
    expect(link.pathname).toBe(`/receipt/${sale.orderRcptId}`);

    const { context, page, problems } = await newPage(browser, { width: 390 });
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByTestId('receipt').waitFor();
    expect(page.url()).toContain('/receipt/'); // not sent to /login
    await expect(page.getByText('Ananya Ghosh').count()).resolves.toBeGreaterThan(0);
    await page.getByText('Cash, at the festival gate').waitFor();
    // nothing to add: a walk-in's billing details are the committee's to correct; the way back is the home page
    expect(await page.locator('.receipt-billing').count()).toBe(0);
    await page.getByRole('link', { name: 'Go to the home page' }).waitFor();
    expect(await tooWide(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/receipt-walk-in-390.png', fullPage: true });

    // the same receipt with its key changed: refused, and said so on the page
    const key = link.searchParams.get('key')!;
    await page.goto(`${link.pathname}?key=${key.endsWith('A') ? `${key.slice(0, -1)}B` : `${key.slice(0, -1)}A`}`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'This receipt link is not valid. Ask the committee to send the receipt again.' })
      .waitFor();
    expect(await page.getByTestId('receipt').count()).toBe(0);
    // without a key the page wants a session, as before
    await page.goto(link.pathname);
    await page.waitForURL('**/login**');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('billing details at checkout', () => {
  it('are optional, checked at their field, and reach the receipt', async () => {
    const m = await memberWithCart('receipt-checkout');
    const { context, page, problems } = await newPage(browser);
    await signIn(page, m.email, m.password);
    await page.goto('/summary');
    await page.getByLabel('* Door no, Building/Society name').fill('7 Rose Apartments');
    await page.getByLabel('* City').fill('Bengaluru');
    await page.getByLabel('* State').fill('Karnataka');
    await page.getByLabel('* Pin').fill('560034');
    await page.getByText('Billing details for the receipt (optional)').click();
    await page.getByLabel('Billing name').fill('Rose Apartments Welfare Society');
    await page.getByLabel('PAN', { exact: true }).fill('AAGCB7383J');
    await page.getByLabel('GSTIN', { exact: true }).fill('29AAGCB7383J1Z5');
    await page.getByRole('button', { name: /^Direct Transfer/ }).click();
    const gstin = page.locator('.field', { has: page.getByLabel('GSTIN', { exact: true }) });
    await gstin
      .getByRole('alert')
      .filter({ hasText: /check character/ })
      .waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await tooWide(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/receipt-checkout-390.png' });
    await page.getByLabel('GSTIN', { exact: true }).fill('29AAGCB7383J1Z4');
    await page.getByRole('button', { name: /^Direct Transfer/ }).click();
    await page.getByRole('dialog', { name: 'Pay and Share details' }).waitFor();
    // paid and approved: the receipt carries them
    const orders = await post<{ orderRcptId: string; orderPkId: number; offlineUserId: number }[]>(
      'getOrders',
      {},
      m.token,
    );
    const order = orders[0]!;
    await post(
      'handleOfflineOrder',
      { isOffline: true, offlineTxnId: newUtr(), offlineBankName: 'SBI', orderRcptId: order.orderRcptId },
      m.token,
    );
    const admin = await post<{ session: string }>('login', { email: 'admin@example.org', password: 'admin-demo-123' });
    await post(
      'approveOfflineOrder',
      { offlineUserId: order.offlineUserId, orderPkId: order.orderPkId },
      admin.session,
    );
    const receipt = await post('getReceipt', { orderRcptId: order.orderRcptId }, m.token);
    expect(receipt).toMatchObject({
      billingName: 'Rose Apartments Welfare Society',
      pan: 'AAGCB7383J',
      gstin: '29AAGCB7383J1Z4',
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the admin console', () => {
  it("opens and re-sends a receipt from the order dialog; the Overview's totals and the register", async () => {
    const m = await paidOnline('receipt-admin');
    const { context, page, problems } = await newPage(browser);
    await signIn(page, 'admin@example.org', 'admin-demo-123');
    await page.goto('/admin');
    await openAdminTab(page, 'Pass Collection');
    await page.getByLabel('Mobile or Email').fill(m.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('row').filter({ hasText: m.rcpt }).getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('link', { name: 'Open receipt' }).getAttribute('href')).toBe(`/receipt/${m.rcpt}`);
    await dialog.getByRole('button', { name: 'Re-send receipt' }).click();
    await page.getByText(`The receipt was sent again to ${m.email}.`).waitFor();
    expect((await outbox(m.email)).some((x) => x.subject.startsWith('Your receipt '))).toBe(true);
    expect(await tooWide(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/receipt-admin-dialog-390.png' });
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();

    await openAdminTab(page, 'Overview');
    const totals = page.getByTestId('receipt-totals');
    await totals.waitFor();
    await totals.getByText('Online').first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export receipt register (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^receipt-register-\d{4}-\d{2}-.*\.csv$/);
    expect(await tooWide(page)).toEqual([]);
    await totals.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/receipt-admin-overview-390.png' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
