// Verification of direct (bank / UPI) transfers by an admin: approve through confirmPayment, or reject.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { offlineOrderRequest } from '../../core/contracts/admin';
import { t } from '../../core/i18n';
import { formatRcptId } from '../../core/ids';
import { orders } from '../../schema/index';
import { DomainError, notFound } from '../lib/errors';
import type { Actor } from '../lib/session';
import type { Svc } from '../lib/svc';
import { confirmPayment, releaseOrder } from './transitions/orders';

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
  const result = await confirmPayment(s, { orderId: order.id, via: 'admin', actorId: actor.userId });
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
 * Rejects a direct transfer through the transitions module's releaseOrder: the order becomes Rejected with the reason,
 * its transfer attempt rejected, any held sponsorship released, one audit row, and one email to the member
 * with the reason. Two admins rejecting at once: one rejection, the other a clear 409.
 */
export async function rejectOfflineOrder(s: Svc, actor: Actor, input: Input) {
  const order = await pendingOrder(s, input, 'reject');
  const result = await releaseOrder(s, {
    orderId: order.id,
    to: 'Rejected',
    reason: input.reason ?? DEFAULT_REJECT_REASON,
    via: 'admin',
    actorId: actor.userId,
  });
  if (!result.changed) {
    notPendingGuard(result.order, 'reject');
    throw new DomainError(
      'InvalidTransition',
      `Contribution ${formatRcptId(order.id)} could not be rejected now.`,
      409,
    );
  }
  return { orderPkId: order.id, orderRcptId: formatRcptId(order.id), status: 'Rejected', message: t('order.rejected') };
}

export const DEFAULT_REJECT_REASON = "We could not find this transfer in the association's bank account.";
