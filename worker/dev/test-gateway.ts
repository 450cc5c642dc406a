// The built-in Razorpay test gateway (local mode only, 404 otherwise; docs/decisions/031). It answers
// Razorpay's API shapes (orders, order payments, payments; Basic auth checked), serves a checkout script
// that defines window.Razorpay with Checkout's interface, lets the payer choose success, failure or
// dismissal, signs exactly as Razorpay does and delivers signed webhooks to /api/webhooks/razorpay.
import { and, asc, eq } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { testGatewayOrders, testGatewayPayments } from '../../schema/index';
import type { AppEnv, Bindings } from '../env';
import { getConfig } from '../lib/config';
import { runBatch } from '../lib/d1-batch';
import { getDb } from '../lib/db';
import { say } from '../lib/errors';
import { localApp } from '../lib/local-tools';
import { log } from '../lib/log';
import { paymentSignature, webhookSignature } from '../lib/razorpay';
import { CHECKOUT_JS } from './checkout-page';
import { keepSentWebhook, paymentEntities, paymentEntity, rzpErrorBody, sentWebhooks } from './gateway-entities';

const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!getConfig(c.env).isLocal || getConfig(c.env).RAZORPAY_BASE_URL !== 'local') {
    const none = say('notFound');
    return c.json({ error: 'NotFound', desc: none.text, key: none.key, params: none.params }, 404);
  }
  await next();
};

const rzpError = (description: string, code = 'BAD_REQUEST_ERROR', field: string | null = null) =>
  rzpErrorBody(description, 'payment_initiation', field, code);

function rid(prefix: string) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  return `${prefix}_${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

type GwOrder = typeof testGatewayOrders.$inferSelect;
type GwPayment = typeof testGatewayPayments.$inferSelect;

function orderEntity(o: GwOrder) {
  const paid = o.status === 'paid' ? o.amount : 0;
  return {
    id: o.id,
    entity: 'order',
    amount: o.amount,
    amount_paid: paid,
    amount_due: o.amount - paid,
    currency: o.currency,
    receipt: o.receipt,
    offer_id: null,
    status: o.status,
    attempts: o.attempts,
    notes: JSON.parse(o.notes) as Record<string, string>,
    created_at: o.createdAt,
  };
}

const basicAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const config = getConfig(c.env);
  const expected = `Basic ${btoa(`${config.RAZORPAY_KEY_ID}:${config.RAZORPAY_KEY_SECRET}`)}`;
  if (c.req.header('authorization') !== expected) {
    return c.json(rzpError('The api key provided is invalid', 'BAD_REQUEST_ERROR'), 401);
  }
  await next();
};

/** Razorpay's REST API shapes; the Razorpay client reaches it in-process in local mode. */
export const gatewayApi = new Hono<AppEnv>()
  .use('*', localOnly)
  .use('/v1/*', basicAuth)
  .post('/v1/orders', async (c) => {
    let body: { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown };
    try {
      body = await c.req.json();
    } catch {
      return c.json(rzpError('The request body is not JSON'), 400);
    }
    if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) {
      return c.json(rzpError('The amount must be atleast INR 1.00', 'BAD_REQUEST_ERROR', 'amount'), 400);
    }
    const row: GwOrder = {
      id: rid('order'),
      amount: body.amount,
      currency: typeof body.currency === 'string' ? body.currency : 'INR',
      receipt: typeof body.receipt === 'string' ? body.receipt.slice(0, 40) : null,
      status: 'created',
      attempts: 0,
      notes: JSON.stringify(body.notes && typeof body.notes === 'object' ? body.notes : {}),
      createdAt: Math.floor(Date.now() / 1000),
    };
    await runBatch(getDb(c.env), [getDb(c.env).insert(testGatewayOrders).values(row)]);
    return c.json(orderEntity(row));
  })
  .get('/v1/orders/:id', async (c) => {
    const o = await getDb(c.env)
      .select()
      .from(testGatewayOrders)
      .where(eq(testGatewayOrders.id, c.req.param('id')))
      .get();
    if (!o) return c.json(rzpError('The id provided does not exist'), 400);
    return c.json(orderEntity(o));
  })
  .get('/v1/orders/:id/payments', async (c) => {
    const db = getDb(c.env);
    const o = await db
      .select()
      .from(testGatewayOrders)
      .where(eq(testGatewayOrders.id, c.req.param('id')))
      .get();
    if (!o) return c.json(rzpError('The id provided does not exist'), 400);
    const items = await db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.orderId, o.id))
      .orderBy(asc(testGatewayPayments.createdAt))
      .all();
    return c.json({ entity: 'collection', count: items.length, items: await paymentEntities(db, items) });
  })
  .get('/v1/payments/:id', async (c) => {
    const p = await getDb(c.env)
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.id, c.req.param('id')))
      .get();
    if (!p) return c.json(rzpError('The id provided does not exist'), 400);
    return c.json((await paymentEntities(getDb(c.env), [p]))[0]);
  })
  // Razorpay's capture: only an authorized payment, for its full amount and currency.
  .post('/v1/payments/:id/capture', async (c) => {
    const db = getDb(c.env);
    const body = (await c.req.json().catch(() => ({}))) as { amount?: unknown; currency?: unknown };
    const p = await db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.id, c.req.param('id')))
      .get();
    if (!p) return c.json(rzpError('The id provided does not exist'), 400);
    if (body.amount !== p.amount) {
      return c.json(
        rzpError('Capture amount must be equal to the amount authorized', 'BAD_REQUEST_ERROR', 'amount'),
        400,
      );
    }
    if (p.status === 'captured') return c.json(rzpError('This payment has already been captured'), 400);
    if (p.status !== 'authorized') return c.json(rzpError(`This payment is ${p.status} and cannot be captured`), 400);
    const captured = (
      await runBatch(db, [
        db
          .update(testGatewayPayments)
          .set({ status: 'captured' })
          .where(and(eq(testGatewayPayments.id, p.id), eq(testGatewayPayments.status, 'authorized')))
          .returning(),
      ])
    )[0][0];
    if (!captured) return c.json(rzpError('This payment has already been captured'), 400);
    await runBatch(db, [
      db.update(testGatewayOrders).set({ status: 'paid' }).where(eq(testGatewayOrders.id, p.orderId)),
    ]);
    return c.json(paymentEntity(captured));
  });

/** Signs and posts one webhook to the app, as Razorpay does (X-Razorpay-Signature, x-razorpay-event-id). */
export async function deliverWebhook(
  env: Bindings,
  origin: string,
  event: 'payment.captured' | 'payment.failed' | 'order.paid',
  payment: GwPayment,
  order: GwOrder,
) {
  const config = getConfig(env);
  const payload: Record<string, unknown> = { payment: { entity: paymentEntity(payment) } };
  if (event === 'order.paid') payload.order = { entity: orderEntity(order) };
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_TestGateway01',
    event,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(Date.now() / 1000),
  });
  const signature = await webhookSignature(body, config.RAZORPAY_WEBHOOK_SECRET);
  const eventId = rid('evt');
  keepSentWebhook({ event, eventId, signature, body });
  const res = await localApp()(
    new Request(`${origin}/api/webhooks/razorpay`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        'x-razorpay-event-id': eventId,
      },
      body,
    }),
    env,
  );
  if (!res.ok) log('warn', 'gateway.webhook_refused', { event, status: res.status });
}

/** The browser side: the checkout script and the payer's choice. Mounted at /dev/razorpay. */
export const testGateway = new Hono<AppEnv>()
  .use('*', localOnly)
  .get('/checkout.js', (c) => {
    c.header('content-type', 'text/javascript; charset=utf-8');
    c.header('cache-control', 'no-store');
    return c.body(CHECKOUT_JS);
  })
  .post('/pay', async (c) => {
    const config = getConfig(c.env);
    let body: { key?: unknown; order_id?: unknown; outcome?: unknown; webhooks?: unknown; method?: unknown };
    try {
      body = await c.req.json();
    } catch {
      return c.json(rzpError('The request body is not JSON'), 400);
    }
    if (body.key !== config.RAZORPAY_KEY_ID) return c.json(rzpError('The api key provided is invalid'), 401);
    const db = getDb(c.env);
    const order = await db
      .select()
      .from(testGatewayOrders)
      .where(eq(testGatewayOrders.id, String(body.order_id ?? '')))
      .get();
    if (!order) return c.json(rzpError('The id provided does not exist'), 400);
    if (order.status === 'paid') return c.json(rzpError('This order is already paid'), 400);
    // 'authorized': the bank approved the payment but it is not captured (Razorpay refunds it after a few
    // days unless the merchant captures it); Checkout still hands the signed ids to the page.
    const authorizedOnly = body.outcome === 'authorized';
    const success = body.outcome === 'success' || authorizedOnly;
    const payment: GwPayment = {
      id: rid('pay'),
      orderId: order.id,
      amount: order.amount,
      currency: order.currency,
      status: authorizedOnly ? 'authorized' : success ? 'captured' : 'failed',
      method: typeof body.method === 'string' ? body.method.slice(0, 20) : 'upi',
      errorCode: success ? null : 'BAD_REQUEST_ERROR',
      errorDescription: success ? null : 'Payment failed: the payer chose failure on the test gateway',
      createdAt: Math.floor(Date.now() / 1000),
    };
    const paid =
      success && !authorizedOnly
        ? (
            await runBatch(db, [
              db
                .update(testGatewayOrders)
                .set({ status: 'paid', attempts: order.attempts + 1 })
                .where(and(eq(testGatewayOrders.id, order.id), eq(testGatewayOrders.status, order.status)))
                .returning(),
            ])
          )[0][0]
        : undefined;
    if (success && !authorizedOnly && !paid) return c.json(rzpError('This order is already paid'), 400);
    if (!success || authorizedOnly) {
      await runBatch(db, [
        db
          .update(testGatewayOrders)
          .set({ status: 'attempted', attempts: order.attempts + 1 })
          .where(eq(testGatewayOrders.id, order.id)),
      ]);
    }
    await runBatch(db, [db.insert(testGatewayPayments).values(payment)]);
    // Webhooks go out after the answer, as Razorpay's do; tests may turn them off to choose their order.
    if (body.webhooks !== false && !authorizedOnly) {
      const origin = new URL(c.req.url).origin;
      const events: ('payment.captured' | 'order.paid' | 'payment.failed')[] = success
        ? ['payment.captured', 'order.paid']
        : ['payment.failed'];
      const send = (async () => {
        for (const e of events) {
          try {
            await deliverWebhook(c.env, origin, e, payment, paid ?? order);
          } catch (err) {
            log('warn', 'gateway.webhook_failed', { event: e, error: String(err) });
          }
        }
      })();
      try {
        c.executionCtx.waitUntil(send);
      } catch {
        await send;
      }
    }
    if (!success) {
      return c.json({
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: payment.errorDescription,
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: order.id, payment_id: payment.id },
        },
      });
    }
    return c.json({
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: await paymentSignature(order.id, payment.id, config.RAZORPAY_KEY_SECRET),
    });
  })
  // the webhooks the gateway sent lately (raw body and signature), for tools that check them (tests/node)
  .get('/webhooks', (c) => c.json({ items: sentWebhooks() }))
  // What Razorpay does to an authorized payment never captured: refunds it automatically.
  .post('/expire-authorization', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { payment_id?: unknown };
    const p = (
      await runBatch(getDb(c.env), [
        getDb(c.env)
          .update(testGatewayPayments)
          .set({ status: 'refunded' })
          .where(
            and(
              eq(testGatewayPayments.id, String(body.payment_id ?? '')),
              eq(testGatewayPayments.status, 'authorized'),
            ),
          )
          .returning(),
      ])
    )[0][0];
    if (!p) return c.json(rzpError('No authorized payment with this id'), 400);
    return c.json(paymentEntity(p));
  })
  .route('/', gatewayApi);
