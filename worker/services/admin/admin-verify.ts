// Verification of direct (bank / UPI) transfers by an admin: approve through confirmPayment, or reject.
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type offlineOrderRequest,
  REJECT_REASON_TEXT,
  type rejectOfflineOrderRequest,
} from '../../../core/contracts/admin';
import { formatRcptId } from '../../../core/ids';
import { orders, statementLines } from '../../../schema/index';
import { DomainError, notFound, say, told } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import type { Svc } from '../../lib/svc';
import { confirmPayment, releaseOrder } from '../transitions/orders';
import type { CreditUsed } from '../transitions/statement-credits';
import { ORDER_STATUS } from '../../../core/orders';
import type { OrderDecision } from '../../../core/contracts/admin';

type Input = z.output<typeof offlineOrderRequest>;
type OrderRow = typeof orders.$inferSelect;

/** Loads the order named by the pair and refuses, with a clear reason, anything that is not waiting for approval. */
async function pendingOrder(s: Svc, input: Input, verb: 'approve' | 'reject'): Promise<OrderRow> {
  const order = await s.db.select().from(orders).where(eq(orders.id, input.orderPkId)).get();
  if (!order || order.userId !== input.offlineUserId) {
    throw notFound(say('verify.noSuch', { rcpt: formatRcptId(input.orderPkId) }));
  }
  notPendingGuard(order, verb);
  return order;
}

function notPendingGuard(order: Pick<OrderRow, 'id' | 'status' | 'paymentType'>, verb: 'approve' | 'reject') {
  if (order.paymentType !== 'Offline') {
    throw new DomainError('InvalidTransition', say('verify.paidOnline', { rcpt: formatRcptId(order.id) }), 409);
  }
  if (order.status !== ORDER_STATUS.pendingApproval) {
    const already =
      order.status === ORDER_STATUS.success
        ? 'approved'
        : order.status === ORDER_STATUS.rejected
          ? 'rejected'
          : 'notPending';
    const key = `verify.${already}No${verb === 'approve' ? 'Approve' : 'Reject'}` as const;
    throw new DomainError('InvalidTransition', say(key, { rcpt: formatRcptId(order.id), status: order.status }), 409);
  }
}

/**
 * The statement's credit an approval by hand uses: the one credit still open for the order (matched, or an
 * amount mismatch the admin saw in the dialog). None when no credit fits it, or when several do (they need the
 * treasurer: the approval names none of them).
 */
async function openCredit(s: Svc, orderId: number): Promise<CreditUsed | undefined> {
  const open = await s.db
    .select()
    .from(statementLines)
    .where(
      and(eq(statementLines.orderId, orderId), inArray(statementLines.state, ['matched', 'mismatch', 'ambiguous'])),
    )
    .limit(3)
    .all();
  const [only] = open;
  if (open.length !== 1 || !only || (only.state !== 'matched' && only.state !== 'mismatch')) return undefined;
  return {
    lineId: only.id,
    reference: only.reference,
    date: only.txnDate,
    amountPaise: only.amountPaise,
    states: [only.state],
  };
}

/**
 * Approving confirms the payment through the same path as an online success (confirmPayment). The statement's
 * credit that fits the transfer, if one does, is approved with it and named in the audit row; `credit` (from
 * "approve all matched") approves the order only while that credit is still matched to it.
 */
export async function approveOfflineOrder(
  s: Svc,
  actor: Actor,
  input: Input,
  credit?: CreditUsed,
): Promise<OrderDecision> {
  const order = await pendingOrder(s, input, 'approve');
  const used = credit ?? (await openCredit(s, order.id));
  const result = await confirmPayment(s, { orderId: order.id, via: 'admin', actorId: actor.userId, credit: used });
  if (!result.changed) {
    // someone else decided in between: say what happened
    const now = await s.db.select().from(orders).where(eq(orders.id, order.id)).get();
    notPendingGuard(now ?? order, 'approve');
    if (used)
      throw new DomainError('StatementChanged', say('order.creditChanged', { rcpt: formatRcptId(order.id) }), 409);
    throw new DomainError('InvalidTransition', say('verify.notApprovedNow', { rcpt: formatRcptId(order.id) }), 409);
  }
  return {
    orderPkId: order.id,
    orderRcptId: formatRcptId(order.id),
    status: ORDER_STATUS.success,
    ...told('order.approved'),
  };
}

/**
 * Rejects a direct transfer through the transitions module's releaseOrder: the order becomes Rejected with the reason,
 * its transfer attempt rejected, any held sponsorship released, one audit row, and one email to the member
 * with the reason. Two admins rejecting at once: one rejection, the other a clear 409.
 */
export async function rejectOfflineOrder(
  s: Svc,
  actor: Actor,
  input: z.output<typeof rejectOfflineOrderRequest>,
): Promise<OrderDecision> {
  const order = await pendingOrder(s, input, 'reject');
  const code = input.reasonCode;
  const result = await releaseOrder(s, {
    orderId: order.id,
    to: ORDER_STATUS.rejected,
    // a stock reason is its catalogued sentence (translated in the member's email); an old client's free text,
    // or nothing at all, is accepted as before (docs/decisions/141)
    reason: code && code !== 'other' ? REJECT_REASON_TEXT[code] : (input.reason ?? DEFAULT_REJECT_REASON),
    reasonCode: code ?? (input.reason ? null : 'notFound'),
    via: 'admin',
    actorId: actor.userId,
  });
  if (!result.changed) {
    notPendingGuard(result.order, 'reject');
    throw new DomainError('InvalidTransition', say('verify.notRejectedNow', { rcpt: formatRcptId(order.id) }), 409);
  }
  return {
    orderPkId: order.id,
    orderRcptId: formatRcptId(order.id),
    status: ORDER_STATUS.rejected,
    ...told('order.rejected'),
  };
}

export const DEFAULT_REJECT_REASON = REJECT_REASON_TEXT.notFound;
