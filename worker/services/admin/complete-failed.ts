// Completing a failed order by hand (docs/decisions/082-complete-failed-order.md): money left the
// member's account but the order shows Failed. The admin gives the Razorpay payment id (checked against the
// gateway: captured, the right amount, a payment of this order's Razorpay order, not used by another order) or
// the bank/UPI transaction id, and the order goes to Success through confirmPayment, the one path every payment
// takes. If an item was taken meanwhile, confirmPayment flags the order and the answer names what was lost, so
// that the admin refunds it instead.
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { normalizeTxnId } from '../../../core/contracts/checkout';
import type { ErrorCode } from '../../../core/contracts/errors';
import type { completeFailedOrderRequest } from '../../../core/contracts/refunds';
import { formatRcptId } from '../../../core/ids';
import { isPaymentReference } from '../../../core/references';
import { orders, payments } from '../../../schema/orders';
import { refunds } from '../../../schema/refunds';
import { isUniqueViolation } from '../../lib/d1-batch';
import { DomainError, type Said, say, told } from '../../lib/errors';
import { log } from '../../lib/log';
import { RazorpayError, type RazorpayPayment } from '../../lib/razorpay';
import type { Actor } from '../../lib/session';
import type { Svc } from '../../lib/svc';
import { razorpayFor } from '../checkout/payments';
import { attachTransferToFailed, confirmPayment } from '../transitions/orders';
import { ORDER_STATUS, type OrderStatus } from '../../../core/orders';

type Input = z.output<typeof completeFailedOrderRequest>;

export type CompleteResult = {
  message: string;
  orderPkId: number;
  orderRcptId: string;
  status: OrderStatus;
  lost: string | null;
};

const refused = (code: ErrorCode, desc: Said, status: 400 | 409 = 409) => new DomainError(code, desc, status);

export async function completeFailedOrder(s: Svc, actor: Pick<Actor, 'userId'>, input: Input): Promise<CompleteResult> {
  const order = await s.db.select().from(orders).where(eq(orders.id, input.orderPkId)).get();
  const rcpt = formatRcptId(input.orderPkId);
  if (!order) throw refused('UnknownOrder', say('refund.unknownOrder', { rcpt }), 400);
  if (order.status !== ORDER_STATUS.failed) {
    throw refused('NotFailed', say('complete.notFailed', { rcpt, status: order.status }));
  }
  if (order.paymentType === 'Online') {
    if (!input.razorpayPaymentId) throw refused('BadRequest', say('complete.paymentIdRequired'), 400);
    const paymentId = input.razorpayPaymentId;
    let p: RazorpayPayment;
    try {
      p = await razorpayFor(s).fetchPayment(paymentId);
    } catch (err) {
      if (err instanceof RazorpayError && err.status >= 400 && err.status < 500) {
        throw refused('UnknownPayment', say('complete.unknownPayment', { id: paymentId }), 400);
      }
      throw new DomainError('PaymentProviderError', say('checkout.paymentCheckFailed'), 502);
    }
    if (p.status !== 'captured')
      throw refused('NotCaptured', say('complete.notCaptured', { id: paymentId, status: p.status }));
    if (p.amount !== order.totalPaise)
      throw refused('AmountMismatch', say('complete.amountMismatch', { id: paymentId }));
    const attempt = await s.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.providerOrderId, p.order_id ?? '')))
      .get();
    if (!attempt) throw refused('ForeignPayment', say('complete.foreignPayment', { id: paymentId, rcpt }));
    const used = await s.db
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.providerPaymentId, paymentId))
      .get();
    if (used && used.orderId !== order.id) throw refused('PaymentIdUsed', say('complete.paymentUsed'), 400);
    // the admin's audit row is written in confirmPayment's batch, only by the call that completed the order
    await confirmPayment(s, {
      orderId: order.id,
      via: 'reconciler',
      actorId: actor.userId,
      razorpay: { paymentId, orderId: p.order_id!, amountPaise: p.amount },
      audit: { action: 'order.completed_by_admin', details: { razorpayPaymentId: paymentId } },
    });
  } else {
    if (!input.transactionId) throw refused('BadRequest', say('complete.txnRequired'), 400);
    const txn = normalizeTxnId(input.transactionId);
    if (!isPaymentReference(txn)) throw refused('BadRequest', say('complete.txnNotReference'), 400);
    const used = await s.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.transactionId, txn), sql`${payments.status} <> 'rejected'`))
      .get();
    const usedByRefund = await s.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.reference, txn)).get();
    if (used || usedByRefund) throw refused('TransactionIdUsed', say('complete.txnUsed'), 400);
    try {
      // the transfer is recorded as submitted, then approved by confirmPayment like any other transfer
      await attachTransferToFailed(s, order, {
        transactionId: txn,
        bankName: input.bankName ?? null,
        actorId: actor.userId,
      });
    } catch (err) {
      if (isUniqueViolation(err, 'transaction_id')) throw refused('TransactionIdUsed', say('complete.txnUsed'), 400);
      throw err;
    }
    await confirmPayment(s, {
      orderId: order.id,
      via: 'reconciler',
      actorId: actor.userId,
      audit: { action: 'order.completed_by_admin', details: { transactionId: txn, bankName: input.bankName ?? null } },
    });
  }
  const after = (await s.db.select().from(orders).where(eq(orders.id, order.id)).get())!;
  const mine = order.paymentType === 'Online' ? input.razorpayPaymentId : normalizeTxnId(input.transactionId ?? '');
  // completed by another admin at the same moment with another reference: that one stands, not this one
  if (after.status !== ORDER_STATUS.success || after.transactionId !== mine) {
    throw refused('NotCompleted', say('complete.notCompleted', { rcpt, status: after.status }));
  }
  log('info', 'order.completed_by_admin', { orderId: order.id });
  return {
    ...(after.attention ? told('complete.doneWithLoss', { rcpt }) : told('complete.done', { rcpt })),
    orderPkId: order.id,
    orderRcptId: rcpt,
    status: after.status,
    lost: after.attention ?? null,
  };
}
