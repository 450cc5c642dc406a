// Payments at Razorpay: the client of this environment, asking the gateway about one online order (the
// checkout callback, a member giving up, the cron) and the cron's reconciliation of orders left waiting.
// The state changes themselves are the transitions module's (worker/services/transitions/orders.ts), the
// webhook is webhook.ts, the emails order-mail.ts (docs/decisions/076).
import { and, eq, lt, sql } from 'drizzle-orm';
import { orders, payments } from '../../../schema/index';
import { localGateway } from '../../lib/local-tools';
import { log } from '../../lib/log';
import {
  isPaid,
  isTransient,
  makeRazorpay,
  type Razorpay,
  RazorpayError,
  type RazorpayPayment,
} from '../../lib/razorpay';
import type { Svc } from '../../lib/svc';
import type { OrderRow } from './order-view';
import { confirmPayment, releaseOrder, type Via } from '../transitions/orders';
import { ORDER_STATUS, type OrderStatus } from '../../../core/orders';

/** The Razorpay client for this environment: the built-in test gateway in-process in local mode. */
export function razorpayFor(s: Svc): Razorpay {
  const transport =
    s.config.RAZORPAY_BASE_URL === 'local'
      ? (req: Request) => localGateway()(req, s.env)
      : (req: Request) => fetch(req);
  return makeRazorpay(s.config, transport);
}

/**
 * A payment Razorpay reports as authorized but not captured is captured now (for its own amount), so that
 * the order is paid for real; Razorpay would otherwise refund it while the order looked paid. Returns the
 * payment as Razorpay reports it after that.
 */
export async function captureIfAuthorized(rzp: Razorpay, p: RazorpayPayment): Promise<RazorpayPayment> {
  if (p.status !== 'authorized') return p;
  try {
    return await rzp.capturePayment(p.id, p.amount);
  } catch (err) {
    // captured meanwhile by a concurrent call: Razorpay refuses the second capture; ask again
    if (err instanceof RazorpayError && !isTransient(err)) return rzp.fetchPayment(p.id);
    throw err;
  }
}

/** Razorpay's word on one of our online orders: the paid (captured) payment of its Razorpay order, if any. */
export async function paidPaymentOf(rzp: Razorpay, providerOrderId: string): Promise<RazorpayPayment | null> {
  const items = (await rzp.fetchOrderPayments(providerOrderId)).filter((p) => p.order_id === providerOrderId);
  const paid = items.find(isPaid);
  if (paid) return paid;
  const authorized = items.find((p) => p.status === 'authorized');
  if (!authorized) return null;
  const after = await captureIfAuthorized(rzp, authorized);
  return isPaid(after) ? after : null;
}

/** The online attempt of an order (one Razorpay order per order). */
export async function razorpayAttempt(s: Svc, orderId: number) {
  return s.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, 'razorpay')))
    .get();
}

/**
 * Asks Razorpay about an online order still Pending Payment (or Failed): confirms it if paid; otherwise,
 * when `expireBefore` is given and the order is older, gives it up. Returns the order's status after.
 */
export async function settleOnline(
  s: Svc,
  order: OrderRow,
  opts: { via: Via; expireBefore?: number; actorId?: number | null },
): Promise<OrderStatus> {
  const attempt = await razorpayAttempt(s, order.id);
  if (attempt?.providerOrderId) {
    const paid = await paidPaymentOf(razorpayFor(s), attempt.providerOrderId);
    if (paid) {
      try {
        return (
          await confirmPayment(s, {
            orderId: order.id,
            via: opts.via,
            actorId: opts.actorId ?? null,
            razorpay: { paymentId: paid.id, orderId: attempt.providerOrderId, amountPaise: paid.amount },
          })
        ).order.status;
      } catch (err) {
        log('error', 'settle.confirm_failed', { orderId: order.id, error: String(err) });
        return order.status;
      }
    }
  }
  if (
    opts.expireBefore !== undefined &&
    order.createdAt < opts.expireBefore &&
    order.status === ORDER_STATUS.pendingPayment
  ) {
    return (
      await releaseOrder(s, {
        orderId: order.id,
        to: ORDER_STATUS.failed,
        reason: 'Payment not completed in time',
        closedAs: 'expired',
        via: opts.via,
        actorId: null,
      })
    ).order.status;
  }
  return order.status;
}

/** Direct-transfer orders started but never given a transaction id are kept this long (Share transfer details). */
export const OFFLINE_ABANDON_MS = 7 * 24 * 60 * 60 * 1000;

/** The cron's part: settle online orders left Pending Payment, expire abandoned ones. */
export async function reconcilePayments(s: Svc, now = Date.now()): Promise<{ settled: number; expired: number }> {
  const onlineCutoff = now - s.config.ABANDON_AFTER_MINUTES * 60_000;
  // TRANSFER_EXPIRE_DAYS (default 7, as OFFLINE_ABANDON_MS): a transfer never shared is given up after it (decision 084)
  const offlineAbandonMs = (s.config.TRANSFER_EXPIRE_DAYS ?? 7) * 24 * 60 * 60 * 1000;
  // Online and direct-transfer orders are read apart, so that young transfers never crowd out online ones.
  const pendingOf = (type: 'Online' | 'Offline', before: number) =>
    s.db
      .select()
      .from(orders)
      .where(
        and(eq(orders.status, ORDER_STATUS.pendingPayment), eq(orders.paymentType, type), lt(orders.createdAt, before)),
      )
      .orderBy(orders.createdAt)
      .limit(100)
      .all();
  // A transfer that holds a sponsorship item keeps it only briefly until the payer shares the transaction id
  // (TRANSFER_HOLD_HOURS); after that the hold lasts until an admin decides (decision 071).
  const holdCutoff = now - s.config.TRANSFER_HOLD_HOURS * 3_600_000;
  const heldTransfers = s.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, ORDER_STATUS.pendingPayment),
        eq(orders.paymentType, 'Offline'),
        lt(orders.createdAt, holdCutoff),
        sql`EXISTS (SELECT 1 FROM sponsorship_claims c WHERE c.order_id = ${orders.id} AND c.state = 'held')`,
      ),
    )
    .orderBy(orders.createdAt)
    .limit(100)
    .all();
  const [online, offline, held] = await Promise.all([
    pendingOf('Online', now - 60_000),
    pendingOf('Offline', now - offlineAbandonMs),
    heldTransfers,
  ]);
  const pending = [...online, ...new Map([...offline, ...held].map((o) => [o.id, o])).values()];
  let settled = 0;
  let expired = 0;
  for (const o of pending) {
    try {
      if (o.paymentType === 'Online') {
        const after = await settleOnline(s, o, { via: 'reconciler', expireBefore: onlineCutoff });
        if (after === ORDER_STATUS.success) settled++;
        if (after === ORDER_STATUS.failed) expired++;
      } else {
        await releaseOrder(s, {
          orderId: o.id,
          to: ORDER_STATUS.failed,
          reason:
            o.createdAt < now - offlineAbandonMs
              ? 'Transfer details not shared in time'
              : 'Transfer details not shared in time; the sponsorship hold was released',
          closedAs: 'expired',
          via: 'reconciler',
          actorId: null,
        });
        expired++;
      }
    } catch (err) {
      // Razorpay unreachable: leave it for the next run.
      log('warn', 'reconcile.skipped', { orderId: o.id, error: String(err) });
    }
  }
  return { settled, expired };
}
