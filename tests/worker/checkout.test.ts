import { env, exports } from 'cloudflare:workers';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  carts,
  orders,
  payments,
  products,
  sponsorshipClaims,
  users,
  webhookEvents,
} from '../../schema/index';
import { getConfig } from '../../worker/lib/config';
import { hmacSha256Hex } from '../../worker/lib/crypto';
import type { Svc } from '../../worker/lib/svc';
import { reconcilePayments } from '../../worker/services/checkout/payments';
import { confirmPayment, releaseOrder } from '../../worker/services/transitions/orders';
import { newUtr } from '../fixtures/bank-statements';
import { allowConsoleError } from '../fixtures/fail-on-console-error';
import { bindings, call, db, gatewayPay, newUser, outbox } from './helpers';

const KEY_SECRET = 'local-test-secret';
const WEBHOOK_SECRET = 'local-webhook-secret';
const s = (): Svc => ({ db: db(), config: getConfig(bindings), env: bindings, origin: 'http://localhost' });

async function productId(code: string) {
  return (await db().select({ id: products.id }).from(products).where(eq(products.code, code)).get())!.id;
}

type Pick = { code: string; qty?: number; fullSponsor?: boolean; price?: number };
async function fillCart(token: string, picks: Pick[]) {
  const productQtys: Record<string, object> = {};
  for (const p of picks) {
    productQtys[String(await productId(p.code))] = {
      qty: p.qty ?? 1,
      code: p.code,
      ...(p.fullSponsor !== undefined ? { fullSponsor: p.fullSponsor } : {}),
      ...(p.price !== undefined ? { price: p.price } : {}),
    };
  }
  const r = await call('addToCart', { productQtys }, token);
  if (r.status !== 200) throw new Error(`addToCart: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

async function webhook(
  event: string,
  payment: { id: string; order_id: string; amount: number; status?: string },
  opts: { eventId?: string; secret?: string; tamper?: boolean } = {},
) {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['payment'],
    payload: { payment: { entity: { entity: 'payment', currency: 'INR', status: 'captured', ...payment } } },
    created_at: Math.floor(Date.now() / 1000),
  });
  const signature = await hmacSha256Hex(opts.secret ?? WEBHOOK_SECRET, body);
  const sent = opts.tamper ? body.replace(`"amount":${payment.amount}`, `"amount":${payment.amount + 1}`) : body;
  const res = await exports.default.fetch('http://localhost/api/webhooks/razorpay', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': opts.eventId ?? `evt_${crypto.randomUUID()}`,
    },
    body: sent,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)).get())!;
const auditCount = async (orderId: number, action: string) =>
  (await db()
    .select({ n: sql<number>`count(*)` })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(orderId)), eq(auditLog.action, action)))
    .get())!.n;
const confirmations = async (email: string) =>
  (await outbox(email)).filter((m) => /^Contribution confirmed/.test(m.subject));

async function startOnline(picks: Pick[] = [{ code: 'MABD', qty: 2 }]) {
  const u = await newUser();
  await fillCart(u.token, picks);
  const r = await call('startOrder', { offline: false }, u.token);
  expect(r.status).toBe(200);
  return { u, start: r.body.data };
}

describe('/startOrder online', () => {
  it('creates the order from the server price plus the convenience charge and deletes the cart', async () => {
    const u = await newUser();
    await fillCart(u.token, [{ code: 'MABD', qty: 2, price: 1 }]); // the client's price is ignored
    const r = await call('startOrder', { offline: false }, u.token);
    expect(r.status).toBe(200);
    const d = r.body.data;
    // ₹3000 + 2.36% = ₹3070.80
    expect(d).toMatchObject({
      currency: 'INR',
      orderTotalInPaisa: 307080,
      orderOrTokenId: expect.stringMatching(/^order_/),
      userFullName: u.name,
      userEmail: u.email,
      userMobile: u.mobile,
      keyId: 'rzp_test_local',
      checkoutScript: '/dev/razorpay/checkout.js',
      orderRcptId: expect.stringMatching(/^SMT\d{6}$/),
      subTotalInPaisa: 300000,
      convenienceChargeInPaisa: 7080,
    });
    const o = await orderRow(d.orderPkId);
    expect(o).toMatchObject({ status: 'Pending Payment', paymentType: 'Online', totalPaise: 307080 });
    expect(await db().select().from(carts).where(eq(carts.userId, o.userId)).get()).toBeUndefined();
    const attempt = await db().select().from(payments).where(eq(payments.orderId, o.id)).get();
    expect(attempt).toMatchObject({ method: 'razorpay', status: 'created', providerOrderId: d.orderOrTokenId });
    expect(await auditCount(o.id, 'order.started')).toBe(1);
    // the gateway holds the same amount
    const gw = await exports.default.fetch(`http://localhost/dev/razorpay/v1/orders/${d.orderOrTokenId}`, {
      headers: { authorization: `Basic ${btoa('rzp_test_local:local-test-secret')}` },
    });
    expect(await gw.json()).toMatchObject({ amount: 307080, receipt: d.orderRcptId, status: 'created' });
  });

  it('returns the same order for a double click, at once or one after the other', async () => {
    const u = await newUser();
    await fillCart(u.token, [{ code: 'MHHR', qty: 1 }]);
    const [a, b] = await Promise.all([
      call('startOrder', { offline: false }, u.token),
      call('startOrder', { offline: false }, u.token),
    ]);
    const c = await call('startOrder', { offline: false }, u.token);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(b.body.data.orderPkId).toBe(a.body.data.orderPkId);
    expect(c.body.data.orderPkId).toBe(a.body.data.orderPkId);
    expect(b.body.data.orderOrTokenId).toBe(a.body.data.orderOrTokenId);
    expect(c.body.data.orderOrTokenId).toBe(a.body.data.orderOrTokenId);
    const mine = await db().select().from(orders).where(eq(orders.userEmail, u.email)).all();
    expect(mine).toHaveLength(1);
  });

  it('refuses an empty cart, bad input and a caller without a session', async () => {
    const u = await newUser();
    const empty = await call('startOrder', { offline: false }, u.token);
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('EmptyCart');
    expect((await call('startOrder', {}, u.token)).body.desc).toMatch(/offline is required/);
    expect((await call('startOrder', { offline: 'yes' }, u.token)).body.desc).toMatch(/offline must be true or false/);
    const anon = await call('startOrder', { offline: 'not even valid' });
    expect(anon).toEqual({
      status: 401,
      body: { error: 'InsufficientAccess', desc: expect.any(String), key: 'auth.required', params: {} },
    });
  });
});

describe('/handleSuccessOrder', () => {
  it('verifies the signature, confirms once, issues a pass code, sets the member flag and mails the receipt', async () => {
    const { u, start } = await startOnline([{ code: 'MUTV', qty: 3 }]);
    const paid = await gatewayPay(start.orderOrTokenId, 'success');
    const r = await call(
      'handleSuccessOrder',
      {
        isOffline: false,
        orderId: start.orderOrTokenId,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      },
      u.token,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe(
      'Congratulations!! We received your contribution, Please check your email for details!',
    );
    const o = await orderRow(start.orderPkId);
    expect(o).toMatchObject({ status: 'Success', passCollected: 0, transactionId: paid.razorpay_payment_id });
    expect(o.passCode).toMatch(/^[A-Z2-9]{10}$/);
    expect(o.successTs).toBeGreaterThan(0);
    const user = await db().select().from(users).where(eq(users.email, u.email)).get();
    expect(user!.isMember).toBe(true);
    const mails = await confirmations(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/UTSAV x 3: ₹7,552\.50/);
    expect(mails[0]!.text).toMatch(/Total: ₹/);
    // the pass QR travels in the email as an HTML table, with the code and the lines
    expect(mails[0]!.html).toContain(o.passCode);
    expect(mails[0]!.html).toMatch(/<table[^>]*>/);
    expect(mails[0]!.html).toMatch(/UTSAV × 3/);

    const again = await call(
      'handleSuccessOrder',
      {
        orderId: start.orderOrTokenId,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      },
      u.token,
    );
    expect(again.status).toBe(200);
    expect((await orderRow(start.orderPkId)).successTs).toBe(o.successTs);
    expect(await confirmations(u.email)).toHaveLength(1);
    expect(await auditCount(o.id, 'order.paid')).toBe(1);

    const list = await call('getOrders', {}, u.token);
    expect(list.body.data[0]).toMatchObject({
      orderRcptId: start.orderRcptId,
      orderPkId: start.orderPkId,
      status: 'Success',
      paymentType: 'Online',
      orderTotal: start.orderTotalInPaisa / 100,
      orderSuccessTS: o.successTs,
      passCollected: 0,
      selectedProducts: [{ name: 'UTSAV', code: 'MUTV', qty: 3, sellPrice: 7552.5, maxPrice: 7950 }],
    });
  });

  it('refuses a forged or mismatched signature and changes nothing', async () => {
    const { u, start } = await startOnline();
    const other = await startOnline();
    const paid = await gatewayPay(start.orderOrTokenId, 'success');
    const otherPaid = await gatewayPay(other.start.orderOrTokenId, 'success');
    for (const sig of [
      'f'.repeat(64),
      otherPaid.razorpay_signature, // valid, but for another order and payment
      await hmacSha256Hex('wrong-secret', `${start.orderOrTokenId}|${paid.razorpay_payment_id}`),
    ]) {
      const r = await call(
        'handleSuccessOrder',
        { orderId: start.orderOrTokenId, razorpayPaymentId: paid.razorpay_payment_id, razorpaySignature: sig },
        u.token,
      );
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('InvalidSignature');
    }
    expect((await orderRow(start.orderPkId)).status).toBe('Pending Payment');
    expect(await confirmations(u.email)).toHaveLength(0);
  });

  it("refuses someone else's order and a payment of another order", async () => {
    const a = await startOnline();
    const b = await startOnline();
    const paidA = await gatewayPay(a.start.orderOrTokenId, 'success');
    const theft = await call(
      'handleSuccessOrder',
      {
        orderId: a.start.orderOrTokenId,
        razorpayPaymentId: paidA.razorpay_payment_id,
        razorpaySignature: paidA.razorpay_signature,
      },
      b.u.token,
    );
    expect(theft.status).toBe(404);
    expect((await orderRow(a.start.orderPkId)).status).toBe('Pending Payment');
    // A's payment presented for B's order, even with a correct signature, is not B's payment.
    const sig = await hmacSha256Hex(KEY_SECRET, `${b.start.orderOrTokenId}|${paidA.razorpay_payment_id}`);
    const reuse = await call(
      'handleSuccessOrder',
      { orderId: b.start.orderOrTokenId, razorpayPaymentId: paidA.razorpay_payment_id, razorpaySignature: sig },
      b.u.token,
    );
    expect(reuse.status).toBe(409);
    expect((await orderRow(b.start.orderPkId)).status).toBe('Pending Payment');
  });

  it('accepts a payment id once and the exact amount only (confirmPayment)', async () => {
    allowConsoleError(/"event":"payment.amount_mismatch"/); // logged for the operator
    const a = await startOnline();
    const b = await startOnline();
    const paidA = await gatewayPay(a.start.orderOrTokenId, 'success');
    await confirmPayment(s(), {
      orderId: a.start.orderPkId,
      via: 'callback',
      actorId: null,
      razorpay: {
        paymentId: paidA.razorpay_payment_id,
        orderId: a.start.orderOrTokenId,
        amountPaise: a.start.orderTotalInPaisa,
      },
    });
    await expect(
      confirmPayment(s(), {
        orderId: b.start.orderPkId,
        via: 'webhook',
        actorId: null,
        razorpay: {
          paymentId: paidA.razorpay_payment_id,
          orderId: b.start.orderOrTokenId,
          amountPaise: b.start.orderTotalInPaisa,
        },
      }),
    ).rejects.toMatchObject({ code: 'PaymentIdUsed', status: 409 });
    await expect(
      confirmPayment(s(), {
        orderId: b.start.orderPkId,
        via: 'webhook',
        actorId: null,
        razorpay: { paymentId: 'pay_other', orderId: b.start.orderOrTokenId, amountPaise: 100 },
      }),
    ).rejects.toMatchObject({ code: 'AmountMismatch', status: 409 });
    expect((await orderRow(b.start.orderPkId)).status).toBe('Pending Payment');
  });
});

describe('webhooks', () => {
  it('refuses a bad signature and a changed byte', async () => {
    const { start } = await startOnline();
    const paid = await gatewayPay(start.orderOrTokenId, 'success');
    const pay = { id: paid.razorpay_payment_id, order_id: start.orderOrTokenId, amount: start.orderTotalInPaisa };
    expect((await webhook('payment.captured', pay, { secret: 'nope' })).status).toBe(400);
    const tampered = await webhook('payment.captured', pay, { tamper: true });
    expect(tampered.status).toBe(400);
    expect(tampered.body.error).toBe('InvalidSignature');
    expect((await orderRow(start.orderPkId)).status).toBe('Pending Payment');
  });

  it('absorbs the same event three times: one Success, one receipt, one audit row', async () => {
    const { u, start } = await startOnline();
    const paid = await gatewayPay(start.orderOrTokenId, 'success');
    const pay = { id: paid.razorpay_payment_id, order_id: start.orderOrTokenId, amount: start.orderTotalInPaisa };
    const eventId = `evt_${crypto.randomUUID()}`;
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await webhook('payment.captured', pay, { eventId }));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results[1]!.body.data.duplicate).toBe(true);
    expect((await orderRow(start.orderPkId)).status).toBe('Success');
    expect(await confirmations(u.email)).toHaveLength(1);
    expect(await auditCount(start.orderPkId, 'order.paid')).toBe(1);
    expect(await db().select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId)).all()).toHaveLength(1);
  });

  it('ends in one state whether the webhook comes before or after the callback, or both race', async () => {
    for (const order of ['webhook-first', 'callback-first', 'race'] as const) {
      const { u, start } = await startOnline();
      const paid = await gatewayPay(start.orderOrTokenId, 'success');
      const pay = { id: paid.razorpay_payment_id, order_id: start.orderOrTokenId, amount: start.orderTotalInPaisa };
      const callback = () =>
        call(
          'handleSuccessOrder',
          {
            orderId: start.orderOrTokenId,
            razorpayPaymentId: paid.razorpay_payment_id,
            razorpaySignature: paid.razorpay_signature,
          },
          u.token,
        );
      if (order === 'webhook-first') {
        await webhook('order.paid', pay);
        expect((await callback()).status).toBe(200);
      } else if (order === 'callback-first') {
        expect((await callback()).status).toBe(200);
        await webhook('payment.captured', pay);
      } else {
        const [cb, wh1, wh2] = await Promise.all([
          callback(),
          webhook('payment.captured', pay),
          webhook('order.paid', pay),
        ]);
        expect([cb.status, wh1.status, wh2.status]).toEqual([200, 200, 200]);
      }
      const o = await orderRow(start.orderPkId);
      expect(o.status).toBe('Success');
      expect(await confirmations(u.email)).toHaveLength(1);
      expect(await auditCount(o.id, 'order.paid')).toBe(1);
    }
  });

  it('ignores a captured payment whose amount does not match, and an unknown order', async () => {
    allowConsoleError(/"event":"payment.amount_mismatch"/); // logged for the operator
    allowConsoleError(/"event":"payment.captured".*does not match/); // the webhook's own line for it
    const { start } = await startOnline();
    const r = await webhook('payment.captured', { id: 'pay_fake1', order_id: start.orderOrTokenId, amount: 100 });
    expect(r.status).toBe(200);
    expect(r.body.data.ignored).toBe('AmountMismatch');
    expect((await orderRow(start.orderPkId)).status).toBe('Pending Payment');
    const unknown = await webhook('payment.captured', { id: 'pay_fake2', order_id: 'order_nope', amount: 100 });
    expect(unknown.body.data.ignored).toBe('unknown order');
  });

  it('payment.failed fails a waiting order and releases its hold', async () => {
    const { start } = await startOnline([{ code: 'SSTG', fullSponsor: true }]);
    const failed = await gatewayPay(start.orderOrTokenId, 'failure');
    const r = await webhook('payment.failed', {
      id: failed.error!.metadata.payment_id,
      order_id: start.orderOrTokenId,
      amount: start.orderTotalInPaisa,
      status: 'failed',
    });
    expect(r.status).toBe(200);
    expect((await orderRow(start.orderPkId)).status).toBe('Failed');
    expect(
      await db().select().from(sponsorshipClaims).where(eq(sponsorshipClaims.orderId, start.orderPkId)).all(),
    ).toHaveLength(0);
  });

  it('a payment.failed after success changes nothing; a capture after a failure wins', async () => {
    const { u, start } = await startOnline();
    const failed = await gatewayPay(start.orderOrTokenId, 'failure');
    const fr = await call(
      'handleFailOrder',
      { orderId: start.orderOrTokenId, razorpayPaymentId: failed.error!.metadata.payment_id },
      u.token,
    );
    expect(fr.body.data.status).toBe('Failed');
    // the payer retried inside the checkout and Razorpay captured it later: Razorpay's word wins
    const paid = await gatewayPay(start.orderOrTokenId, 'success');
    await webhook('payment.captured', {
      id: paid.razorpay_payment_id,
      order_id: start.orderOrTokenId,
      amount: start.orderTotalInPaisa,
    });
    expect((await orderRow(start.orderPkId)).status).toBe('Success');
    await webhook('payment.failed', {
      id: failed.error!.metadata.payment_id,
      order_id: start.orderOrTokenId,
      amount: start.orderTotalInPaisa,
      status: 'failed',
    });
    expect((await orderRow(start.orderPkId)).status).toBe('Success');
    expect(await confirmations(u.email)).toHaveLength(1);
  });
});

describe('/handleFailOrder and sponsorship holds', () => {
  it('holds a full sponsorship at checkout, refuses a second buyer, releases on failure', async () => {
    const a = await newUser();
    const b = await newUser();
    await fillCart(a.token, [{ code: 'SLGT', fullSponsor: true }]);
    await fillCart(b.token, [{ code: 'SLGT', fullSponsor: true }]);
    const sa = await call('startOrder', { offline: false }, a.token);
    expect(sa.status).toBe(200);
    const sb = await call('startOrder', { offline: false }, b.token);
    expect(sb.status).toBe(409);
    expect(sb.body.error).toBe('ItemTaken');
    const pid = await productId('SLGT');
    const claim = await db().select().from(sponsorshipClaims).where(eq(sponsorshipClaims.productId, pid)).get();
    expect(claim).toMatchObject({ state: 'held', orderId: sa.body.data.orderPkId });

    const failed = await gatewayPay(sa.body.data.orderOrTokenId, 'failure');
    const r = await call(
      'handleFailOrder',
      { orderId: sa.body.data.orderOrTokenId, razorpayPaymentId: failed.error!.metadata.payment_id },
      a.token,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('Failed');
    expect(
      await db().select().from(sponsorshipClaims).where(eq(sponsorshipClaims.productId, pid)).get(),
    ).toBeUndefined();
    // the other buyer's cart is still there and now goes through
    const again = await call('startOrder', { offline: false }, b.token);
    expect(again.status).toBe(200);
  });

  it('turns the hold into "sponsored" on success', async () => {
    const { u, start } = await startOnline([{ code: 'SDHK', fullSponsor: true }]);
    const paid = await gatewayPay(start.orderOrTokenId, 'success');
    await call(
      'handleSuccessOrder',
      {
        orderId: start.orderOrTokenId,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      },
      u.token,
    );
    const claim = await db()
      .select()
      .from(sponsorshipClaims)
      .where(eq(sponsorshipClaims.productId, await productId('SDHK')))
      .get();
    expect(claim!.state).toBe('sponsored');
    const o = await orderRow(start.orderPkId);
    expect(o.passCode).toBeNull(); // a sponsorship alone has nothing to collect
    expect(o.passCollected).toBeNull();
  });

  it('a handleFailOrder for an order Razorpay reports paid confirms it instead', async () => {
    const { u, start } = await startOnline();
    await gatewayPay(start.orderOrTokenId, 'success');
    const r = await call('handleFailOrder', { orderId: start.orderOrTokenId, razorpayPaymentId: null }, u.token);
    expect(r.body.data.status).toBe('Success');
  });
});

describe('direct transfer', () => {
  it('starts without a convenience charge, mails the payment details, then records the transaction id', async () => {
    const u = await newUser();
    await fillCart(u.token, [{ code: 'MABD', qty: 1 }]);
    const r = await call('startOrder', { offline: true }, u.token);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      orderRcptId: expect.stringMatching(/^SMT/),
      orderTotalInPaisa: 150000,
      bank: { payee: expect.any(String), upiVpa: expect.any(String) },
    });
    const howTo = (await outbox(u.email)).find((m) => m.subject.startsWith('How to pay'));
    expect(howTo!.text).toContain(`tn=${r.body.data.orderRcptId}`);
    expect(howTo!.text).toContain('am=1500.00');

    const missing = await call(
      'handleOfflineOrder',
      { isOffline: true, orderRcptId: r.body.data.orderRcptId },
      u.token,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.desc).toMatch(/offlineTxnId is required/);

    const txn = newUtr();
    const ok = await call(
      'handleOfflineOrder',
      { isOffline: true, offlineTxnId: txn, offlineBankName: 'SBI', orderRcptId: r.body.data.orderRcptId },
      u.token,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.message).toBe(
      'Your contribution details have been captured and sent for verification, we will send you an email once verification completes!',
    );
    const o = await orderRow(r.body.data.orderPkId);
    expect(o).toMatchObject({
      status: 'Pending Approval',
      transactionId: txn,
      bankName: 'SBI',
      paymentType: 'Offline',
    });
    expect(
      (await outbox(u.email)).filter((m) => m.subject.startsWith('We received your contribution details')),
    ).toHaveLength(1);
    // the same submission again is absorbed
    const again = await call(
      'handleOfflineOrder',
      {
        isOffline: true,
        offlineTxnId: txn.toLowerCase(),
        offlineBankName: 'SBI',
        orderRcptId: r.body.data.orderRcptId,
      },
      u.token,
    );
    expect(again.status).toBe(200);

    // one bank transaction cannot pay two orders, whoever sends it
    const v = await newUser();
    await fillCart(v.token, [{ code: 'MHHR', qty: 1 }]);
    const rv = await call('startOrder', { offline: true }, v.token);
    const dup = await call(
      'handleOfflineOrder',
      { isOffline: true, offlineTxnId: ` ${txn} `, offlineBankName: null, orderRcptId: rv.body.data.orderRcptId },
      v.token,
    );
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('TransactionIdUsed');
    expect((await orderRow(rv.body.data.orderPkId)).status).toBe('Pending Payment');

    // someone else's order
    const theft = await call(
      'handleOfflineOrder',
      { isOffline: true, offlineTxnId: newUtr(), orderRcptId: r.body.data.orderRcptId },
      v.token,
    );
    expect(theft.status).toBe(404);
  });

  it('approval goes through confirmPayment; a rejection releases the hold and mails once', async () => {
    const u = await newUser();
    await fillCart(u.token, [
      { code: 'SPRS', fullSponsor: true },
      { code: 'MABD', qty: 1 },
    ]);
    const r = await call('startOrder', { offline: true }, u.token);
    await call('handleOfflineOrder', { offlineTxnId: newUtr(), orderRcptId: r.body.data.orderPkId }, u.token);
    const rej = await releaseOrder(s(), {
      orderId: r.body.data.orderPkId,
      to: 'Rejected',
      reason: 'Not received',
      via: 'admin',
      actorId: 1,
    });
    expect(rej.changed).toBe(true);
    expect(
      (
        await releaseOrder(s(), {
          orderId: r.body.data.orderPkId,
          to: 'Rejected',
          reason: 'x',
          via: 'admin',
          actorId: 1,
        })
      ).changed,
    ).toBe(false);
    expect(
      await db().select().from(sponsorshipClaims).where(eq(sponsorshipClaims.orderId, r.body.data.orderPkId)).all(),
    ).toHaveLength(0);
    expect((await outbox(u.email)).filter((m) => m.subject.startsWith('Contribution not verified'))).toHaveLength(1);
    await expect(
      confirmPayment(s(), { orderId: r.body.data.orderPkId, via: 'admin', actorId: 1 }),
    ).rejects.toMatchObject({ code: 'InvalidTransition' });

    const w = await newUser();
    await fillCart(w.token, [{ code: 'MABD', qty: 1 }]);
    const rw = await call('startOrder', { offline: true }, w.token);
    await call('handleOfflineOrder', { offlineTxnId: newUtr(), orderRcptId: rw.body.data.orderRcptId }, w.token);
    const ok = await confirmPayment(s(), { orderId: rw.body.data.orderPkId, via: 'admin', actorId: 1 });
    expect(ok.changed).toBe(true);
    expect(ok.order).toMatchObject({ status: 'Success', passCollected: 0 });
    expect(await auditCount(rw.body.data.orderPkId, 'order.approved')).toBe(1);
  });
});

describe('reconciler', () => {
  it('settles a paid order nobody told us about and expires an abandoned one, releasing its hold', async () => {
    const paidOne = await startOnline();
    await gatewayPay(paidOne.start.orderOrTokenId, 'success'); // no callback, no webhook
    const abandoned = await startOnline([{ code: 'SFLW', fullSponsor: true }]);
    const recent = await startOnline();
    const hour = 60 * 60_000;
    await db()
      .update(orders)
      .set({ createdAt: Date.now() - 2 * hour })
      .where(eq(orders.id, abandoned.start.orderPkId));
    await db()
      .update(orders)
      .set({ createdAt: Date.now() - 2 * hour })
      .where(eq(orders.id, paidOne.start.orderPkId));
    await db()
      .update(orders)
      .set({ createdAt: Date.now() - 5 * 60_000 })
      .where(eq(orders.id, recent.start.orderPkId));
    await reconcilePayments(s());
    expect((await orderRow(paidOne.start.orderPkId)).status).toBe('Success');
    expect(await confirmations(paidOne.u.email)).toHaveLength(1);
    expect((await orderRow(abandoned.start.orderPkId)).status).toBe('Failed');
    expect(
      await db().select().from(sponsorshipClaims).where(eq(sponsorshipClaims.orderId, abandoned.start.orderPkId)).all(),
    ).toHaveLength(0);
    expect((await orderRow(recent.start.orderPkId)).status).toBe('Pending Payment');
    await reconcilePayments(s()); // a second run changes nothing
    expect(await confirmations(paidOne.u.email)).toHaveLength(1);
  });
});

describe('why a Failed order failed', () => {
  it('says cancelled for a given-up order or a closed payment window, failed for a refused payment, expired when unpaid in time', async () => {
    const closedAs = async (token: string, rcpt: string) =>
      ((await call('getOrders', {}, token)).body.data as { orderRcptId: string; closedAs: string | null }[]).find(
        (o) => o.orderRcptId === rcpt,
      )?.closedAs;
    const givenUp = await startOnline();
    expect((await call('giveUpOrder', { orderRcptId: givenUp.start.orderRcptId }, givenUp.u.token)).status).toBe(200);
    expect(await closedAs(givenUp.u.token, givenUp.start.orderRcptId)).toBe('cancelled');

    const dismissed = await startOnline();
    await call(
      'handleFailOrder',
      { orderId: dismissed.start.orderOrTokenId, razorpayPaymentId: null },
      dismissed.u.token,
    );
    expect(await closedAs(dismissed.u.token, dismissed.start.orderRcptId)).toBe('cancelled');

    const refused = await startOnline();
    const failure = await gatewayPay(refused.start.orderOrTokenId, 'failure');
    await call(
      'handleFailOrder',
      { orderId: refused.start.orderOrTokenId, razorpayPaymentId: failure.error!.metadata.payment_id },
      refused.u.token,
    );
    expect(await closedAs(refused.u.token, refused.start.orderRcptId)).toBe('failed');

    const abandoned = await startOnline();
    await db()
      .update(orders)
      .set({ createdAt: Date.now() - 3 * 60 * 60_000 })
      .where(eq(orders.id, abandoned.start.orderPkId));
    await reconcilePayments(s());
    expect(await closedAs(abandoned.u.token, abandoned.start.orderRcptId)).toBe('expired');

    // only a Failed order carries it
    const waiting = await startOnline();
    expect(await closedAs(waiting.u.token, waiting.start.orderRcptId)).toBeNull();
  });
});

describe('extra info and orders', () => {
  it('saves and returns the address, and fills it into an unpaid order started before', async () => {
    const { u, start } = await startOnline();
    const info = {
      addrLine1: '12 Lake View',
      addrLine2: 'HSR Layout',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin: '560102',
      additionalEmail: null,
      additionalMobile: '',
      referSource: 'Other',
      referredBy: 'Mitali',
    };
    const r = await call('saveUserExtraInfo', info, u.token);
    expect(r.status).toBe(200);
    const got = await call('getUserExtraInfo', {}, u.token);
    expect(got.body.data).toEqual({ ...info, additionalMobile: null });
    expect(await orderRow(start.orderPkId)).toMatchObject({
      addr1: '12 Lake View',
      city: 'Bengaluru',
      referredBy: 'Mitali',
    });
    const bad = await call('saveUserExtraInfo', { ...info, addrLine1: ' ' }, u.token);
    expect(bad.status).toBe(400);
    expect(bad.body.desc).toMatch(/addrLine1 is required/);
    expect((await call('getUserExtraInfo', {})).status).toBe(401);
    expect((await call('getOrders', {})).status).toBe(401);
    expect((await call('getOrders', { x: 1 }, u.token)).status).toBe(200); // unknown fields are ignored
  });

  it('the test gateway checks Basic auth like Razorpay', async () => {
    const res = await exports.default.fetch('http://localhost/dev/razorpay/v1/orders', {
      method: 'POST',
      headers: { authorization: `Basic ${btoa('rzp_test_local:wrong')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1000, currency: 'INR' }),
    });
    expect(res.status).toBe(401);
    const js = await exports.default.fetch('http://localhost/dev/razorpay/checkout.js');
    expect(await js.text()).toContain('window.Razorpay = Razorpay');
    void env;
  });
});

describe('every checkout call', () => {
  it.each([
    ['startOrder', { offline: false }],
    ['handleSuccessOrder', { orderId: 'order_x', razorpayPaymentId: 'pay_x', razorpaySignature: 'x' }],
    ['handleFailOrder', { orderId: 'order_x', razorpayPaymentId: 'pay_x' }],
    ['handleOfflineOrder', { isOffline: true, offlineTxnId: 'X', orderRcptId: 'SMT000001' }],
    ['getOrders', {}],
    ['getUserExtraInfo', {}],
    ['saveUserExtraInfo', { addrLine1: 'a', city: 'b', state: 'c', pin: '1' }],
    ['getPaymentOptions', {}],
  ])('%s needs a session, checked before the body', async (path, body) => {
    expect((await call(path, body)).status).toBe(401);
    expect((await call(path, { junk: true })).status).toBe(401);
    expect((await call(path, body, 'not-a-real-token')).body.error).toBe('InsufficientAccess');
  });

  it.each([
    ['handleSuccessOrder', { orderId: 'order_x', razorpayPaymentId: 'pay_x' }, /razorpaySignature is required/],
    ['handleSuccessOrder', { orderId: 5, razorpayPaymentId: 'p', razorpaySignature: 's' }, /orderId must be text/],
    ['handleFailOrder', {}, /orderId is required/],
    ['handleOfflineOrder', { offlineTxnId: '485724971134' }, /orderRcptId is required/],
    ['handleOfflineOrder', { offlineTxnId: '485724971134', orderRcptId: 5.5, extra: 1 }, /orderRcptId/],
    ['handleOfflineOrder', { offlineTxnId: 'UPI/CR/4857', orderRcptId: 'SMT000001' }, /^offlineTxnId: this is not/],
  ])('%s refuses bad input %# with a desc naming the field', async (path, body, desc) => {
    const u = await newUser();
    const r = await call(path, body, u.token);
    expect(r.status).toBe(400);
    expect(r.body.desc).toMatch(desc);
  });

  it('a double-clicked direct transfer makes one order and one payment-details email', async () => {
    const u = await newUser();
    await fillCart(u.token, [{ code: 'MABD', qty: 1 }]);
    const [a, b] = await Promise.all([
      call('startOrder', { offline: true }, u.token),
      call('startOrder', { offline: true }, u.token),
    ]);
    expect(a.body.data.orderRcptId).toBe(b.body.data.orderRcptId);
    expect((await outbox(u.email)).filter((m) => m.subject.startsWith('How to pay'))).toHaveLength(1);
  });

  it('a daily-pass order gets a pass code; the extra contribution alone does not', async () => {
    const u = await newUser();
    const dpkp = await productId('DPDY');
    const r = await call('addToCart', { productQtys: { [dpkp]: { qty: 2, code: 'DPDY' } } }, u.token);
    expect(r.status).toBe(200);
    const start = (await call('startOrder', { offline: false }, u.token)).body.data;
    const paid = await gatewayPay(start.orderOrTokenId, 'success');
    await call(
      'handleSuccessOrder',
      {
        orderId: start.orderOrTokenId,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      },
      u.token,
    );
    expect(await orderRow(start.orderPkId)).toMatchObject({ kind: 'DAILY_PASS', status: 'Success', passCollected: 0 });

    const v = await newUser();
    const dnp = await productId('DNP');
    await call('addToCart', { productQtys: { [dnp]: { qty: 1, code: 'DNP', price: 501 } } }, v.token);
    const s2 = (await call('startOrder', { offline: false }, v.token)).body.data;
    expect(s2.subTotalInPaisa).toBe(50100);
    const p2 = await gatewayPay(s2.orderOrTokenId, 'success');
    await call(
      'handleSuccessOrder',
      {
        orderId: s2.orderOrTokenId,
        razorpayPaymentId: p2.razorpay_payment_id,
        razorpaySignature: p2.razorpay_signature,
      },
      v.token,
    );
    expect(await orderRow(s2.orderPkId)).toMatchObject({ status: 'Success', passCode: null, passCollected: null });
  });

  it('a webhook without an event id is still de-duplicated by its body', async () => {
    const { u, start } = await startOnline();
    const paid = await gatewayPay(start.orderOrTokenId, 'success');
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: paid.razorpay_payment_id,
            order_id: start.orderOrTokenId,
            amount: start.orderTotalInPaisa,
            status: 'captured',
          },
        },
      },
    });
    const sig = await hmacSha256Hex(WEBHOOK_SECRET, body);
    const send = () =>
      exports.default.fetch('http://localhost/api/webhooks/razorpay', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': sig },
        body,
      });
    expect((await send()).status).toBe(200);
    expect(((await (await send()).json()) as any).data.duplicate).toBe(true);
    expect(await confirmations(u.email)).toHaveLength(1);
  });
});

describe('the cron and production mode', () => {
  it('runScheduled settles payments as part of the cron', async () => {
    const { runScheduled } = await import('../../worker/services/scheduled');
    const { start } = await startOnline([{ code: 'SCUL', fullSponsor: true }]);
    await db()
      .update(orders)
      .set({ createdAt: Date.now() - 3 * 60 * 60_000 })
      .where(eq(orders.id, start.orderPkId));
    await runScheduled(bindings);
    expect((await orderRow(start.orderPkId)).status).toBe('Failed');
  });

  it('the test gateway answers 404 outside local mode', async () => {
    const { testGateway } = await import('../../worker/dev/test-gateway');
    const prod = {
      ...bindings,
      APP_ENV: 'production',
      PASSWORD_PEPPER: 'a-real-pepper-value',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'real-secret',
      RAZORPAY_WEBHOOK_SECRET: 'real-webhook-secret',
      RAZORPAY_BASE_URL: 'https://api.razorpay.com',
      MAIL_PROVIDER: 'outbox',
      // the channels' local stand-ins and keys are refused in production too (empty = unset)
      WHATSAPP_PROVIDER: 'none',
      WHATSAPP_TOKEN: '',
      WHATSAPP_APP_SECRET: '',
      VAPID_PRIVATE_KEY: '',
    };
    for (const path of ['/checkout.js', '/v1/orders/order_x']) {
      const res = await testGateway.fetch(new Request(`http://localhost${path}`), prod);
      expect(res.status).toBe(404);
    }
    const pay = await testGateway.fetch(
      new Request('http://localhost/pay', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }),
      prod,
    );
    expect(pay.status).toBe(404);
  });
});
