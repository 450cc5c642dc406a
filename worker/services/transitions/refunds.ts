// The state changes of refunds (docs/decisions/076, 080, 081): a refund is born 'requested' (online) or
// 'processed' (direct transfer, carry-over) with its lines, its effects on the order and its audit row in one
// batch; it moves requested -> pending/processed/failed and pending -> processed/failed by one conditional
// UPDATE ... WHERE status IN (<from>) whose change count decides. The database's triggers (migrations/0080)
// refuse a refund of an unpaid order, beyond what was captured or of a line refunded already; the callers
// (refunds.ts) turn those D1 errors into answers and send the emails.
import { eq } from 'drizzle-orm';
import { formatINR } from '../../../core/money';
import {
  canRefundTransition,
  ORDER_STATUS,
  REFUND_INITIAL,
  REFUND_STATUS,
  type RefundStatus,
} from '../../../core/orders';
import { orders } from '../../../schema/orders';
import { refunds } from '../../../schema/refunds';
import { audit, type Guard, guardedAudit } from '../../lib/audit';
import { randomCode, randomToken } from '../../lib/crypto';
import { changesOf, raw, runBatch } from '../../lib/d1-batch';
import type { Svc } from '../../lib/svc';
import { afterUnitsFreed } from '../catalogue/waitlist';
import { issueCreditNote } from './receipts';
import { creditsFollowRefunds } from './statement-credits';

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;
type RefundLine = { lineId: number; code: string; qty: number; amountPaise: number };

/** The lines of a refund, written in its batch and attached to it by its request key. */
function refundLineInserts(orderId: number, lines: readonly RefundLine[], requestKey: string) {
  return lines.map((l) =>
    raw(
      `INSERT INTO refund_lines (refund_id, order_id, line_id, qty, amount_paise)
       SELECT id, ?, ?, ?, ? FROM refunds WHERE request_key = ?`,
      orderId,
      l.lineId,
      l.qty,
      l.amountPaise,
      requestKey,
    ),
  );
}

const PASS_LINE = `type IN ('MEMBERSHIP', 'DAILY_PASS') AND code <> 'DNP'`;
const unitsIn = (statuses: string) =>
  `(SELECT coalesce(sum(rl.qty), 0) FROM refund_lines rl CROSS JOIN refunds r ON r.id = rl.refund_id
    WHERE rl.line_id = order_lines.id AND r.status ${statuses})`;

/**
 * Recomputes what the order's refunds release (docs/decisions/145). From the moment a refund is asked for until
 * it fails, its units are withheld: not handed out at the venue (the pass is void once every pass unit is
 * withheld), not counted for member prices. Only a processed refund (the money has gone) counts as refunded:
 * the refunded units and amount, the order's refund state, and the full sponsorship claim of a refunded
 * sponsorship line, deleted then (the item is free again). While one is requested or pending the order reads
 * 'Refund Pending'. The same statements are right whichever event arrives first, and harmless when repeated.
 */
function effects(orderId: number) {
  return [
    raw(
      `UPDATE order_lines SET refunded_qty = ${unitsIn("= 'processed'")}, withheld_qty = ${unitsIn("<> 'failed'")}
       WHERE order_id = ?`,
      orderId,
    ),
    raw(
      `UPDATE orders SET
         refunded_paise = (SELECT coalesce(sum(amount_paise), 0) FROM refunds
           WHERE order_id = orders.id AND status = 'processed' AND method <> 'carry_over'),
         refund_state = CASE
           WHEN EXISTS (SELECT 1 FROM refunds WHERE order_id = orders.id AND status IN ('requested', 'pending'))
             THEN 'Refund Pending'
           WHEN NOT EXISTS (SELECT 1 FROM order_lines WHERE order_id = orders.id AND refunded_qty > 0) THEN NULL
           WHEN NOT EXISTS (SELECT 1 FROM refunds WHERE order_id = orders.id AND status = 'processed'
             AND method <> 'carry_over') THEN 'Carried Over'
           WHEN NOT EXISTS (SELECT 1 FROM order_lines WHERE order_id = orders.id AND refunded_qty < qty) THEN 'Refunded'
           ELSE 'Partially Refunded' END,
         pass_void = CASE
           WHEN EXISTS (SELECT 1 FROM order_lines WHERE order_id = orders.id AND ${PASS_LINE})
             AND NOT EXISTS (SELECT 1 FROM order_lines WHERE order_id = orders.id AND ${PASS_LINE} AND withheld_qty < qty)
           THEN 1 ELSE 0 END
       WHERE id = ?`,
      orderId,
    ),
    raw(
      `DELETE FROM sponsorship_claims WHERE order_id = ? AND product_id IN (SELECT product_id FROM order_lines
         WHERE order_id = ? AND type = 'SPONSORSHIP' AND full_sponsor = 1 AND refunded_qty >= qty)`,
      orderId,
      orderId,
    ),
    // a bank statement's credit approved for this order follows it (docs/decisions/140)
    ...creditsFollowRefunds(orderId),
  ];
}

const madeIt = (refundId: number, token: string): Guard => ({
  sql: 'EXISTS (SELECT 1 FROM refunds WHERE id = ? AND transition_id = ?)',
  params: [refundId, token],
});

/** The attention flag of an order whose refund failed after it started; cleared when the refund is replaced. */
export const failureAttention = (refund: Pick<RefundRow, 'id' | 'amountPaise'>) =>
  `Refund #${refund.id} of ${formatINR(refund.amountPaise)} failed at the payment gateway: retry it, or record it as paid back by hand.`;

/**
 * A refund is born: the row (with its request key), its lines, its effects (its units withheld at once; released
 * for good when it is born 'processed'), and its audit row, in one batch. A refund replacing a failed one
 * (`retryOf`: retried, or recorded as paid back by hand) clears that failure's attention flag in the same batch.
 * Unique indexes (request key, reference, retry_of) and the triggers refuse it as a whole; the D1 error is the
 * caller's to answer. Returns the row written.
 */
export async function createRefund(
  s: Svc,
  order: Pick<OrderRow, 'id'>,
  r: {
    requestKey: string;
    method: 'razorpay' | 'bank_transfer' | 'manual';
    status: RefundStatus;
    amountPaise: number;
    reason: string;
    providerPaymentId: string | null;
    reference: string | null;
    lines: readonly RefundLine[];
    actorId: number;
    retryOf?: Pick<RefundRow, 'id' | 'amountPaise'> | null;
  },
): Promise<RefundRow> {
  if (!REFUND_INITIAL.includes(r.status)) throw new Error(`a refund is not born ${r.status}`);
  const at = Date.now();
  await runBatch(s.db, [
    s.db.insert(refunds).values({
      orderId: order.id,
      requestKey: r.requestKey,
      method: r.method,
      status: r.status,
      amountPaise: r.amountPaise,
      reason: r.reason,
      providerPaymentId: r.providerPaymentId,
      reference: r.reference,
      createdBy: r.actorId,
      createdAt: at,
      updatedAt: at,
      settledAt: r.status === REFUND_STATUS.processed ? at : null,
      transitionId: randomToken(12),
      retryOf: r.retryOf?.id ?? null,
    }),
    ...refundLineInserts(order.id, r.lines, r.requestKey),
    ...effects(order.id),
    // born paid back (a transfer's refund, one paid by hand): its credit note (docs/decisions/260)
    ...(r.status === REFUND_STATUS.processed
      ? issueCreditNote({ sql: 'r.request_key = ?', params: [r.requestKey] }, at)
      : []),
    ...(r.retryOf
      ? [
          raw(
            'UPDATE orders SET attention = NULL WHERE id = ? AND attention = ?',
            order.id,
            failureAttention(r.retryOf),
          ),
        ]
      : []),
    audit(s.db, {
      actorId: r.actorId,
      action: r.method === 'razorpay' ? 'refund.requested' : 'refund.recorded',
      entityType: 'order',
      entityId: order.id,
      details: {
        requestKey: r.requestKey,
        amountPaise: r.amountPaise,
        reason: r.reason,
        lines: r.lines.map((l) => ({ lineId: l.lineId, code: l.code, qty: l.qty, amountPaise: l.amountPaise })),
        ...(r.reference ? { reference: r.reference } : {}),
        ...(r.providerPaymentId ? { razorpayPaymentId: r.providerPaymentId } : {}),
        ...(r.retryOf ? { retryOf: r.retryOf.id, method: r.method } : {}),
      },
    }),
  ]);
  // a refund born processed frees its units (migrations/0245): the first in a waiting line may have them
  if (r.status === REFUND_STATUS.processed) await afterUnitsFreed(s);
  return (await s.db.select().from(refunds).where(eq(refunds.requestKey, r.requestKey)).get())!;
}

/**
 * Moves a refund from one of `from` to `to` (only the steps core/orders.ts allows) with one conditional
 * update; the effects and the audit row follow in the same batch only for the call that made the change.
 * Safe from the admin's request, a webhook and the reconciler in any order, any number of times. `refund` is
 * the row as the caller read it, which may be stale: the update decides.
 */
export async function moveRefund(
  s: Svc,
  refund: RefundRow,
  from: RefundStatus[],
  to: RefundStatus,
  extra: { providerRefundId?: string | null; failureReason?: string | null; via: string; actorId: number | null },
): Promise<{ changed: boolean; refund: RefundRow }> {
  const sources = from.filter((f) => canRefundTransition(f, to));
  if (sources.length === 0) throw new Error(`refund ${from.join('/')} -> ${to} is not a transition`);
  const token = randomToken(12);
  const at = Date.now();
  const settled = to === REFUND_STATUS.processed || to === REFUND_STATUS.failed;
  const provider = extra.providerRefundId ?? null;
  const guard = madeIt(refund.id, token);
  const results = await runBatch(s.db, [
    raw(
      `UPDATE refunds SET status = ?, transition_id = ?, updated_at = ?,
         provider_refund_id = coalesce(provider_refund_id, ?), failure_reason = coalesce(?, failure_reason),
         settled_at = CASE WHEN ? THEN ? ELSE settled_at END
       WHERE id = ? AND status IN (${sources.map(() => '?').join(', ')})`,
      to,
      token,
      at,
      provider,
      extra.failureReason ?? null,
      settled ? 1 : 0,
      at,
      refund.id,
      ...sources,
    ),
    // recomputed from the refunds that stand: unchanged when the update above was refused
    ...effects(refund.orderId),
    // the money has gone back: the credit note, only with this change (docs/decisions/260)
    ...(to === REFUND_STATUS.processed
      ? issueCreditNote({ sql: 'r.id = ? AND r.transition_id = ?', params: [refund.id, token] }, at)
      : []),
    // a refund that fails after the admin's request (webhook, reconciler) is flagged for the admins
    ...(to === REFUND_STATUS.failed && extra.via !== 'admin'
      ? [
          raw(
            `UPDATE orders SET attention = ? WHERE id = ? AND ${guard.sql}`,
            failureAttention(refund),
            refund.orderId,
            ...guard.params,
          ),
        ]
      : []),
    guardedAudit(
      {
        actorId: extra.actorId,
        action: `refund.${to === 'pending' ? 'accepted' : to}`,
        entityType: 'order',
        entityId: refund.orderId,
        details: {
          refundId: refund.id,
          from: refund.status,
          amountPaise: refund.amountPaise,
          via: extra.via,
          ...(provider ? { razorpayRefundId: provider } : {}),
          ...(extra.failureReason ? { failureReason: extra.failureReason } : {}),
        },
      },
      guard,
    ),
  ]);
  const after = (await s.db.select().from(refunds).where(eq(refunds.id, refund.id)).get())!;
  if (to === REFUND_STATUS.processed && changesOf(results) > 0) await afterUnitsFreed(s);
  return { changed: changesOf(results) > 0, refund: after };
}

/**
 * A carry-over (docs/decisions/081) in one batch: a 'carry_over' refund of the lines (born processed, the
 * same triggers as a refund), a new Success order of the next year with those lines at the price paid, its
 * sponsorship claims (refused if the item is taken next year), and both audit rows. The caller retries on a
 * success_ts or pass_code collision and answers the D1 errors.
 */
export async function carryOver(
  s: Svc,
  order: OrderRow,
  c: {
    requestKey: string;
    nextYear: string;
    amountPaise: number;
    reason: string;
    lines: readonly RefundLine[];
    collect: boolean;
    successTs: number;
    at: number;
    actorId: number;
    fromRcpt: string;
  },
) {
  const key = c.requestKey;
  const newKey = `carry:${key}`;
  const NEW = '(SELECT id FROM orders WHERE checkout_key = ?)';
  const at = c.at;
  await runBatch(s.db, [
    s.db.insert(refunds).values({
      orderId: order.id,
      requestKey: key,
      method: 'carry_over',
      status: REFUND_STATUS.processed,
      amountPaise: c.amountPaise,
      reason: c.reason,
      createdBy: c.actorId,
      createdAt: at,
      updatedAt: at,
      settledAt: at,
    }),
    ...refundLineInserts(order.id, c.lines, key),
    s.db.insert(orders).values({
      userId: order.userId,
      kind: 'CONTRIBUTION',
      fiscalYear: c.nextYear,
      status: ORDER_STATUS.success,
      paymentType: order.paymentType,
      subtotalPaise: c.amountPaise,
      conveniencePaise: 0,
      totalPaise: c.amountPaise,
      checkoutKey: newKey,
      createdAt: at,
      paymentDate: order.paymentDate ?? at,
      successTs: c.successTs,
      userName: order.userName,
      userEmail: order.userEmail,
      userMobile: order.userMobile,
      referSource: order.referSource,
      referredBy: order.referredBy,
      addr1: order.addr1,
      addr2: order.addr2,
      city: order.city,
      state: order.state,
      pin: order.pin,
      transactionId: order.transactionId,
      bankName: order.bankName,
      passCode: c.collect ? randomCode(10) : null,
      passCollected: c.collect ? 0 : null,
      updatedAt: at,
    }),
    ...c.lines.map((l) =>
      raw(
        `INSERT INTO order_lines (order_id, product_id, type, code, name, qty, unit_price_paise, max_price_paise,
           sell_price_paise, full_sponsor, member_priced_units)
         SELECT ${NEW}, product_id, type, code, name, ?, unit_price_paise, ?, ?, full_sponsor, 0
         FROM order_lines WHERE id = ?`,
        newKey,
        l.qty,
        l.amountPaise,
        l.amountPaise,
        l.lineId,
      ),
    ),
    raw(
      `INSERT INTO sponsorship_claims (product_id, fiscal_year, order_id, user_id, state)
       SELECT l.product_id, ?, l.order_id, ?, 'sponsored' FROM order_lines l
       WHERE l.order_id = ${NEW} AND l.type = 'SPONSORSHIP' AND l.full_sponsor = 1`,
      c.nextYear,
      order.userId,
      newKey,
    ),
    raw(`UPDATE refunds SET carried_to_order_id = ${NEW} WHERE request_key = ?`, newKey, key),
    ...effects(order.id),
    audit(s.db, {
      actorId: c.actorId,
      action: 'order.carried_over',
      entityType: 'order',
      entityId: order.id,
      details: {
        requestKey: key,
        toYear: c.nextYear,
        amountPaise: c.amountPaise,
        reason: c.reason,
        lines: c.lines.map((l) => ({ lineId: l.lineId, code: l.code, qty: l.qty, amountPaise: l.amountPaise })),
      },
    }),
    // the new order's id is known only inside the batch: its audit row reads it back by the checkout key
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
       SELECT ?, 'order.carried_in', 'order', CAST(id AS TEXT), ? FROM orders WHERE checkout_key = ?`,
      c.actorId,
      JSON.stringify({ fromOrder: c.fromRcpt, fromYear: order.fiscalYear, amountPaise: c.amountPaise }),
      newKey,
    ),
  ]);
  return (await s.db.select().from(refunds).where(eq(refunds.requestKey, key)).get())!;
}
