// The test gateway keeps Razorpay's shape (docs/decisions/148): Razorpay's own Node SDK, pointed at
// the stand-in's base URL (/dev/razorpay), creates and fetches orders, fetches and captures payments, creates, fetches
// and lists refunds, gets Razorpay's error bodies through its calls, and accepts the stand-in's payment and webhook
// signatures. The fields asserted are those of Razorpay's API reference (orders, payments, refunds entities; errors).
import type { AxiosInstance } from 'axios';
import Razorpay from 'razorpay';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const KEY_ID = 'rzp_test_local';
const KEY_SECRET = 'local-test-secret';
const WEBHOOK_SECRET = 'local-webhook-secret';

let base: string;

/** The SDK with its host set to the stand-in: Razorpay's calls then go to <app>/dev/razorpay/v1/... */
function sdk(keySecret = KEY_SECRET) {
  const rzp = new Razorpay({ key_id: KEY_ID, key_secret: keySecret });
  const rq = (rzp as unknown as { api: { rq: AxiosInstance } }).api.rq;
  rq.defaults.baseURL = `${base}/dev/razorpay`;
  rq.defaults.proxy = false;
  return rzp;
}

/** The payer's side: the stand-in's checkout page pays (or only authorizes) an order and answers the signed ids. */
async function pay(orderId: string, outcome: 'success' | 'authorized' = 'success', webhooks = false) {
  const res = await fetch(`${base}/dev/razorpay/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: KEY_ID, order_id: orderId, outcome, webhooks }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
}

async function gateway(path: string, body: object) {
  const res = await fetch(`${base}/dev/razorpay/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

/** The SDK's rejection: { statusCode, error } with Razorpay's error object. */
async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (e) {
    return e as { statusCode: number; error: Record<string, unknown> };
  }
  throw new Error('the call was not refused');
}

const errorShape = {
  code: 'BAD_REQUEST_ERROR',
  description: expect.any(String),
  source: expect.any(String),
  step: expect.any(String),
  reason: expect.any(String),
  metadata: expect.any(Object),
};

async function settled(rzp: Razorpay, refundId: string) {
  for (let i = 0; i < 50; i++) {
    const r = await rzp.refunds.fetch(refundId);
    if (r.status !== 'pending') return r;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`refund ${refundId} stayed pending`);
}

beforeAll(async () => {
  base = inject('baseUrl');
  await gateway('refund-mode', { mode: 'process' });
});

describe("Razorpay's Node SDK against the test gateway", () => {
  it('orders: create, fetch, and their payments; the payment signature verifies with the SDK', async () => {
    const rzp = sdk();
    const order = await rzp.orders.create({
      amount: 50_000,
      currency: 'INR',
      receipt: 'SMT-sdk-1',
      notes: { purpose: 'sdk check' },
    });
    expect(order).toMatchObject({
      id: expect.stringMatching(/^order_/),
      entity: 'order',
      amount: 50_000,
      amount_paid: 0,
      amount_due: 50_000,
      currency: 'INR',
      receipt: 'SMT-sdk-1',
      status: 'created',
      attempts: 0,
      notes: { purpose: 'sdk check' },
      created_at: expect.any(Number),
    });
    expect(await rzp.orders.fetch(order.id)).toEqual(order);

    const paid = await pay(order.id);
    expect(paid.razorpay_order_id).toBe(order.id);
    expect(
      validatePaymentVerification(
        { order_id: order.id, payment_id: paid.razorpay_payment_id },
        paid.razorpay_signature,
        KEY_SECRET,
      ),
    ).toBe(true);
    // a signature for another order, or made with another secret, is not accepted
    expect(
      validatePaymentVerification(
        { order_id: `${order.id}x`, payment_id: paid.razorpay_payment_id },
        paid.razorpay_signature,
        KEY_SECRET,
      ),
    ).toBe(false);
    expect(
      validatePaymentVerification(
        { order_id: order.id, payment_id: paid.razorpay_payment_id },
        paid.razorpay_signature,
        'another-secret',
      ),
    ).toBe(false);

    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'paid', amount_paid: 50_000, amount_due: 0 });
    const payments = await rzp.orders.fetchPayments(order.id);
    expect(payments).toMatchObject({ entity: 'collection', count: 1 });
    expect(payments.items[0]).toMatchObject({ id: paid.razorpay_payment_id, order_id: order.id, status: 'captured' });
  });

  it('payments: fetch, and capture of an authorized payment (once, for its amount)', async () => {
    const rzp = sdk();
    const order = await rzp.orders.create({ amount: 12_300, currency: 'INR', receipt: 'SMT-sdk-2' });
    const { razorpay_payment_id: id } = await pay(order.id, 'authorized');
    expect(await rzp.payments.fetch(id)).toMatchObject({
      id,
      entity: 'payment',
      amount: 12_300,
      currency: 'INR',
      status: 'authorized',
      order_id: order.id,
      captured: false,
      amount_refunded: 0,
      refund_status: null,
      method: expect.any(String),
      created_at: expect.any(Number),
    });
    const wrong = await refusal(rzp.payments.capture(id, 100, 'INR'));
    expect(wrong).toMatchObject({ statusCode: 400, error: { ...errorShape, field: 'amount' } });
    const captured = await rzp.payments.capture(id, 12_300, 'INR');
    expect(captured).toMatchObject({ id, status: 'captured', captured: true });
    const twice = await refusal(rzp.payments.capture(id, 12_300, 'INR'));
    expect(twice).toMatchObject({
      statusCode: 400,
      error: { ...errorShape, description: expect.stringMatching(/already been captured/) },
    });
  });

  it('refunds: create, fetch and list; the payment reports what was refunded, partial then full', async () => {
    const rzp = sdk();
    const order = await rzp.orders.create({ amount: 50_000, currency: 'INR', receipt: 'SMT-sdk-3' });
    const { razorpay_payment_id: paymentId } = await pay(order.id);

    const first = await rzp.payments.refund(paymentId, { amount: 20_000, notes: { reason: 'one guest less' } });
    expect(first).toMatchObject({
      id: expect.stringMatching(/^rfnd_/),
      entity: 'refund',
      amount: 20_000,
      currency: 'INR',
      payment_id: paymentId,
      notes: { reason: 'one guest less' },
      receipt: null,
      acquirer_data: expect.any(Object),
      created_at: expect.any(Number),
      batch_id: null,
      status: expect.stringMatching(/^(pending|processed)$/),
      speed_processed: 'normal',
      speed_requested: 'normal',
    });
    expect(await settled(rzp, first.id)).toMatchObject({ id: first.id, status: 'processed' });
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({
      status: 'captured',
      amount_refunded: 20_000,
      refund_status: 'partial',
    });

    const rest = await rzp.payments.refund(paymentId, { amount: 30_000 });
    expect(await settled(rzp, rest.id)).toMatchObject({ status: 'processed', amount: 30_000 });
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({
      status: 'refunded',
      amount_refunded: 50_000,
      refund_status: 'full',
    });

    // fetch one refund by its id, or as a refund of its payment; list a payment's refunds, oldest first
    expect(await rzp.refunds.fetch(first.id)).toMatchObject({ id: first.id, payment_id: paymentId });
    expect(await rzp.payments.fetchRefund(paymentId, rest.id)).toMatchObject({ id: rest.id, amount: 30_000 });
    const listed = await rzp.payments.fetchMultipleRefund(paymentId);
    expect(listed).toMatchObject({ entity: 'collection', count: 2 });
    expect(listed.items.map((r: { id: string }) => r.id)).toEqual([first.id, rest.id]);
    const page = await rzp.payments.fetchMultipleRefund(paymentId, { count: 1, skip: 1 });
    expect(page).toMatchObject({ entity: 'collection', count: 1, items: [{ id: rest.id }] });
    const all = await rzp.refunds.all({ count: 100 });
    expect(all.items.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([first.id, rest.id]));

    // nothing left to refund: Razorpay's refusal, through the SDK
    const over = await refusal(rzp.payments.refund(paymentId, { amount: 100 }));
    expect(over).toMatchObject({
      statusCode: 400,
      error: { ...errorShape, description: expect.stringMatching(/greater than/), field: 'amount' },
    });
  });

  it("errors come as Razorpay's: a bad key, an unknown id", async () => {
    const wrongKey = await refusal(sdk('not-the-secret').orders.create({ amount: 10_000, currency: 'INR' }));
    expect(wrongKey).toMatchObject({
      statusCode: 401,
      error: { ...errorShape, description: 'The api key provided is invalid' },
    });
    const rzp = sdk();
    // one call at a time: a refusal not yet awaited would be an unhandled rejection
    for (const call of [
      () => rzp.payments.fetch('pay_unknown000000001'),
      () => rzp.orders.fetch('order_unknown00000001'),
      () => rzp.refunds.fetch('rfnd_unknown00000001'),
    ]) {
      expect(await refusal(call())).toMatchObject({
        statusCode: 400,
        error: { ...errorShape, description: 'The id provided does not exist' },
      });
    }
    const tooSmall = await refusal(rzp.orders.create({ amount: 50, currency: 'INR' }));
    expect(tooSmall).toMatchObject({ statusCode: 400, error: { ...errorShape, field: 'amount' } });
  });

  it("the gateway's webhooks carry signatures the SDK's validateWebhookSignature accepts", async () => {
    const rzp = sdk();
    const order = await rzp.orders.create({ amount: 20_000, currency: 'INR', receipt: 'SMT-sdk-5' });
    const { razorpay_payment_id: paymentId } = await pay(order.id, 'success', true);
    await rzp.payments.refund(paymentId, { amount: 20_000 });
    let sent: { event: string; body: string; signature: string }[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await fetch(`${base}/dev/razorpay/webhooks`);
      sent = ((await res.json()) as { items: typeof sent }).items.filter((w) => w.body.includes(paymentId));
      if (sent.some((w) => w.event === 'refund.processed')) break;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    expect(sent.map((w) => w.event)).toEqual(
      expect.arrayContaining(['payment.captured', 'order.paid', 'refund.created', 'refund.processed']),
    );
    for (const w of sent) {
      expect(validateWebhookSignature(w.body, w.signature, WEBHOOK_SECRET), w.event).toBe(true);
      expect(validateWebhookSignature(`${w.body} `, w.signature, WEBHOOK_SECRET), w.event).toBe(false);
    }
    // the processed refund's payload reports the payment as Razorpay does: fully refunded
    const processed = JSON.parse(sent.find((w) => w.event === 'refund.processed')!.body);
    expect(processed.payload.payment.entity).toMatchObject({
      id: paymentId,
      status: 'refunded',
      amount_refunded: 20_000,
      refund_status: 'full',
    });
  });
});
