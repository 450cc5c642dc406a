// Refunds in the browser: an admin refunds an online order (through the test gateway's Refunds API
// and its webhooks) and a direct transfer (with the reference of the money sent back) from the order's
// details dialog; the venue phone then refuses the refunded pass, and the member sees the refund.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launch,
  memberWithCart,
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

/** A member with two daily passes in the cart (the real calls). */
const memberWithPasses = (tag: string) =>
  memberWithCart(tag, {
    name: 'Anindita Sen',
    mobilePrefix: '96',
    password: 'refund-pass-1',
    kind: 'DAILY_PASS',
    code: 'DPAD',
    qty: 2,
  });

async function paidOnline() {
  const m = await memberWithPasses('refund-online');
  return { ...m, rcpt: (await payCartOnline(m.token)).rcpt };
}

async function paidTransfer() {
  const m = await memberWithPasses('refund-transfer');
  return { ...m, rcpt: (await payCartByTransfer(m.token)).rcpt };
}

async function openRefundDialog(page: import('playwright-core').Page, email: string, rcpt: string) {
  await signIn(page, 'admin@example.org', 'admin-demo-123');
  await page.goto('/admin');
  await openAdminTab(page, 'Pass Collection');
  await page.getByLabel('Mobile or Email').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: rcpt });
  await row.getByRole('button', { name: 'Details' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel / refund' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel and refund ${rcpt}` });
  await dialog.waitFor();
  return dialog;
}

describe('refunds from the admin console', () => {
  it('refunds an online order through the gateway; the venue then refuses the pass as Refunded', async () => {
    const order = await paidOnline();
    const { page, problems } = await newPage(browser);
    const dialog = await openRefundDialog(page, order.email, order.rcpt);
    // both passes chosen; the amount is their price, without the online convenience charge
    await dialog.getByLabel(/Units of .* to refund \(of 2\)/).fill('2');
    await dialog.getByTestId('refund-amount').getByText('Refund amount: ₹').waitFor();
    await dialog.getByText(/convenience charge .* is not refunded/).waitFor();
    await dialog.getByLabel("Reason (goes into the member's email)").fill('The member cannot attend this year');
    await page.screenshot({ path: '/tmp/refund-dialog-online.png' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: /^Refund ₹/ }).click();
    await dialog.getByRole('button', { name: 'Yes, refund' }).click();
    await page.getByText(/^Refund of ₹.* started/).waitFor();
    // the gateway's refund.processed webhook settles it
    await expect
      .poll(async () => (await outbox(order.email)).map((m) => m.subject).join('|'), { timeout: 10_000 })
      .toMatch(/Refund done/);
    const started = (await outbox(order.email)).find((m) => m.subject.startsWith('Refund started'));
    expect(started?.text).toContain('The member cannot attend this year');
    expect(problems).toEqual([]);

    // the venue phone: the pass is refused as Refunded, with no button to collect it
    const venue = await newPage(browser);
    await signIn(venue.page, 'volunteer@example.org', 'volunteer-demo-123');
    await venue.page.goto('/venue');
    await venue.page.getByLabel('Name, mobile or contribution id').fill(order.email);
    await venue.page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = venue.page.getByRole('article', { name: order.rcpt });
    await card.getByText('REFUNDED', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Mark as Collected' }).count()).toBe(0);
    await venue.page.screenshot({ path: '/tmp/refund-venue.png' });
    expect(venue.problems).toEqual([]);
  });

  it('records the refund of a direct transfer with its reference; the member sees it', async () => {
    const order = await paidTransfer();
    const { page, problems } = await newPage(browser);
    const dialog = await openRefundDialog(page, order.email, order.rcpt);
    // one of the two passes
    await dialog.getByLabel(/Units of .* to refund \(of 2\)/).fill('1');
    await dialog.getByLabel("Reason (goes into the member's email)").fill('One guest less');
    await dialog.getByLabel('Bank/UPI reference of the money sent back').fill(`NEFT ${Date.now()}`);
    await dialog.getByRole('button', { name: /^Refund ₹/ }).click();
    await dialog.getByRole('button', { name: 'Yes, refund' }).click();
    await page.getByText(/^Refund of ₹.* recorded \(reference NEFT/).waitFor();
    expect(problems).toEqual([]);

    // the member's contributions show the partial refund with its amount and date
    const member = await newPage(browser);
    await signIn(member.page, order.email, order.password);
    await member.page.goto('/profile');
    const row = member.page.getByTestId(`order-${order.rcpt}`);
    await row.getByText('Partially Refunded').waitFor();
    await row.getByText(/^Refunded ₹.* on /).waitFor();
    // the pass now gives the one unit left
    await member.page.getByText(/ × 1$/).first().waitFor();
    await member.page.screenshot({ path: '/tmp/refund-member.png' });
    expect(member.problems).toEqual([]);
  });

  it('carries a membership over to the next festival year from the same dialog', async () => {
    const email = uniqueEmail('carry');
    const user = await post<{ session: string }>('signUpAndLogin', {
      name: 'Sutapa Ghosh',
      mobile: `95${String(Date.now()).slice(-8)}`,
      email,
      password: 'carry-pass-1',
      iid: crypto.randomUUID(),
    });
    const catalogue = await post<{ productsResponses: { MEMBERSHIP: { id: number; code: string }[] } }>(
      'getProducts',
      {},
      user.session,
    );
    const plan = catalogue.productsResponses.MEMBERSHIP.find((p) => p.code === 'MABD')!;
    await post('addToCart', { productQtys: { [plan.id]: { qty: 1, code: 'MABD' } } }, user.session);
    const { rcpt } = await payCartOnline(user.session);
    const { page, problems } = await newPage(browser);
    const dialog = await openRefundDialog(page, email, rcpt);
    await dialog.getByLabel("Reason (goes into the member's email)").fill('Festival called off');
    await page.screenshot({ path: '/tmp/refund-dialog-carry.png' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: /^Carry over to \d{4}-\d{2}$/ }).click();
    await page.getByText(/is carried over to the next festival year as SMT/).waitFor();
    expect((await outbox(email)).some((m) => m.subject.startsWith('Contribution carried over'))).toBe(true);
    expect(problems).toEqual([]);
  });
});
