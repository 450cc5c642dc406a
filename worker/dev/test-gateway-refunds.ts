// The test gateway's Refunds API (local mode only, docs/decisions/080-refunds.md): Razorpay's shapes for
// creating a refund (POST /v1/payments/:id/refund with X-Refund-Idempotency), fetching one and listing a
// payment's refunds, and the refund.created / refund.processed / refund.failed webhooks, signed as Razorpay
// signs them. What the next refunds do is a switch a test (or a developer) sets: process, fail, hold
// pending, or refuse outright (a 400, as Razorpay answers an impossible refund).
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { testGatewayFlags, testGatewayRefunds } from '../../schema/refunds';
import { testGatewayPayments } from '../../schema/test-gateway';
import type { AppEnv, Bindings } from '../env';
import { getConfig } from '../lib/config';
import { runBatch } from '../lib/d1-batch';
import { getDb } from '../lib/db';
import { say } from '../lib/errors';
import { localApp } from '../lib/local-tools';
import { log } from '../lib/log';
import { webhookSignature } from '../lib/razorpay';
import { keepSentWebhook, paymentEntities, rzpErrorBody } from './gateway-entities';

export const REFUND_MODES = ['process', 'fail', 'hold', 'refuse'] as const;
export type RefundMode = (typeof REFUND_MODES)[number];

type GwRefund = typeof testGatewayRefunds.$inferSelect;
type GwPayment = typeof testGatewayPayments.$inferSelect;

const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const config = getConfig(c.env);
  if (!config.isLocal || config.RAZORPAY_BASE_URL !== 'local') {
    const none = say('notFound');
    return c.json({ error: 'NotFound', desc: none.text, key: none.key, params: none.params }, 404);
  }
  await next();
};

const basicAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const config = getConfig(c.env);
  if (c.req.header('authorization') !== `Basic ${btoa(`${config.RAZORPAY_KEY_ID}:${config.RAZORPAY_KEY_SECRET}`)}`) {
    return c.json(rzpError('The api key provided is invalid'), 401);
  }
  await next();
};

const rzpError = (description: string, field: string | null = null) =>
  rzpErrorBody(description, 'payment_refund', field);

function rid(prefix: string) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  return `${prefix}_${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

export function refundEntity(r: GwRefund) {
  return {
    id: r.id,
    entity: 'refund',
    amount: r.amount,
    currency: r.currency,
    payment_id: r.paymentId,
    notes: JSON.parse(r.notes) as Record<string, string>,
    receipt: null,
    acquirer_data: { arn: r.status === 'processed' ? `ARN${r.id.slice(5, 15)}` : null },
    created_at: r.createdAt,
    batch_id: null,
    status: r.status,
    speed_processed: 'normal',
    speed_requested: 'normal',
  };
}

async function refundMode(env: Bindings): Promise<RefundMode> {
  const row = await getDb(env).select().from(testGatewayFlags).where(eq(testGatewayFlags.key, 'refund_mode')).get();
  return (REFUND_MODES as readonly string[]).includes(row?.value ?? '') ? (row!.value as RefundMode) : 'process';
}

/** How long the gateway takes to answer a refund request (Razorpay's own answer takes a moment too). */
async function refundDelayMs(env: Bindings): Promise<number> {
  const row = await getDb(env).select().from(testGatewayFlags).where(eq(testGatewayFlags.key, 'refund_delay_ms')).get();
  const ms = Number(row?.value ?? 0);
  return Number.isInteger(ms) && ms > 0 ? Math.min(ms, 5000) : 0;
}

async function refundedSoFar(env: Bindings, paymentId: string) {
  const row = await getDb(env)
    .select({ sum: sql<number>`coalesce(sum(${testGatewayRefunds.amount}), 0)` })
    .from(testGatewayRefunds)
    .where(and(eq(testGatewayRefunds.paymentId, paymentId), ne(testGatewayRefunds.status, 'failed')))
    .get();
  return Number(row?.sum ?? 0);
}

export type RefundEvent = 'refund.created' | 'refund.processed' | 'refund.failed';

/** Signs and posts one refund webhook to the app, as Razorpay does (payload: refund and payment entities). */
export async function deliverRefundWebhook(
  env: Bindings,
  origin: string,
  event: RefundEvent,
  refund: GwRefund,
  payment: GwPayment,
  eventId = rid('evt'),
) {
  const config = getConfig(env);
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_TestGateway01',
    event,
    contains: ['refund', 'payment'],
    payload: {
      refund: { entity: refundEntity(refund) },
      payment: { entity: (await paymentEntities(getDb(env), [payment]))[0] },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  const signature = await webhookSignature(body, config.RAZORPAY_WEBHOOK_SECRET);
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
  if (!res.ok) log('warn', 'gateway.refund_webhook_refused', { event, status: res.status });
}

/** Moves a pending refund to processed or failed; answers the refund as it is after (null if unknown). */
async function settle(env: Bindings, refundId: string, outcome: 'processed' | 'failed') {
  const db = getDb(env);
  return (
    (
      await runBatch(db, [
        db
          .update(testGatewayRefunds)
          .set({ status: outcome })
          .where(and(eq(testGatewayRefunds.id, refundId), eq(testGatewayRefunds.status, 'pending')))
          .returning(),
      ])
    )[0][0] ?? null
  );
}

/** Where the app is: reached in-process (http://razorpay.local) the gateway posts to the app's own origin. */
function appOrigin(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  return url.hostname === 'razorpay.local' ? (getConfig(c.env).APP_URL ?? 'http://localhost') : url.origin;
}

/** Webhooks go out a moment after the answer, as Razorpay's do (and never inside the caller's own request). */
function later(c: Context<AppEnv>, work: () => Promise<void>, delayMs = 300) {
  const run = (async () => {
    await new Promise((r) => setTimeout(r, delayMs));
    try {
      await work();
    } catch (err) {
      log('warn', 'gateway.refund_webhook_failed', { error: String(err) });
    }
  })();
  try {
    c.executionCtx.waitUntil(run);
  } catch {
    // no execution context: the delivery still runs, unawaited
  }
}

/** Razorpay's Refunds API shapes, mounted inside the gateway's /v1 API (Basic auth). */
export const gatewayRefundsApi = new Hono<AppEnv>()
  .use('*', localOnly)
  .use('/v1/*', basicAuth)
  .post('/v1/payments/:id/refund', async (c) => {
    const db = getDb(c.env);
    let body: { amount?: unknown; notes?: unknown };
    try {
      body = await c.req.json();
    } catch {
      return c.json(rzpError('The request body is not JSON'), 400);
    }
    const key = c.req.header('x-refund-idempotency')?.slice(0, 100) || null;
    if (key) {
      const same = await db.select().from(testGatewayRefunds).where(eq(testGatewayRefunds.idempotencyKey, key)).get();
      if (same) {
        if (same.paymentId !== c.req.param('id'))
          return c.json(rzpError('Idempotency key used for another payment'), 400);
        return c.json(refundEntity(same));
      }
    }
    const payment = await db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.id, c.req.param('id')))
      .get();
    if (!payment) return c.json(rzpError('The id provided does not exist'), 400);
    if (payment.status !== 'captured') return c.json(rzpError('The payment has not been captured'), 400);
    const amount = body.amount === undefined ? payment.amount : body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return c.json(rzpError('The amount must be atleast INR 1.00', 'amount'), 400);
    }
    const mode = await refundMode(c.env);
    const delay = await refundDelayMs(c.env);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (mode === 'refuse') return c.json(rzpError('Refund could not be processed for this payment'), 400);
    if (amount + (await refundedSoFar(c.env, payment.id)) > payment.amount) {
      return c.json(rzpError('The total refund amount is greater than the refund payment amount', 'amount'), 400);
    }
    const row: GwRefund = {
      id: rid('rfnd'),
      paymentId: payment.id,
      amount,
      currency: payment.currency,
      status: 'pending',
      idempotencyKey: key,
      notes: JSON.stringify(body.notes && typeof body.notes === 'object' ? body.notes : {}),
      createdAt: Math.floor(Date.now() / 1000),
    };
    try {
      await runBatch(db, [db.insert(testGatewayRefunds).values(row)]);
    } catch (err) {
      // the same key a moment earlier (a double click): answer that refund
      const same = key
        ? await db.select().from(testGatewayRefunds).where(eq(testGatewayRefunds.idempotencyKey, key)).get()
        : undefined;
      if (same) return c.json(refundEntity(same));
      throw err;
    }
    const origin = appOrigin(c);
    const env = c.env;
    later(c, async () => {
      await deliverRefundWebhook(env, origin, 'refund.created', row, payment);
      if (mode === 'hold') return;
      const after = await settle(env, row.id, mode === 'fail' ? 'failed' : 'processed');
      if (after) {
        await deliverRefundWebhook(
          env,
          origin,
          after.status === 'failed' ? 'refund.failed' : 'refund.processed',
          after,
          payment,
        );
      }
    });
    return c.json(refundEntity(row));
  })
  .get('/v1/payments/:id/refunds', async (c) => listRefunds(c, c.req.param('id')))
  // one refund of a payment (the SDK's payments.fetchRefund / refunds.fetch with payment_id)
  .get('/v1/payments/:id/refunds/:refundId', async (c) => {
    const r = await getDb(c.env)
      .select()
      .from(testGatewayRefunds)
      .where(
        and(eq(testGatewayRefunds.id, c.req.param('refundId')), eq(testGatewayRefunds.paymentId, c.req.param('id'))),
      )
      .get();
    if (!r) return c.json(rzpError('The id provided does not exist'), 400);
    return c.json(refundEntity(r));
  })
  .get('/v1/refunds', async (c) => listRefunds(c, null))
  .get('/v1/refunds/:id', async (c) => {
    const r = await getDb(c.env)
      .select()
      .from(testGatewayRefunds)
      .where(eq(testGatewayRefunds.id, c.req.param('id')))
      .get();
    if (!r) return c.json(rzpError('The id provided does not exist'), 400);
    return c.json(refundEntity(r));
  });

/** A collection of refunds (one payment's, or all), oldest first, paged by Razorpay's count (default 10) and skip. */
async function listRefunds(c: Context<AppEnv>, paymentId: string | null) {
  const count = Math.min(100, Math.max(1, Number(c.req.query('count') ?? 10) || 10));
  const skip = Math.max(0, Number(c.req.query('skip') ?? 0) || 0);
  const items = await getDb(c.env)
    .select()
    .from(testGatewayRefunds)
    .where(paymentId === null ? undefined : eq(testGatewayRefunds.paymentId, paymentId))
    .orderBy(asc(testGatewayRefunds.createdAt), sql`rowid`) // two refunds of one millisecond: in the order made
    .limit(count)
    .offset(skip)
    .all();
  return c.json({ entity: 'collection', count: items.length, items: items.map(refundEntity) });
}

/** The developer's and tests' switches, mounted at /dev/razorpay (local mode only, no keys needed). */
export const gatewayRefundControls = new Hono<AppEnv>()
  .use('*', localOnly)
  // what the next refunds do: process (default), fail, hold (pending until settled) or refuse (a 400); and how
  // long the gateway takes to answer a refund request (delayMs, default 0: a race test widens the moment between
  // the app's refund row and the gateway's answer to what a real gateway takes)
  .post('/refund-mode', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { mode?: unknown; delayMs?: unknown };
    const mode = String(body.mode ?? '');
    if (!(REFUND_MODES as readonly string[]).includes(mode)) {
      return c.json(rzpError(`mode must be one of ${REFUND_MODES.join(', ')}`), 400);
    }
    const delayMs = body.delayMs ?? 0;
    if (typeof delayMs !== 'number' || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > 5000) {
      return c.json(rzpError('delayMs must be a whole number of milliseconds from 0 to 5000'), 400);
    }
    const db = getDb(c.env);
    for (const [key, value] of [
      ['refund_mode', mode],
      ['refund_delay_ms', String(delayMs)],
    ] as const) {
      await runBatch(db, [
        db
          .insert(testGatewayFlags)
          .values({ key, value })
          .onConflictDoUpdate({ target: testGatewayFlags.key, set: { value } }),
      ]);
    }
    return c.json({ mode, delayMs });
  })
  // settles a held refund; with webhooks: false the test sends them itself (twice, out of order)
  .post('/settle-refund', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as {
      refund_id?: unknown;
      outcome?: unknown;
      webhooks?: unknown;
    };
    const outcome = body.outcome === 'failed' ? 'failed' : 'processed';
    const after = await settle(c.env, String(body.refund_id ?? ''), outcome);
    if (!after) return c.json(rzpError('No pending refund with this id'), 400);
    if (body.webhooks !== false) {
      const payment = (await getDb(c.env)
        .select()
        .from(testGatewayPayments)
        .where(eq(testGatewayPayments.id, after.paymentId))
        .get())!;
      const origin = appOrigin(c);
      const env = c.env;
      later(
        c,
        () =>
          deliverRefundWebhook(
            env,
            origin,
            outcome === 'failed' ? 'refund.failed' : 'refund.processed',
            after,
            payment,
          ),
        0,
      );
    }
    return c.json(refundEntity(after));
  });
