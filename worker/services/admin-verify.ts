// Verification of direct (bank / UPI) transfers by an admin: approve through confirmPayment, or reject.
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { offlineOrderRequest } from '../../core/contracts/admin';
import { formatINR } from '../../core/money';
import { formatRcptId } from '../../core/ids';
import { t } from '../../core/i18n';
import { orders, payments, sponsorshipClaims } from '../../schema/index';
import { DomainError, notFound } from '../lib/errors';
import { compose, sendMail } from '../lib/mail';
import type { Actor } from '../lib/session';
import type { Svc } from '../lib/svc';

// TEMPORARY until worker/services/payments.ts (issue 4) lands with confirmPayment.
async function confirmPayment(
  _s: Svc,
  _p: { orderId: number; method: 'bank_transfer'; actorId: number; expectStatus: 'Pending Approval' },
): Promise<{ changed: boolean }> {
  throw new DomainError('NotReady', 'Approval is not available yet.', 503);
}

type Input = z.output<typeof offlineOrderRequest>;
type OrderRow = typeof orders.$inferSelect;

/** Loads the order named by the pair and refuses, with a clear reason, anything that is not waiting for approval. */
async function pendingOrder(s: Svc, input: Input, verb: 'approve' | 'reject'): Promise<OrderRow> {
  const order = await s.db.select().from(orders).where(eq(orders.id, input.orderPkId)).get();
  if (!order || order.userId !== input.offlineUserId) {
    throw notFound(`No contribution ${formatRcptId(input.orderPkId)} for this contributor.`);
  }
  notPendingGuard(order, verb);
  return order;
}

function notPendingGuard(order: Pick<OrderRow, 'id' | 'status' | 'paymentType'>, verb: 'approve' | 'reject') {
  if (order.paymentType !== 'Offline') {
    throw new DomainError(
      'InvalidTransition',
      `Contribution ${formatRcptId(order.id)} was paid online; only direct transfers are verified here.`,
      409,
    );
  }
  if (order.status !== 'Pending Approval') {
    const already =
      order.status === 'Success'
        ? 'has already been approved'
        : order.status === 'Rejected'
          ? 'has already been rejected'
          : `is ${order.status}, not pending verification`;
    throw new DomainError(
      'InvalidTransition',
      `Contribution ${formatRcptId(order.id)} ${already}; cannot ${verb} it.`,
      409,
    );
  }
}

/** Approving confirms the payment through the same path as an online success (confirmPayment). */
export async function approveOfflineOrder(s: Svc, actor: Actor, input: Input) {
  const order = await pendingOrder(s, input, 'approve');
  const result = await confirmPayment(s, {
    orderId: order.id,
    method: 'bank_transfer',
    actorId: actor.userId,
    expectStatus: 'Pending Approval',
  });
  if (!result.changed) {
    // someone else decided in between: say what happened
    const now = await s.db.select().from(orders).where(eq(orders.id, order.id)).get();
    notPendingGuard(now ?? order, 'approve');
    throw new DomainError(
      'InvalidTransition',
      `Contribution ${formatRcptId(order.id)} could not be approved now.`,
      409,
    );
  }
  return { orderPkId: order.id, orderRcptId: formatRcptId(order.id), status: 'Success', message: t('order.approved') };
}

/**
 * Rejects a direct transfer: the order becomes Rejected with the reason, its transfer attempt rejected, any
 * held sponsorship released, one audit row, and the member gets an email with the reason. The status
 * update is conditional, and the audit row is written only when that update changed the row (changes()),
 * so two admins rejecting at once end with one rejection, one audit row and one email.
 */
export async function rejectOfflineOrder(s: Svc, actor: Actor, input: Input) {
  const order = await pendingOrder(s, input, 'reject');
  const reason = input.reason ?? null;
  const now = Date.now();
  const details = JSON.stringify({ reason, transactionId: order.transactionId, totalPaise: order.totalPaise });
  const [updated] = await s.db.batch([
    s.db
      .update(orders)
      .set({ status: 'Rejected', rejectReason: reason, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'Pending Approval'))),
    s.db.run(sql`INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
      SELECT ${actor.userId}, 'order.rejected', 'order', ${String(order.id)}, ${details} WHERE changes() = 1`),
    s.db
      .update(payments)
      .set({ status: 'rejected', failureReason: reason ?? 'rejected by an admin', updatedAt: now })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'submitted'))),
    s.db
      .delete(sponsorshipClaims)
      .where(and(eq(sponsorshipClaims.orderId, order.id), eq(sponsorshipClaims.state, 'held'))),
  ]);
  if ((updated as { meta?: { changes?: number } }).meta?.changes !== 1) {
    const current = await s.db.select().from(orders).where(eq(orders.id, order.id)).get();
    notPendingGuard(current ?? order, 'reject');
    throw new DomainError(
      'InvalidTransition',
      `Contribution ${formatRcptId(order.id)} could not be rejected now.`,
      409,
    );
  }
  await sendMail(
    s.db,
    s.config,
    compose(order.userEmail, `Your contribution ${formatRcptId(order.id)} could not be verified`, [
      `Dear ${order.userName},`,
      `We could not verify the direct transfer of ${formatINR(order.totalPaise)} for your contribution ${formatRcptId(order.id)}${order.transactionId ? ` (transaction id ${order.transactionId})` : ''}, so it has been rejected.`,
      ...(reason ? [`Reason: ${reason}`] : []),
      'If you did transfer the amount, please reply to this email with the transaction details, or start again from the website.',
    ]),
  );
  return { orderPkId: order.id, orderRcptId: formatRcptId(order.id), status: 'Rejected', message: t('order.rejected') };
}
