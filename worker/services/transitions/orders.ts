// The state changes of orders and their payment attempts (docs/decisions/076): confirm (capture, approval,
// completion by an admin), release (payment failed, expired, given up by the member, rejected by an admin),
// transfer submitted, the attention flag. Each one is checked against the state machine of core/orders.ts
// and written as one conditional UPDATE ... WHERE status = <from> in a runBatch; its change count decides,
// and the batch's other statements (payment attempt, claims, member flag, audit row) carry a guard on the
// token the update wrote, so a refused change writes nothing. Nothing outside transitions/ writes orders or
// payments at all (docs/decisions/181, tests/unit/transitions-only.test.ts).

import { and, eq, inArray, max, sql } from 'drizzle-orm';
import { formatRcptId } from '../../../core/ids';
import {
  canPaymentTransition,
  canTransition,
  needsCollection,
  ORDER_STATUS,
  type OrderStatus,
  PAYMENT_STATUS,
  type PaymentStatus,
} from '../../../core/orders';
import { orderLines, orders, payments, products, sponsorshipClaims, users } from '../../../schema/index';
import { audit, type Guard, guardedAudit } from '../../lib/audit';
import { randomCode, randomToken } from '../../lib/crypto';
import { changesOf, isUniqueViolation, raw, runBatch } from '../../lib/d1-batch';
import { DomainError, say, told } from '../../lib/errors';
import { log } from '../../lib/log';
import type { Svc } from '../../lib/svc';
import { pricingContext } from '../checkout/cart';
import { waiverContextQuery } from '../catalogue/catalogue';
import { sendConfirmation, sendRejection } from '../checkout/order-mail';
import type { OrderLineRow, OrderRow } from '../checkout/order-view';
import { afterUnitsFreed } from '../catalogue/waitlist';
import { issueReceipt } from './receipts';
import {
  type CreditUsed,
  creditApproved,
  creditDetails,
  creditStillFits,
  creditsFollowRejection,
} from './statement-credits';

/** 'waiver': an order with nothing to pay (every fee waived: docs/decisions/255), confirmed at checkout. */
export type Via = 'callback' | 'webhook' | 'reconciler' | 'admin' | 'waiver';
export type Defer = (work: Promise<unknown>) => void;

/** The guard of a transition's other statements: true only if this call's update made the change. */
const madeIt = (orderId: number, token: string): Guard => ({
  sql: 'EXISTS (SELECT 1 FROM orders WHERE id = ? AND transition_id = ?)',
  params: [orderId, token],
});
const madeItSql = (orderId: number, token: string) =>
  sql`EXISTS (SELECT 1 FROM orders WHERE id = ${orderId} AND transition_id = ${token})`;

/** A payment attempt's step, checked against core/orders.ts: the SQL below writes only allowed ones. */
function paymentStep(from: PaymentStatus, to: PaymentStatus) {
  if (!canPaymentTransition(from, to)) throw new Error(`payment ${from} -> ${to} is not a transition`);
  return { from, to };
}

const orderAudit = (
  orderId: number,
  token: string,
  e: { actorId: number | null; action: string; details: Record<string, unknown> },
) => guardedAudit({ ...e, entityType: 'order', entityId: orderId }, madeIt(orderId, token));

export async function loadOrder(s: Svc, orderId: number): Promise<OrderRow | undefined> {
  return s.db.select().from(orders).where(eq(orders.id, orderId)).get();
}

async function loadLines(s: Svc, orderId: number): Promise<OrderLineRow[]> {
  return s.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id).all();
}

// ---- confirm: the only way an order becomes Success ----

export type ConfirmInput = {
  orderId: number;
  via: Via;
  actorId: number | null;
  /** Razorpay: the payment that paid the order, already checked against the stored Razorpay order. */
  razorpay?: { paymentId: string; orderId: string; amountPaise: number };
  /** Runs the email after the answer (a webhook answers fast); default: awaited. */
  defer?: Defer;
  /**
   * An admin's approval: the bank statement's credit it used. The order is approved only while that credit
   * still fits it; the credit becomes 'approved' in the same batch and the audit row names it.
   */
  credit?: CreditUsed;
  /** A second audit row naming the admin's own action (completed by hand), written only with the change. */
  audit?: { action: string; details: Record<string, unknown> };
};

/** The statuses a confirmation may start from: an admin approves a waiting transfer; a capture wins otherwise. */
const confirmSources = (via: Via): OrderStatus[] =>
  (via === 'admin' ? [ORDER_STATUS.pendingApproval] : [ORDER_STATUS.pendingPayment, ORDER_STATUS.failed]).filter(
    (from) => canTransition(from, ORDER_STATUS.success),
  );

/**
 * The only way an order becomes Success (checkout callback, webhook, reconciler, admin approval). One
 * conditional update decides; the claims, member flag, payment attempt and audit row follow in the same
 * batch only if this call made the change, and only that call sends the confirmation email. Safe to call
 * any number of times, in any order, from any path.
 */
export async function confirmPayment(s: Svc, input: ConfirmInput): Promise<{ order: OrderRow; changed: boolean }> {
  const order = await loadOrder(s, input.orderId);
  if (!order) throw new DomainError('NotFound', say('order.noSuch'), 404);
  const rp = input.razorpay;
  if (order.status === ORDER_STATUS.success) {
    if (rp && order.transactionId && order.transactionId !== rp.paymentId) {
      // Razorpay orders take one successful payment; a second one would need a refund by hand.
      log('error', 'payment.second_capture', { orderId: order.id, kept: order.transactionId, extra: rp.paymentId });
    }
    return { order, changed: false };
  }
  if (!confirmSources(input.via).includes(order.status)) {
    throw new DomainError(
      'InvalidTransition',
      say('order.cannotConfirm', { rcpt: formatRcptId(order.id), status: order.status }),
      409,
    );
  }
  if (rp) {
    if (order.paymentType !== 'Online') {
      throw new DomainError('InvalidTransition', say('order.paidByTransfer'), 409);
    }
    if (rp.amountPaise !== order.totalPaise) {
      log('error', 'payment.amount_mismatch', { orderId: order.id, expected: order.totalPaise, got: rp.amountPaise });
      throw new DomainError('AmountMismatch', say('payment.amountMismatch'), 409);
    }
    const used = await s.db
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.providerPaymentId, rp.paymentId))
      .get();
    if (used && used.orderId !== order.id) {
      throw new DomainError('PaymentIdUsed', say('payment.idUsed'), 409);
    }
  }
  return confirmLoaded(s, order, input);
}

/**
 * The write of confirmPayment for an order as it was read, which may no longer be its state: the database
 * guard decides (tests/worker/guards.test.ts runs it against a row changed after the read).
 */
export async function confirmLoaded(
  s: Svc,
  order: OrderRow,
  input: ConfirmInput,
): Promise<{ order: OrderRow; changed: boolean }> {
  const rp = input.razorpay;
  const from = confirmSources(input.via);
  const attempt = rp
    ? paymentStep(PAYMENT_STATUS.created, PAYMENT_STATUS.captured)
    : paymentStep(PAYMENT_STATUS.submitted, PAYMENT_STATUS.approved);
  const lines = await loadLines(s, order.id);
  const collect = needsCollection(lines);
  const token = randomToken(12);

  for (let round = 0; round < 5; round++) {
    const last = await s.db
      .select({ ts: max(orders.successTs) })
      .from(orders)
      .get();
    const successTs = Math.max(Date.now(), (last?.ts ?? 0) + 1);
    const passCode = collect ? randomCode(10) : null;
    const at = Date.now();
    let changed: boolean;
    try {
      const results = await runBatch(s.db, [
        s.db
          .update(orders)
          .set({
            status: ORDER_STATUS.success,
            successTs,
            paymentDate: order.paymentType === 'Online' || !order.paymentDate ? at : order.paymentDate,
            passCode,
            passCollected: collect ? 0 : null,
            transactionId: rp ? rp.paymentId : order.transactionId,
            transitionId: token,
            updatedAt: at,
          })
          .where(
            and(
              eq(orders.id, order.id),
              inArray(orders.status, from),
              input.credit ? creditStillFits(order.id, input.credit) : undefined,
            ),
          ),
        // the receipt, numbered in this batch and only with this change (docs/decisions/260)
        ...issueReceipt(order.id, order.fiscalYear, madeIt(order.id, token), at),
        ...(input.credit ? [creditApproved(order.id, input.credit, madeIt(order.id, token))] : []),
        rp
          ? // created -> captured, or failed -> captured (the payer retried inside the checkout)
            s.db
              .update(payments)
              .set({ status: attempt.to, providerPaymentId: rp.paymentId, updatedAt: at })
              .where(
                and(
                  eq(payments.orderId, order.id),
                  eq(payments.providerOrderId, rp.orderId),
                  madeItSql(order.id, token),
                ),
              )
          : s.db
              .update(payments)
              .set({ status: attempt.to, updatedAt: at })
              .where(
                and(eq(payments.orderId, order.id), eq(payments.status, attempt.from), madeItSql(order.id, token)),
              ),
        s.db
          .update(sponsorshipClaims)
          .set({ state: 'sponsored' })
          .where(and(eq(sponsorshipClaims.orderId, order.id), madeItSql(order.id, token))),
        // A late capture after an expiry: take the item back if nobody else took it (in full or as a
        // co-sponsor) meanwhile; otherwise the order is flagged for an admin below.
        raw(
          `INSERT OR IGNORE INTO sponsorship_claims (product_id, fiscal_year, order_id, user_id, state)
           SELECT l.product_id, ?, ?, ?, 'sponsored' FROM order_lines l
           WHERE l.order_id = ? AND l.type = 'SPONSORSHIP' AND l.full_sponsor = 1 AND ${madeIt(order.id, token).sql}
             AND NOT EXISTS (SELECT 1 FROM order_lines c CROSS JOIN orders co ON co.id = c.order_id
               WHERE c.full_sponsor = 0 AND c.refunded_qty < c.qty AND c.product_id = l.product_id AND c.order_id <> l.order_id
                 AND co.fiscal_year = ? AND co.status IN ('Success', 'Pending Approval', 'Pending Payment'))
             AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = l.product_id AND p.blocked_by_email IS NOT NULL
                 AND lower(trim(p.blocked_by_email)) <> lower(trim(?)))`,
          order.fiscalYear,
          order.id,
          order.userId,
          order.id,
          ...madeIt(order.id, token).params,
          order.fiscalYear,
          order.userEmail,
        ),
        s.db
          .update(users)
          .set({ isMember: true, updatedAt: at })
          .where(and(eq(users.id, order.userId), madeItSql(order.id, token))),
        orderAudit(order.id, token, {
          actorId: input.actorId,
          action: input.via === 'admin' ? 'order.approved' : input.via === 'waiver' ? 'order.waived' : 'order.paid',
          details: {
            via: input.via,
            from: order.status,
            totalPaise: order.totalPaise,
            ...(rp ? { razorpayPaymentId: rp.paymentId, razorpayOrderId: rp.orderId } : {}),
            ...(input.credit ? creditDetails(input.credit) : {}),
            passCode: passCode ? 'issued' : null,
          },
        }),
        ...(input.audit ? [orderAudit(order.id, token, { actorId: input.actorId, ...input.audit })] : []),
      ]);
      changed = changesOf(results) > 0;
    } catch (err) {
      if (isUniqueViolation(err, 'success_ts') || isUniqueViolation(err, 'pass_code')) continue; // a concurrent confirmation
      if (isUniqueViolation(err, 'provider_payment_id')) {
        throw new DomainError('PaymentIdUsed', say('payment.idUsed'), 409);
      }
      throw err;
    }
    const after = (await loadOrder(s, order.id))!;
    if (changed) {
      log('info', 'order.confirmed', { orderId: order.id, via: input.via });
      if (order.status === ORDER_STATUS.failed) await flagLateCapture(s, after, lines);
      const mail = sendConfirmation(s, after, lines).catch((err) =>
        log('error', 'mail.confirmation_failed', { orderId: order.id, error: String(err) }),
      );
      if (input.defer) input.defer(mail);
      else await mail;
    }
    return { order: after, changed };
  }
  throw new DomainError('Busy', say('server.busy'), 503);
}

/**
 * A capture after the order was given up (Failed -> Success) is money received for something that may
 * have gone to someone else meanwhile: a full sponsorship taken by another member, or member-priced passes
 * whose entitlement another order used. The payment stands; the order is flagged for an admin (Pending list
 * and Overview) to refund one of them.
 */
async function flagLateCapture(s: Svc, order: OrderRow, lines: OrderLineRow[]) {
  const problems: string[] = [];
  const wanted = lines.filter((l) => l.type === 'SPONSORSHIP' && l.fullSponsor);
  if (wanted.length > 0) {
    const got = await s.db.select().from(sponsorshipClaims).where(eq(sponsorshipClaims.orderId, order.id)).all();
    const have = new Set(got.map((c) => c.productId));
    const lost = wanted.filter((l) => !have.has(l.productId)).map((l) => l.name);
    if (lost.length > 0) problems.push(`sponsored by someone else meanwhile: ${lost.join(', ')}`);
  }
  if (lines.some((l) => l.memberPricedUnits > 0)) {
    const ctx = await pricingContext(s, order.userId, order.fiscalYear);
    const used = Object.values(ctx.memberPricedUsed).reduce((a, b) => a + b, 0);
    const byProduct = Object.values(ctx.memberPricedUsed).some((n) => n > ctx.utsavMemberships);
    if (byProduct)
      problems.push(`member price used beyond ${ctx.utsavMemberships} UTSAV membership(s) (${used} units)`);
  }
  const waived = lines.filter((l) => l.waivedUnits > 0);
  if (waived.length > 0) {
    // another order may have used the waiver this one had freed when it was given up (docs/decisions/255)
    const cap = Math.max(...waived.map((l) => l.waiverCap));
    const [row] = await waiverContextQuery(s.db, order.userId, order.fiscalYear).all();
    const used = Number(row?.waivedUsed ?? 0);
    if (used > cap) problems.push(`membership fee waived for ${used} members, beyond the cap of ${cap}`);
  }
  const counted = lines.filter((l) => l.capacityUnits > 0).map((l) => l.productId);
  if (counted.length > 0) {
    // its units came back past the capacity (migrations/0245): sold beyond what the committee can serve
    const over = await s.db
      .select({ name: products.name, capacity: products.capacity, taken: products.taken })
      .from(products)
      .where(
        and(
          inArray(products.id, counted),
          sql`${products.capacity} IS NOT NULL AND ${products.taken} > ${products.capacity}`,
        ),
      )
      .all();
    if (over.length > 0) {
      problems.push(
        `sold past the capacity meanwhile: ${over.map((p) => `${p.name} (${p.taken} of ${p.capacity})`).join(', ')}`,
      );
    }
  }
  if (problems.length === 0) return;
  const attention = `Paid after it was given up; ${problems.join('; ')}. Refund one of the payments.`.slice(0, 500);
  log('error', 'order.late_capture_conflict', { orderId: order.id, attention });
  await runBatch(s.db, [
    s.db.update(orders).set({ attention }).where(eq(orders.id, order.id)),
    audit(s.db, {
      actorId: null,
      action: 'order.needs_attention',
      entityType: 'order',
      entityId: order.id,
      details: { attention },
    }),
  ]);
}

// ---- release: Failed (payment failed, expired, given up) or Rejected (an admin refused the transfer) ----

export type ReleaseInput = {
  orderId: number;
  to: 'Failed' | 'Rejected';
  reason: string;
  /** a rejection's stock reason (core/contracts/admin.ts REJECT_REASONS), recorded in the audit row */
  reasonCode?: string | null;
  /** for Failed: given up ('cancelled'), not paid in time ('expired') or refused by the provider (the default) */
  closedAs?: 'cancelled' | 'expired' | 'failed';
  via: Via | 'checkout';
  actorId: number | null;
};

/**
 * Gives an order up: Failed (payment failed or abandoned) or Rejected (an admin refused the transfer,
 * with a reason). Releases any sponsorship hold in the same batch; a rejection sends one email.
 */
export async function releaseOrder(s: Svc, input: ReleaseInput): Promise<{ order: OrderRow; changed: boolean }> {
  const order = await loadOrder(s, input.orderId);
  if (!order) throw new DomainError('NotFound', say('order.noSuch'), 404);
  if (order.status === input.to) return { order, changed: false };
  if (!canTransition(order.status, input.to)) {
    throw new DomainError(
      'InvalidTransition',
      say('order.cannotBecome', { rcpt: formatRcptId(order.id), status: order.status, to: input.to }),
      409,
    );
  }
  return releaseLoaded(s, order, input);
}

/** The write of releaseOrder for an order as it was read: WHERE status = <the status read> decides. */
export async function releaseLoaded(
  s: Svc,
  order: OrderRow,
  input: ReleaseInput,
): Promise<{ order: OrderRow; changed: boolean }> {
  const attempt =
    input.to === ORDER_STATUS.rejected
      ? paymentStep(PAYMENT_STATUS.submitted, PAYMENT_STATUS.rejected)
      : paymentStep(PAYMENT_STATUS.created, PAYMENT_STATUS.failed);
  const token = randomToken(12);
  const at = Date.now();
  const results = await runBatch(s.db, [
    s.db
      .update(orders)
      .set({
        status: input.to,
        rejectReason: input.reason,
        closedAs: input.to === ORDER_STATUS.failed ? (input.closedAs ?? 'failed') : null,
        transitionId: token,
        updatedAt: at,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status))),
    s.db.delete(sponsorshipClaims).where(and(eq(sponsorshipClaims.orderId, order.id), madeItSql(order.id, token))),
    s.db
      .update(payments)
      .set({ status: attempt.to, failureReason: input.reason, updatedAt: at })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, attempt.from), madeItSql(order.id, token))),
    // a statement's credit that fitted the rejected transfer is money received for no contribution now
    ...(input.to === ORDER_STATUS.rejected ? [creditsFollowRejection(order.id, madeIt(order.id, token))] : []),
    orderAudit(order.id, token, {
      actorId: input.actorId,
      action: input.to === ORDER_STATUS.rejected ? 'order.rejected' : 'order.failed',
      details: {
        via: input.via,
        from: order.status,
        reason: input.reason,
        ...(input.reasonCode ? { reasonCode: input.reasonCode } : {}),
      },
    }),
  ]);
  const changed = changesOf(results) > 0;
  const after = (await loadOrder(s, order.id))!;
  if (changed && input.to === ORDER_STATUS.rejected) await sendRejection(s, after, input.reason, input.reasonCode);
  // its units are free again (migrations/0245's trigger): the first in a waiting line may have them
  if (changed) await afterUnitsFreed(s);
  return { order: after, changed };
}

// ---- transfer submitted: Pending Payment -> Pending Approval ----

/**
 * The member shares a direct transfer's transaction id: the order waits for an admin, with a 'submitted'
 * attempt and its audit row, all only if the order was still Pending Payment. A unique index refuses a
 * transaction id shared before (the caller turns that D1 error into its answer). `changed` is false when
 * the order had moved on meanwhile.
 */
export async function submitTransfer(
  s: Svc,
  order: OrderRow,
  input: { transactionId: string; bankName: string | null; actorId: number | null },
): Promise<{ order: OrderRow; changed: boolean }> {
  const from = ORDER_STATUS.pendingPayment;
  const to = ORDER_STATUS.pendingApproval;
  if (!canTransition(from, to)) throw new Error(`order ${from} -> ${to} is not a transition`);
  const token = randomToken(12);
  const at = Date.now();
  const guard = madeIt(order.id, token);
  const results = await runBatch(s.db, [
    s.db
      .update(orders)
      .set({
        status: to,
        transactionId: input.transactionId,
        bankName: input.bankName,
        paymentDate: at,
        transitionId: token,
        updatedAt: at,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, from))),
    raw(
      `INSERT INTO payments (order_id, method, status, amount_paise, transaction_id, bank_name)
       SELECT ?, 'bank_transfer', 'submitted', ?, ?, ? WHERE ${guard.sql}`,
      order.id,
      order.totalPaise,
      input.transactionId,
      input.bankName,
      ...guard.params,
    ),
    orderAudit(order.id, token, {
      actorId: input.actorId,
      action: 'order.transfer_submitted',
      details: { transactionId: input.transactionId, bankName: input.bankName, totalPaise: order.totalPaise },
    }),
  ]);
  return { order: (await loadOrder(s, order.id))!, changed: changesOf(results) > 0 };
}

/**
 * Completing a Failed transfer by hand (complete-failed.ts): the transfer the admin names is recorded on the
 * order and as a 'submitted' attempt, with its audit row, only while the order is still Failed and has no other
 * transfer waiting (two admins completing it at once with different ids: one is recorded); confirmPayment then
 * approves it like any other transfer. The D1 error of a transaction id used before is the caller's to answer.
 */
export async function attachTransferToFailed(
  s: Svc,
  order: OrderRow,
  input: { transactionId: string; bankName: string | null; actorId: number | null },
) {
  const token = randomToken(12);
  const guard = madeIt(order.id, token);
  const results = await runBatch(s.db, [
    s.db
      .update(orders)
      .set({
        transactionId: input.transactionId,
        bankName: input.bankName,
        paymentDate: Date.now(),
        transitionId: token,
      })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.status, ORDER_STATUS.failed),
          sql`NOT EXISTS (SELECT 1 FROM payments WHERE order_id = ${order.id} AND status = 'submitted')`,
        ),
      ),
    raw(
      `INSERT INTO payments (order_id, method, status, amount_paise, transaction_id, bank_name)
       SELECT ?, 'bank_transfer', 'submitted', ?, ?, ? WHERE ${guard.sql}`,
      order.id,
      order.totalPaise,
      input.transactionId,
      input.bankName,
      ...guard.params,
    ),
    orderAudit(order.id, token, {
      actorId: input.actorId,
      action: 'order.transfer_attached',
      details: { transactionId: input.transactionId, bankName: input.bankName },
    }),
  ]);
  return { changed: changesOf(results) > 0 };
}

/** payment.failed: the reason is kept on the attempt still waiting; its status moves with the order. */
export async function notePaymentFailure(s: Svc, providerOrderId: string, reason: string) {
  await runBatch(s.db, [
    s.db
      .update(payments)
      .set({ failureReason: reason.slice(0, 300), updatedAt: Date.now() })
      .where(and(eq(payments.providerOrderId, providerOrderId), eq(payments.status, PAYMENT_STATUS.created))),
  ]);
}

// ---- attention: an order flagged for an admin ----

/** /clearAttention: the flag goes and its audit row is written in one batch, only if the flag was still there. */
export async function clearAttention(s: Svc, actorId: number, input: { orderPkId: number; note?: string | null }) {
  // the audit row copies the flag it clears, so it is written first, from the row, under the same condition
  const results = await runBatch(s.db, [
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
       SELECT ?, 'order.attention_cleared', 'order', CAST(id AS TEXT), json_object('attention', attention, 'note', ?)
       FROM orders WHERE id = ? AND attention IS NOT NULL`,
      actorId,
      input.note ?? null,
      input.orderPkId,
    ),
    s.db
      .update(orders)
      .set({ attention: null })
      .where(and(eq(orders.id, input.orderPkId), sql`${orders.attention} IS NOT NULL`)),
  ]);
  if (changesOf(results, 1) === 0) throw new DomainError('NotFound', say('attention.nothing'), 404);
  return told('attention.handled');
}
