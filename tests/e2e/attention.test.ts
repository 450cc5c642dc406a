// A payment captured after its order was given up, whose item went to someone else meanwhile, is shown to
// the admin in Pending Orders until it is marked handled, on a 390 px phone.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowServerError, launch, newPage, openAdminTab, post, signIn, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function member() {
  const u = await post<{ session: string }>('signUpAndLogin', {
    name: 'Late Payer',
    mobile: `96${String(Date.now()).slice(-8)}`,
    email: uniqueEmail('late'),
    password: 'late-pass-123',
  });
  return u.session;
}

describe('orders that need an admin', () => {
  it('a late capture that lost its item is listed in Pending Orders and marked handled', async () => {
    allowServerError(/"event":"order.late_capture_conflict"/); // the operator's signal, beside the admin's list
    const admin = (await post<{ session: string }>('login', { email: 'admin@example.org', password: 'admin-demo-123' }))
      .session;
    const code = `L${Math.random().toString(36).slice(2, 5).toUpperCase().padEnd(3, 'Q')}`;
    await post(
      'addProduct',
      { code, name: `Lamp ${code}`, price: 3000, coSponsorPrice: 500, sponsorship: true },
      admin,
    );
    const list = await post<any>('getProducts', {}, admin);
    const item = (list.productsResponses.SPONSORSHIP as { id: number; code: string }[]).find((p) => p.code === code)!;

    const first = await member();
    await post('addToCart', { productQtys: { [item.id]: { qty: 1, fullSponsor: true } } }, first);
    const a = await post<any>('startOrder', { offline: false }, first);
    await post('handleFailOrder', { orderId: a.orderOrTokenId, razorpayPaymentId: null }, first);
    const second = await member();
    await post('addToCart', { productQtys: { [item.id]: { qty: 1, fullSponsor: true } } }, second);
    await post('startOrder', { offline: true }, second);
    const paid = await post<any>('/dev/razorpay/pay', {
      key: 'rzp_test_local',
      order_id: a.orderOrTokenId,
      outcome: 'success',
      webhooks: false,
    });
    await post(
      'handleSuccessOrder',
      {
        orderId: a.orderOrTokenId,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      },
      first,
    );

    const { page, problems } = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, 'admin@example.org', 'admin-demo-123');
    await page.goto('/admin');
    await openAdminTab(page, /Pending/);
    const panel = page.getByRole('region', { name: /Needs attention/ });
    const item1 = panel.getByRole('listitem').filter({ hasText: a.orderRcptId });
    await item1.waitFor();
    await expect(item1.textContent()).resolves.toMatch(/sponsored by someone else meanwhile/);
    await page.screenshot({ path: 'test-results/attention-390.png', fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await item1.getByLabel('What was done (optional)').fill('Refunded the late payment');
    await item1.getByRole('button', { name: 'Mark as handled' }).click();
    await item1.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });
});
