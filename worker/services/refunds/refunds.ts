// Cancellations and refunds (docs/decisions/080-refunds.md). An admin refunds whole lines or N of a
// line's units of a paid order; the server computes the amount (the convenience charge stays with the
// provider). Every guard (paid order, never beyond what was captured, a line never refunded twice, no pass
// once collected, a reference unique system-wide) is checked by the database in the batch that writes the
// refund (migrations/0080 triggers), so two admins refunding at the same moment cannot both pass it.
//
// Online: the refund row is written 'requested' first (reserving its lines), then Razorpay is asked with an
// X-Refund-Idempotency key derived from the row, so a retry or a double click never refunds twice. Accepted:
// 'pending' (effects applied), settled 'processed' or 'failed' by webhook or the reconciler. Refused: 'failed'
// and nothing changed. No answer: left 'requested' and sent again by the reconciler with the same key.
// Direct transfer: recorded 'processed' with the bank/UPI reference, effects in the same batch.

import { and, asc, eq, inArray, lt, max, sql } from 'drizzle-orm';
import type { BatchResponse } from 'drizzle-orm/batch';
import type { z } from 'zod';
import { normalizeTxnId } from '../../../core/contracts/checkout';
import type { KeyedMessage } from '../../../core/contracts/common';
import type {
  carryOverRequest,
  manualRefundRequest,
  OrderRefunds,
  orderRefundsRequest,
  RefundableLineView,
  RefundQuote,
  RefundResult,
  RefundView,
  refundOrderRequest,
  refundQuoteRequest,
  retryRefundRequest,
} from '../../../core/contracts/refunds';
import { formatRcptId } from '../../../core/ids';
import { formatINR, paiseToRupees } from '../../../core/money';
import { needsCollection, ORDER_STATUS, PAYMENT_STATUS, REFUND_STATUS } from '../../../core/orders';
import { isPassLine } from '../../../core/pass-qr';
import { planRefund, type RefundableLine, RefundPlanError } from '../../../core/refunds';
import { orderLines, orders, payments } from '../../../schema/orders';
import { refundLines, refunds } from '../../../schema/refunds';
import { guardFailure, isUniqueViolation, runBatch } from '../../lib/d1-batch';
import type { Db } from '../../lib/db';
import { DomainError, say, told } from '../../lib/errors';
import { localGateway } from '../../lib/local-tools';
import { log } from '../../lib/log';
import { compose, type Letter, linesText, sendMail, type Words } from '../../lib/mail';
import { isTransient, RazorpayError } from '../../lib/razorpay';
import { makeRazorpayRefunds, type RazorpayRefund } from '../../lib/razorpay-refunds';
import type { Actor } from '../../lib/session';
import { type Svc, sessionBatchOf } from '../../lib/svc';
import { notify } from '../channels/deliveries';
import { creditNoteOf } from '../checkout/receipts';
import { carryOver, createRefund, moveRefund } from '../transitions/refunds';

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;
export type Defer = (work: Promise<unknown>) => void;

/** The Refunds API of this environment: the built-in test gateway in-process in local mode. */
export function refundsClient(s: Svc, defer?: Defer) {
  const ctx = {
    waitUntil: (p: Promise<unknown>) => {
      const run = defer ?? s.defer;
      if (run) run(p);
    },
    passThroughOnException: () => {},
    props: {},
  };
  const transport =
    s.config.RAZORPAY_BASE_URL === 'local'
      ? (req: Request) => localGateway()(req, s.env, ctx)
      : (req: Request) => fetch(req);
  return makeRazorpayRefunds(s.config, transport);
}

export const idempotencyKey = (refundId: number) => `samiti-refund-${refundId}`;

// ---- reading ----

const LIVE = sql`r.status <> 'failed'`;
const unitsWhere = (cond: ReturnType<typeof sql>) =>
  sql<number>`(SELECT coalesce(sum(rl.qty), 0) FROM refund_lines rl CROSS JOIN refunds r
    ON r.id = rl.refund_id WHERE rl.line_id = order_lines.id AND ${cond})`;

/**
 * The order's lines with the units already refunded or being refunded (failed refunds give theirs back:
 * `reserved`), the units refunds have processed (`processedQty`), the units still on their way (`pendingQty`) and
 * those carried over (`carriedQty`). `limit` gates the statement by role in a session batch (me.limit()).
 */
function refundableLinesQuery(db: Db, orderId: number, limit = -1) {
  return db
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      type: orderLines.type,
      code: orderLines.code,
      name: orderLines.name,
      qty: orderLines.qty,
      sellPricePaise: orderLines.sellPricePaise,
      processedQty: orderLines.refundedQty,
      reserved: unitsWhere(LIVE),
      pendingQty: unitsWhere(sql`r.status IN ('requested', 'pending')`),
      carriedQty: unitsWhere(sql`r.method = 'carry_over' AND ${LIVE}`),
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id))
    .limit(limit);
}

type LineRow = Awaited<ReturnType<typeof refundableLinesQuery>>[number];

const refundableOf = (rows: LineRow[]) => rows.map((r) => ({ ...r, refundedQty: Number(r.reserved) }));

async function refundableLines(s: Svc, orderId: number): Promise<(RefundableLine & { productId: number })[]> {
  return refundableOf(await refundableLinesQuery(s.db, orderId));
}

const orderQuery = (db: Db, orderId: number, limit = -1) =>
  db.select().from(orders).where(eq(orders.id, orderId)).limit(limit);

/**
 * An order, its lines, its refunds and their lines: four statements for one batch (one round trip), each gated by
 * `limit` in a session batch. The refunds' lines select the order's refunds through a subquery.
 */
function orderRefundsQueries(db: Db, orderId: number, limit = -1) {
  return [
    orderQuery(db, orderId, limit),
    refundableLinesQuery(db, orderId, limit),
    db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, orderId))
      .orderBy(asc(refunds.createdAt), asc(refunds.id))
      .limit(limit),
    db
      .select({
        refundId: refundLines.refundId,
        qty: refundLines.qty,
        amountPaise: refundLines.amountPaise,
        name: orderLines.name,
      })
      .from(refundLines)
      .innerJoin(orderLines, eq(orderLines.id, refundLines.lineId))
      .where(
        inArray(refundLines.refundId, db.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, orderId))),
      )
      .orderBy(asc(refundLines.id))
      .limit(limit),
  ] as const;
}

type OrderRefundsRows = BatchResponse<ReturnType<typeof orderRefundsQueries>>;

/** Why a line offers nothing to refund, for the dialog to show in place; null when it does. */
function notRefundable(
  l: { qty: number; pendingQty: number; carriedQty: number },
  refundableQty: number,
  passCollected: boolean,
): RefundableLineView['notRefundable'] {
  if (refundableQty > 0) return passCollected ? 'passCollected' : null;
  if (Number(l.pendingQty) > 0) return 'pending';
  if (Number(l.carriedQty) >= l.qty) return 'carriedOver';
  return 'refunded';
}

function refundViewsOf(rows: RefundRow[], lines: OrderRefundsRows[3]): RefundView[] {
  const byRefund = Map.groupBy(lines, (l) => l.refundId);
  const replacedBy = new Map(rows.filter((r) => r.retryOf !== null).map((r) => [r.retryOf!, r.id]));
  return rows.map((r) => ({
    refundId: r.id,
    method: r.method,
    carriedTo: r.carriedToOrderId ? formatRcptId(r.carriedToOrderId) : null,
    status: r.status,
    amount: paiseToRupees(r.amountPaise),
    reason: r.reason,
    reference: r.reference,
    providerRefundId: r.providerRefundId,
    failureReason: r.failureReason,
    createdAt: r.createdAt,
    settledAt: r.settledAt,
    retryOf: r.retryOf,
    replacedBy: replacedBy.get(r.id) ?? null,
    lines: (byRefund.get(r.id) ?? []).map((l) => ({
      name: l.name,
      qty: l.qty,
      amount: paiseToRupees(l.amountPaise),
    })),
  }));
}

const unknownOrder = (orderPkId: number) =>
  new DomainError('UnknownOrder', say('refund.unknownOrder', { rcpt: formatRcptId(orderPkId) }), 400);

async function loadOrder(s: Svc, orderId: number) {
  return s.db.select().from(orders).where(eq(orders.id, orderId)).get();
}

/** The view of an order's refunds from orderRefundsQueries' rows; null for an unknown order. */
function orderRefundsOf([[order], rows, refundRows, refundLineRows]: OrderRefundsRows): OrderRefunds | null {
  if (!order) return null;
  const lines = refundableOf(rows);
  return {
    orderPkId: order.id,
    orderRcptId: formatRcptId(order.id),
    status: order.status,
    paymentType: order.paymentType,
    orderTotal: paiseToRupees(order.totalPaise),
    convenienceCharge: paiseToRupees(order.conveniencePaise),
    refunded: paiseToRupees(order.refundedPaise),
    refundState: order.refundState,
    fiscalYear: order.fiscalYear,
    nextFiscalYear: nextFestivalYear(order.fiscalYear),
    passCollected: order.passCollected,
    lines: lines.map((l) => {
      const pass = isPassLine(l);
      const refundableQty = Math.max(0, l.qty - l.refundedQty);
      return {
        lineId: l.id,
        name: l.name,
        code: l.code,
        type: l.type,
        qty: l.qty,
        refundedQty: l.processedQty,
        pendingQty: Number(l.pendingQty),
        carriedQty: Number(l.carriedQty),
        refundableQty,
        sellPrice: paiseToRupees(l.sellPricePaise),
        sellPricePaise: l.sellPricePaise,
        pass,
        notRefundable: notRefundable(l, refundableQty, pass && passesHandedOut(order)),
      };
    }),
    refunds: refundViewsOf(refundRows, refundLineRows),
  };
}

/**
 * /getOrderRefunds: what can still be refunded, and every refund so far, read with the session lookup in one
 * round trip (session: 'batch'), only for an admin (`me.limit()`).
 */
export async function getOrderRefunds(s: Svc, input: z.output<typeof orderRefundsRequest>): Promise<OrderRefunds> {
  const { results } = await sessionBatchOf(s)((me, db) => orderRefundsQueries(db, input.orderPkId, me.limit()));
  const view = orderRefundsOf(results);
  if (!view) throw unknownOrder(input.orderPkId);
  return view;
}

/**
 * Passes handed out bar a refund, except a gate sale's (docs/decisions/253): handed over with the sale itself, they
 * are taken back at the desk when it is refunded (the trigger refund_line_guard of migrations/0251 agrees).
 */
const passesHandedOut = (o: { passCollected: number | null; checkoutKey: string | null }) =>
  o.passCollected === 1 && !o.checkoutKey?.startsWith('gate:');

function plan(
  order: OrderRow,
  lines: RefundableLine[],
  choice: { all?: boolean | null; lines?: { lineId: number; qty?: number | null }[] | null },
) {
  if (order.status !== ORDER_STATUS.success) {
    throw new DomainError(
      'NotPaid',
      say('refund.notPaid', { rcpt: formatRcptId(order.id), status: order.status }),
      409,
    );
  }
  try {
    return planRefund(lines, choice, { passCollected: passesHandedOut(order) });
  } catch (err) {
    if (err instanceof RefundPlanError) {
      throw new DomainError(err.code, say(err.key, err.params), err.code === 'PassCollected' ? 409 : 400);
    }
    throw err;
  }
}

/**
 * /getRefundQuote: the amount a refund of these lines gives back, as the server will compute it; the order and its
 * lines read with the session lookup in one round trip (session: 'batch'), only for an admin.
 */
export async function quoteRefund(s: Svc, input: z.output<typeof refundQuoteRequest>): Promise<RefundQuote> {
  const { results } = await sessionBatchOf(s)(
    (me, db) =>
      [orderQuery(db, input.orderPkId, me.limit(1)), refundableLinesQuery(db, input.orderPkId, me.limit())] as const,
  );
  const [[order], lines] = results;
  if (!order) throw unknownOrder(input.orderPkId);
  const p = plan(order, refundableOf(lines), input);
  return {
    amount: paiseToRupees(p.amountPaise),
    amountInPaisa: p.amountPaise,
    lines: p.lines.map((l) => ({ lineId: l.lineId, name: l.name, qty: l.qty, amount: paiseToRupees(l.amountPaise) })),
  };
}

/**
 * Moves a refund through the transitions module (worker/services/transitions/refunds.ts); only the call that
 * made the change tells the member.
 */
async function transition(
  s: Svc,
  refund: RefundRow,
  from: RefundRow['status'][],
  to: RefundRow['status'],
  extra: { providerRefundId?: string | null; failureReason?: string | null; via: string; actorId: number | null },
): Promise<{ changed: boolean; refund: RefundRow }> {
  const moved = await moveRefund(s, refund, from, to, extra);
  if (moved.changed) {
    log('info', 'refund.transition', { refundId: refund.id, from: refund.status, to, via: extra.via });
    await notifyMember(s, moved.refund, refund.status).catch((err) =>
      log('error', 'mail.refund_failed', { refundId: refund.id, error: String(err) }),
    );
  }
  return moved;
}

// ---- the admin's call ----

const guardMessage = (guard: string, rcpt: string): DomainError | null => {
  switch (guard) {
    case 'order_not_paid':
      return new DomainError('NotPaid', say('refund.notPaid', { rcpt, status: 'not paid' }), 409);
    case 'refund_exceeds':
    case 'line_refunded':
      return new DomainError('AlreadyRefunded', say('refund.alreadyRefunded', { rcpt }), 400);
    case 'pass_collected':
      return new DomainError('PassCollected', say('refund.passCollected', { rcpt }), 409);
    case 'foreign_line':
      return new DomainError('UnknownLine', say('refund.unknownLine'), 400);
    case 'reference_used':
      return new DomainError('ReferenceUsed', say('refund.referenceUsed'), 400);
    default:
      return null;
  }
};

/**
 * /refundOrder: cancels the chosen lines of a paid order and gives their money back. Answers the refund and
 * the order's refunds after it. The same requestKey again answers the refund it made.
 */
export async function refundOrder(
  s: Svc,
  actor: Pick<Actor, 'userId'>,
  input: z.output<typeof refundOrderRequest>,
  defer?: Defer,
): Promise<RefundResult> {
  const again = await s.db.select().from(refunds).where(eq(refunds.requestKey, input.requestKey)).get();
  if (again) return answerExisting(s, again, input.orderPkId);

  const order = await loadOrder(s, input.orderPkId);
  if (!order) throw unknownOrder(input.orderPkId);
  const rcpt = formatRcptId(order.id);
  const lines = await refundableLines(s, order.id);
  let p: ReturnType<typeof plan>;
  try {
    p = plan(order, lines, input);
  } catch (err) {
    return twinOr(s, input.requestKey, err, input.orderPkId);
  }

  let method: RefundRow['method'];
  let providerPaymentId: string | null = null;
  let reference: string | null = null;
  if (order.paymentType === 'Online') {
    if (input.reference) throw new DomainError('BadRequest', say('refund.referenceOnline'), 400);
    const paid = await s.db
      .select({ id: payments.providerPaymentId })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          eq(payments.method, 'razorpay'),
          eq(payments.status, PAYMENT_STATUS.captured),
        ),
      )
      .get();
    providerPaymentId = paid?.id ?? order.transactionId;
    if (!providerPaymentId) throw new DomainError('NoPayment', say('refund.noPayment', { rcpt }), 409);
    method = 'razorpay';
  } else {
    if (!input.reference) throw new DomainError('BadRequest', say('refund.referenceRequired'), 400);
    reference = normalizeTxnId(input.reference);
    // used by this very refund's twin (a double click) answers the twin's refund
    if (await referenceUsed(s, reference))
      return twinOr(s, input.requestKey, new DomainError('ReferenceUsed', say('refund.referenceUsed'), 400), order.id);
    method = 'bank_transfer';
  }

  const status: RefundRow['status'] = method === 'razorpay' ? REFUND_STATUS.requested : REFUND_STATUS.processed;
  const key = input.requestKey;
  let row: RefundRow;
  try {
    row = await createRefund(s, order, {
      requestKey: key,
      method,
      status,
      amountPaise: p.amountPaise,
      reason: input.reason,
      providerPaymentId,
      reference,
      lines: p.lines,
      actorId: actor.userId,
    });
  } catch (err) {
    return twinOr(s, key, refusalOf(err, rcpt), order.id);
  }
  log('info', 'refund.created', { refundId: row.id, orderId: order.id, method, amountPaise: p.amountPaise });

  if (method === 'bank_transfer') {
    await notifyMember(s, row, null).catch((err) =>
      log('error', 'mail.refund_failed', { refundId: row.id, error: String(err) }),
    );
    return result(s, row, told('refund.recorded', { amount: formatINR(row.amountPaise), rcpt, reference: reference! }));
  }
  return askGateway(s, row, { via: 'admin', actorId: actor.userId, defer, throwOnRefusal: true });
}

// ---- a failed refund: retried, or recorded as paid back by hand (docs/decisions/145) ----

/** The failed refund an admin acts on, its order and the plan of the same lines again; refused with the reason. */
async function failedRefund(s: Svc, refundId: number) {
  const failed = await s.db.select().from(refunds).where(eq(refunds.id, refundId)).get();
  if (!failed) throw new DomainError('UnknownRefund', say('refund.unknownRefund', { id: refundId }), 400);
  const rcpt = formatRcptId(failed.orderId);
  if (failed.status !== 'failed') {
    throw new DomainError('NotFailed', say('refund.notFailed', { id: refundId, rcpt }), 409);
  }
  const replaced = await s.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.retryOf, failed.id)).get();
  if (replaced) throw new DomainError('AlreadyReplaced', say('refund.alreadyReplaced', { id: refundId, rcpt }), 409);
  const order = (await loadOrder(s, failed.orderId))!;
  const chosen = await s.db
    .select({ lineId: refundLines.lineId, qty: refundLines.qty })
    .from(refundLines)
    .where(eq(refundLines.refundId, failed.id))
    .all();
  const p = plan(order, await refundableLines(s, order.id), { lines: chosen });
  return { failed, order, rcpt, p };
}

/**
 * A refusal met by the second press of a double click (its twin wrote its refund between this press's first read
 * and its check or write): the twin's refund is the answer, for the order the press named (`orderPkId`, when it
 * named one). Any other refusal stands.
 */
async function twinOr(s: Svc, key: string, err: unknown, orderPkId?: number): Promise<RefundResult> {
  const twin = await s.db.select().from(refunds).where(eq(refunds.requestKey, key)).get();
  if (twin) return answerExisting(s, twin, orderPkId ?? twin.orderId);
  throw err;
}

/**
 * The refusal a refund's D1 error stands for: a reference already used, a guard's reason, or (replacing the failed
 * refund `failedId`) another admin's replacement made first. Anything else is the error itself.
 */
function refusalOf(err: unknown, rcpt: string, failedId?: number): unknown {
  if (failedId !== undefined && (isUniqueViolation(err, 'retry_of') || guardFailure(err) === 'refund_not_failed')) {
    return new DomainError('AlreadyReplaced', say('refund.alreadyReplaced', { id: failedId, rcpt }), 409);
  }
  if (isUniqueViolation(err, 'reference')) return new DomainError('ReferenceUsed', say('refund.referenceUsed'), 400);
  return guardMessage(guardFailure(err) ?? '', rcpt) || err;
}

/**
 * A refusal met while replacing the failed refund `failedId`: when another admin's call replaced it meanwhile, that
 * is the reason, whichever check this call met first (its lines already held again, its amount already covered).
 */
async function replacedOr(s: Svc, failedId: number, err: unknown): Promise<unknown> {
  const replaced = await s.db
    .select({ orderId: refunds.orderId })
    .from(refunds)
    .where(eq(refunds.retryOf, failedId))
    .get();
  if (!replaced) return err;
  const rcpt = formatRcptId(replaced.orderId);
  return new DomainError('AlreadyReplaced', say('refund.alreadyReplaced', { id: failedId, rcpt }), 409);
}

/**
 * /retryRefund: a failed online refund is asked of the gateway again as a new refund of the same lines (a new
 * idempotency key: Razorpay keeps the failed one failed), in one batch that withholds the lines again and clears
 * the failure's attention flag. A failed refund is replaced once (unique retry_of): a second admin, or a manual
 * record at the same moment, is refused.
 */
export async function retryRefund(
  s: Svc,
  actor: Pick<Actor, 'userId'>,
  input: z.output<typeof retryRefundRequest>,
  defer?: Defer,
): Promise<RefundResult> {
  const again = await s.db.select().from(refunds).where(eq(refunds.requestKey, input.requestKey)).get();
  if (again) return answerExisting(s, again, again.orderId);
  const found = await failedRefund(s, input.refundId).catch(async (err) =>
    twinOr(s, input.requestKey, await replacedOr(s, input.refundId, err)),
  );
  if ('refund' in found) return found;
  const { failed, order, p } = found;
  if (failed.method !== 'razorpay' || !failed.providerPaymentId) {
    throw new DomainError('NotFailed', say('refund.notFailed', { id: failed.id, rcpt: formatRcptId(order.id) }), 409);
  }
  let row: RefundRow;
  try {
    row = await createRefund(s, order, {
      requestKey: input.requestKey,
      method: 'razorpay',
      status: REFUND_STATUS.requested,
      amountPaise: p.amountPaise,
      reason: failed.reason,
      providerPaymentId: failed.providerPaymentId,
      reference: null,
      lines: p.lines,
      actorId: actor.userId,
      retryOf: failed,
    });
  } catch (err) {
    const refusal = refusalOf(err, formatRcptId(order.id), failed.id);
    return twinOr(s, input.requestKey, await replacedOr(s, failed.id, refusal), order.id);
  }
  log('info', 'refund.retried', { refundId: row.id, retryOf: failed.id, orderId: order.id });
  return askGateway(s, row, { via: 'admin', actorId: actor.userId, defer, throwOnRefusal: true });
}

/**
 * /recordManualRefund: a failed online refund that the committee paid back by hand (bank/UPI transfer or cash):
 * recorded 'processed' with its reference (unique system-wide, as a transfer's refund), releasing what the
 * lines held, in one batch with its audit row; the member is told.
 */
export async function recordManualRefund(
  s: Svc,
  actor: Pick<Actor, 'userId'>,
  input: z.output<typeof manualRefundRequest>,
): Promise<RefundResult> {
  const again = await s.db.select().from(refunds).where(eq(refunds.requestKey, input.requestKey)).get();
  if (again) return answerExisting(s, again, again.orderId);
  const found = await failedRefund(s, input.refundId).catch(async (err) =>
    twinOr(s, input.requestKey, await replacedOr(s, input.refundId, err)),
  );
  if ('refund' in found) return found;
  const { failed, order, rcpt, p } = found;
  const reference = normalizeTxnId(input.reference);
  // used by this very refund's twin (a double click) answers the twin's refund
  if (await referenceUsed(s, reference))
    return twinOr(s, input.requestKey, new DomainError('ReferenceUsed', say('refund.referenceUsed'), 400), order.id);
  let row: RefundRow;
  try {
    row = await createRefund(s, order, {
      requestKey: input.requestKey,
      method: 'manual',
      status: REFUND_STATUS.processed,
      amountPaise: p.amountPaise,
      reason: failed.reason,
      providerPaymentId: null,
      reference,
      lines: p.lines,
      actorId: actor.userId,
      retryOf: failed,
    });
  } catch (err) {
    return twinOr(s, input.requestKey, await replacedOr(s, failed.id, refusalOf(err, rcpt, failed.id)), order.id);
  }
  log('info', 'refund.recorded_by_hand', { refundId: row.id, retryOf: failed.id, orderId: order.id });
  await notifyMember(s, row, null).catch((err) =>
    log('error', 'mail.refund_failed', { refundId: row.id, error: String(err) }),
  );
  return result(s, row, told('refund.recorded', { amount: formatINR(row.amountPaise), rcpt, reference }));
}

/** A bank/UPI reference already used by a payer's transfer or another refund (the database checks it again). */
async function referenceUsed(s: Svc, reference: string) {
  const used = await s.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.transactionId, reference), sql`${payments.status} <> 'rejected'`))
    .get();
  const byRefund = await s.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.reference, reference)).get();
  return Boolean(used || byRefund);
}

async function answerExisting(s: Svc, row: RefundRow, orderPkId: number): Promise<RefundResult> {
  if (row.orderId !== orderPkId) throw new DomainError('BadRequest', say('refund.keyReused'), 400);
  return result(s, row, messageFor(row));
}

function messageFor(row: RefundRow): KeyedMessage {
  const amount = formatINR(row.amountPaise);
  const rcpt = formatRcptId(row.orderId);
  if (row.method === 'carry_over') {
    return told('carry.done', { rcpt, year: '', to: row.carriedToOrderId ? formatRcptId(row.carriedToOrderId) : '' });
  }
  if (row.status === REFUND_STATUS.requested) return told('refund.retrying', { amount, rcpt });
  if (row.status === REFUND_STATUS.failed) return told('refund.refused', { reason: row.failureReason ?? '-' });
  if (row.method === 'bank_transfer' || row.method === 'manual') {
    return told('refund.recorded', { amount, rcpt, reference: row.reference ?? '-' });
  }
  return told('refund.started', { amount, rcpt });
}

async function result(s: Svc, row: RefundRow, message: KeyedMessage): Promise<RefundResult> {
  const view = orderRefundsOf(await runBatch(s.db, orderRefundsQueries(s.db, row.orderId)))!;
  return { ...message, refund: view.refunds.find((r) => r.refundId === row.id)!, order: view };
}

/**
 * Asks Razorpay to refund a 'requested' refund (again, with the same idempotency key: never twice).
 * Accepted: pending or processed. Refused (4xx): failed, nothing changed, and the admin is told why.
 * No answer (network, 5xx): left requested for the reconciler.
 */
async function askGateway(
  s: Svc,
  row: RefundRow,
  opts: { via: string; actorId: number | null; defer?: Defer; throwOnRefusal: boolean },
): Promise<RefundResult> {
  let rzp: RazorpayRefund;
  try {
    rzp = await refundsClient(s, opts.defer).createRefund({
      paymentId: row.providerPaymentId!,
      amountPaise: row.amountPaise,
      idempotencyKey: idempotencyKey(row.id),
      notes: { samiti_refund: String(row.id), contribution: formatRcptId(row.orderId) },
    });
  } catch (err) {
    if (err instanceof RazorpayError && !isTransient(err)) {
      const { refund } = await transition(s, row, [REFUND_STATUS.requested], REFUND_STATUS.failed, {
        failureReason: err.message.slice(0, 300),
        via: opts.via,
        actorId: opts.actorId,
      });
      if (opts.throwOnRefusal)
        throw new DomainError('RefundRefused', say('refund.refused', { reason: err.message }), 409);
      return result(s, refund, messageFor(refund));
    }
    log('warn', 'refund.gateway_no_answer', { refundId: row.id, error: String(err) });
    return result(s, row, messageFor(row));
  }
  const to =
    rzp.status === 'processed'
      ? REFUND_STATUS.processed
      : rzp.status === 'failed'
        ? REFUND_STATUS.failed
        : REFUND_STATUS.pending;
  const { refund } = await transition(s, row, [REFUND_STATUS.requested], to, {
    providerRefundId: rzp.id,
    via: opts.via,
    actorId: opts.actorId,
  });
  return result(s, refund, messageFor(refund));
}

// ---- webhooks and the reconciler ----

type RefundPayload = {
  payload?: { refund?: { entity?: { id?: unknown; payment_id?: unknown; status?: unknown; notes?: unknown } } };
};

/**
 * refund.created / refund.processed / refund.failed (signature and event id already checked by
 * handleWebhook). Returns why the event was ignored, if it was.
 */
export async function handleRefundEvent(s: Svc, event: string, body: unknown): Promise<string | undefined> {
  const entity = (body as RefundPayload)?.payload?.refund?.entity;
  const rzpId = typeof entity?.id === 'string' ? entity.id.slice(0, 100) : '';
  const paymentId = typeof entity?.payment_id === 'string' ? entity.payment_id.slice(0, 100) : '';
  if (!rzpId || !paymentId) return 'no refund in the payload';
  let row = await s.db.select().from(refunds).where(eq(refunds.providerRefundId, rzpId)).get();
  if (!row) {
    // the webhook may arrive before the admin's request has stored Razorpay's id: find it by our notes
    const notes = entity?.notes as Record<string, unknown> | undefined;
    const ours = Number(notes && !Array.isArray(notes) ? notes.samiti_refund : Number.NaN);
    if (Number.isSafeInteger(ours) && ours > 0) {
      const byNotes = await s.db.select().from(refunds).where(eq(refunds.id, ours)).get();
      if (byNotes && byNotes.providerPaymentId === paymentId && (byNotes.providerRefundId ?? rzpId) === rzpId) {
        row = byNotes;
      }
    }
  }
  if (!row) return 'unknown refund';
  const status = String(entity?.status ?? '');
  if (event === 'refund.created') {
    const r = await transition(s, row, [REFUND_STATUS.requested], REFUND_STATUS.pending, {
      providerRefundId: rzpId,
      via: 'webhook',
      actorId: null,
    });
    return r.changed ? undefined : `refund is ${r.refund.status}`;
  }
  if (event === 'refund.processed' || (event === 'refund.created' && status === 'processed')) {
    const r = await transition(s, row, [REFUND_STATUS.requested, REFUND_STATUS.pending], REFUND_STATUS.processed, {
      providerRefundId: rzpId,
      via: 'webhook',
      actorId: null,
    });
    return r.changed ? undefined : `refund is ${r.refund.status}`;
  }
  if (event === 'refund.failed') {
    const r = await transition(s, row, [REFUND_STATUS.requested, REFUND_STATUS.pending], REFUND_STATUS.failed, {
      providerRefundId: rzpId,
      failureReason: 'The payment gateway could not complete the refund.',
      via: 'webhook',
      actorId: null,
    });
    return r.changed ? undefined : `refund is ${r.refund.status}`;
  }
  return 'event not handled';
}

/** The cron's part: send again refunds left 'requested' (same key), ask Razorpay about 'pending' ones. */
export async function reconcileRefunds(s: Svc, now = Date.now()): Promise<{ sent: number; settled: number }> {
  const stale = await s.db
    .select()
    .from(refunds)
    .where(
      and(
        inArray(refunds.status, [REFUND_STATUS.requested, REFUND_STATUS.pending]),
        lt(refunds.updatedAt, now - 60_000),
      ),
    )
    .orderBy(asc(refunds.updatedAt))
    .limit(50)
    .all();
  let sent = 0;
  let settled = 0;
  for (const row of stale) {
    try {
      if (row.status === REFUND_STATUS.requested) {
        const r = await askGateway(s, row, { via: 'reconciler', actorId: null, throwOnRefusal: false });
        if (r.refund.status !== REFUND_STATUS.requested) sent++;
      } else if (row.providerRefundId) {
        const rzp = await refundsClient(s).fetchRefund(row.providerRefundId);
        if (rzp.status === 'processed' || rzp.status === 'failed') {
          const r = await transition(s, row, [REFUND_STATUS.pending], rzp.status, {
            failureReason: rzp.status === 'failed' ? 'The payment gateway could not complete the refund.' : null,
            via: 'reconciler',
            actorId: null,
          });
          if (r.changed) settled++;
        }
      }
    } catch (err) {
      log('warn', 'refund.reconcile_skipped', { refundId: row.id, error: String(err) });
    }
  }
  return { sent, settled };
}

// ---- emails ----

async function notifyMember(s: Svc, row: RefundRow, from: RefundRow['status'] | null) {
  const order = await loadOrder(s, row.orderId);
  if (!order) return;
  const rcpt = formatRcptId(order.id);
  const amount = formatINR(row.amountPaise);
  const lines = await s.db
    .select({ name: orderLines.name, qty: refundLines.qty, amountPaise: refundLines.amountPaise })
    .from(refundLines)
    .innerJoin(orderLines, eq(orderLines.id, refundLines.lineId))
    .where(eq(refundLines.refundId, row.id))
    .all();
  const link = (w: Words) => ({ href: `${s.origin}/profile`, label: w('mail.seeContributions') });
  const what = (w: Words) => linesText(w, lines, (l) => l.amountPaise);
  let write: Letter['write'] | undefined;
  if (row.status === REFUND_STATUS.pending) {
    write = (w) =>
      compose(
        w('refund.startedSubject', { rcpt }),
        [
          w('mail.greeting', { name: order.userName }),
          w('refund.startedBody', { rcpt, amount }),
          what(w),
          w('mail.reason', { reason: row.reason }),
          order.conveniencePaise > 0 ? w('refundMail.convenienceKept') : '',
          w('refund.within'),
        ].filter(Boolean),
        link(w),
      );
  }
  if (row.status === REFUND_STATUS.processed) {
    // the same news on WhatsApp and push where the member chose them
    await notify(s, {
      userId: order.userId,
      event: `refund.done:${row.id}`,
      kind: 'payments',
      topic: 'refunded',
      params: { name: order.userName, rcpt, amount },
      link: 'profile',
    });
    // the credit note issued with the settlement (docs/decisions/260), naming the receipt it reduces
    const note = await creditNoteOf(s, row.id);
    write = (w) =>
      compose(
        w('refund.doneSubject', { rcpt }),
        [
          w('mail.greeting', { name: order.userName }),
          row.method === 'bank_transfer' || row.method === 'manual'
            ? w('refund.sentBack', { amount, rcpt, reference: row.reference ?? '-' })
            : w('refund.complete', { amount, rcpt }),
          what(w),
          w('mail.reason', { reason: row.reason }),
          ...(note ? [w('receiptMail.creditNote', { number: note.number, receipt: note.receipt ?? '-' })] : []),
        ],
        link(w),
      );
  }
  if (row.status === REFUND_STATUS.failed && from === REFUND_STATUS.pending) {
    write = (w) =>
      compose(
        w('refund.failedSubject', { rcpt }),
        [
          w('mail.greeting', { name: order.userName }),
          w('refund.failedBody', { amount, rcpt }),
          w('refund.failedNext'),
        ],
        link(w),
      );
  }
  if (write) await sendMail(s.db, s.config, { to: order.userEmail, write });
}

// ---- carry-over (docs/decisions/081-carry-over.md) ----

/** "2026-27" -> "2027-28". */
export function nextFestivalYear(year: string): string {
  const start = Number(year.slice(0, 4)) + 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const CARRIED_TYPES = new Set(['MEMBERSHIP', 'SPONSORSHIP']);

/**
 * /carryOverOrder: for a festival called off, a paid order's memberships and sponsorships move to the next
 * festival year instead of being refunded. One batch: a 'carry_over' refund of those lines (the same guards as
 * a refund: never twice, never beyond what was paid), a new Success order of the next year with those lines
 * at the price paid, its sponsorship claims (refused if the item is taken next year), and both audit rows.
 */
export async function carryOverOrder(
  s: Svc,
  actor: Pick<Actor, 'userId'>,
  input: z.output<typeof carryOverRequest>,
): Promise<RefundResult> {
  const again = await s.db.select().from(refunds).where(eq(refunds.requestKey, input.requestKey)).get();
  if (again) return answerExisting(s, again, input.orderPkId);
  const order = await loadOrder(s, input.orderPkId);
  if (!order) throw unknownOrder(input.orderPkId);
  const rcpt = formatRcptId(order.id);
  const lines = await refundableLines(s, order.id);
  const chosen = lines.filter((l) => CARRIED_TYPES.has(l.type) && l.qty > l.refundedQty).map((l) => ({ lineId: l.id }));
  if (order.status === ORDER_STATUS.success && chosen.length === 0) {
    throw new DomainError('NothingToCarry', say('carry.nothing', { rcpt }), 400);
  }
  const p = plan(order, lines, { lines: chosen });
  const next = nextFestivalYear(order.fiscalYear);
  const key = input.requestKey;
  const byId = new Map(lines.map((l) => [l.id, l]));
  const collect = needsCollection(p.lines.map((l) => byId.get(l.lineId)!));
  const at = Date.now();

  for (let attempt = 0; attempt < 4; attempt++) {
    const last = await s.db
      .select({ ts: max(orders.successTs) })
      .from(orders)
      .get();
    const successTs = Math.max(at, (last?.ts ?? 0) + 1 + attempt);
    let row: RefundRow;
    try {
      row = await carryOver(s, order, {
        requestKey: key,
        nextYear: next,
        amountPaise: p.amountPaise,
        reason: input.reason,
        lines: p.lines,
        collect,
        successTs,
        at,
        actorId: actor.userId,
        fromRcpt: rcpt,
      });
    } catch (err) {
      if (isUniqueViolation(err, 'success_ts') || isUniqueViolation(err, 'pass_code')) continue;
      if (isUniqueViolation(err, 'request_key') || isUniqueViolation(err, 'checkout_key')) {
        const row = (await s.db.select().from(refunds).where(eq(refunds.requestKey, key)).get())!;
        return answerExisting(s, row, order.id);
      }
      const guard = guardFailure(err);
      if (isUniqueViolation(err, 'sponsorship_claims') || guard === 'item_taken' || guard === 'item_co_sponsored') {
        throw new DomainError('ItemTaken', say('carry.itemTaken', { year: next }), 409);
      }
      const known = guardMessage(guard ?? '', rcpt);
      if (known) throw known;
      throw err;
    }
    log('info', 'order.carried_over', { orderId: order.id, to: row.carriedToOrderId, year: next });
    await notifyCarryOver(s, order, row, next).catch((err) =>
      log('error', 'mail.carry_over_failed', { orderId: order.id, error: String(err) }),
    );
    return result(
      s,
      row,
      told('carry.done', { rcpt, year: next, to: row.carriedToOrderId ? formatRcptId(row.carriedToOrderId) : '' }),
    );
  }
  throw new DomainError('Busy', say('server.busy'), 503);
}

async function notifyCarryOver(s: Svc, order: OrderRow, row: RefundRow, year: string) {
  const lines = await s.db
    .select({ name: orderLines.name, qty: refundLines.qty, amountPaise: refundLines.amountPaise })
    .from(refundLines)
    .innerJoin(orderLines, eq(orderLines.id, refundLines.lineId))
    .where(eq(refundLines.refundId, row.id))
    .all();
  const to = row.carriedToOrderId ? formatRcptId(row.carriedToOrderId) : '';
  await sendMail(s.db, s.config, {
    to: order.userEmail,
    write: (w) =>
      compose(
        w('carry.subject', { year, rcpt: formatRcptId(order.id) }),
        [
          w('mail.greeting', { name: order.userName }),
          w('carry.body', { rcpt: formatRcptId(order.id), from: order.fiscalYear, year, to }),
          linesText(w, lines, (l) => l.amountPaise),
          w('mail.reason', { reason: row.reason }),
        ],
        { href: `${s.origin}/profile`, label: w('mail.seeContributions') },
      ),
  });
}
