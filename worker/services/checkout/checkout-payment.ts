// Checkout after the order exists: the browser's callbacks of an online payment, the transaction id of a direct
// transfer, and the member giving up an order still waiting for payment. Confirming and releasing are the
// transitions' (payments.ts re-exports them); the transfer-submitted step is still written here, in
// handleOfflineOrder's batch, until it is wired to the transitions module's submitTransfer.
import { and, eq, ne } from 'drizzle-orm';
import { normalizeTxnId } from '../../../core/contracts/checkout';
import { formatRcptId, parseRcptId } from '../../../core/ids';
import { formatINR } from '../../../core/money';
import { isPaymentReference } from '../../../core/references';
import { orderLines, payments } from '../../../schema/index';
import { isUniqueViolation } from '../../lib/d1-batch';
import { DomainError, say, told } from '../../lib/errors';
import { log } from '../../lib/log';
import { compose, linesText, sendMail } from '../../lib/mail';
import { isPaid, isTransient, RazorpayError, verifyPaymentSignature } from '../../lib/razorpay';
import type { Actor } from '../../lib/session';
import type { Svc } from '../../lib/svc';
import { orderViews } from './order-view';
import { captureIfAuthorized, razorpayAttempt, razorpayFor, settleOnline } from './payments';
import { confirmPayment, loadOrder, releaseOrder, submitTransfer } from '../transitions/orders';
import { ORDER_STATUS, type OrderStatus, PAYMENT_STATUS } from '../../../core/orders';
import type {
  FailOrderResult,
  GiveUpResult,
  OfflineOrderResult,
  SuccessOrderResult,
} from '../../../core/contracts/checkout';

const notYours = () => new DomainError('NotFound', say('order.notYours'), 404);

/** Finds one of the caller's online orders by its Razorpay order id. */
async function ownOnlineOrder(s: Svc, actor: Actor, providerOrderId: string) {
  const row = await s.db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.providerOrderId, providerOrderId), eq(payments.method, 'razorpay')))
    .get();
  const order = row ? await loadOrder(s, row.orderId) : undefined;
  if (!order || order.userId !== actor.userId) throw notYours();
  return order;
}

/** /handleSuccessOrder: the checkout's success callback, verified against the stored Razorpay order id. */
export async function handleSuccessOrder(
  s: Svc,
  actor: Actor,
  input: { orderId: string; razorpayPaymentId: string; razorpaySignature: string },
): Promise<SuccessOrderResult> {
  const order = await ownOnlineOrder(s, actor, input.orderId);
  const attempt = (await razorpayAttempt(s, order.id))!;
  const storedRzpOrderId = attempt.providerOrderId!;
  const ok = await verifyPaymentSignature(
    storedRzpOrderId,
    input.razorpayPaymentId,
    input.razorpaySignature,
    s.config.RAZORPAY_KEY_SECRET,
  );
  if (!ok) {
    log('warn', 'payment.bad_signature', { orderId: order.id, userId: actor.userId });
    throw new DomainError('InvalidSignature', say('payment.badSignature'), 400);
  }
  let amountPaise = order.totalPaise;
  try {
    const rzp = razorpayFor(s);
    let payment = await rzp.fetchPayment(input.razorpayPaymentId);
    if (payment.order_id === storedRzpOrderId) payment = await captureIfAuthorized(rzp, payment);
    if (payment.order_id !== storedRzpOrderId || !isPaid(payment)) {
      throw new DomainError('PaymentNotCaptured', say('payment.notCaptured'), 409);
    }
    amountPaise = payment.amount;
  } catch (err) {
    if (!(err instanceof RazorpayError)) throw err;
    if (!isTransient(err)) {
      // A 4xx (wrong keys, unknown payment): never confirm on the signature alone. The order stays
      // Pending Payment and the reconciler settles it once the configuration is fixed.
      log('error', 'payment.verify_refused', { orderId: order.id, status: err.status, error: err.message });
      throw new DomainError('PaymentProviderError', say('checkout.paymentCheckFailed'), 502);
    }
    // Razorpay unreachable or failing (5xx): the valid signature proves the payment of this Razorpay order,
    // whose amount is ours.
    log('warn', 'payment.fetch_failed', { orderId: order.id, error: err.message });
  }
  const { order: after } = await confirmPayment(s, {
    orderId: order.id,
    via: 'callback',
    actorId: actor.userId,
    razorpay: { paymentId: input.razorpayPaymentId, orderId: storedRzpOrderId, amountPaise },
  });
  const [view] = await orderViews(s.db, [after]);
  return { ...told('order.received'), orderRcptId: formatRcptId(after.id), status: after.status, order: view };
}

/** /handleFailOrder: the checkout reported a failed payment. Razorpay is asked first: it may be paid after all. */
export async function handleFailOrder(
  s: Svc,
  actor: Actor,
  input: { orderId: string; razorpayPaymentId: string | null },
): Promise<FailOrderResult> {
  const order = await ownOnlineOrder(s, actor, input.orderId);
  let status: OrderStatus = order.status;
  if (order.status === ORDER_STATUS.pendingPayment) {
    try {
      status = await settleOnline(s, order, { via: 'callback', actorId: actor.userId });
    } catch (err) {
      log('warn', 'payment.fail_unchecked', { orderId: order.id, error: String(err) });
    }
    if (status === ORDER_STATUS.pendingPayment) {
      status = (
        await releaseOrder(s, {
          orderId: order.id,
          to: ORDER_STATUS.failed,
          reason: `Payment failed${input.razorpayPaymentId ? ` (${input.razorpayPaymentId})` : ''}`,
          // no payment id: the buyer closed the payment window (or it did not load) without paying
          closedAs: input.razorpayPaymentId ? 'failed' : 'cancelled',
          via: 'callback',
          actorId: actor.userId,
        })
      ).order.status;
    }
  }
  return { orderRcptId: formatRcptId(order.id), status };
}

/** /handleOfflineOrder: the member shares the bank/UPI transaction id; the order awaits an admin's approval. */
export async function handleOfflineOrder(
  s: Svc,
  actor: Actor,
  input: { offlineTxnId: string; offlineBankName: string | null; orderRcptId: string | number },
): Promise<OfflineOrderResult> {
  const txn = normalizeTxnId(input.offlineTxnId);
  // a fragment, a mobile number or an app's own order id would let a statement's credit of someone else's
  // payment approve this order, or none at all (docs/decisions/140)
  if (!isPaymentReference(txn)) throw new DomainError('BadRequest', say('order.txnNotReference'), 400);
  const id = parseRcptId(input.orderRcptId);
  const order = id ? await loadOrder(s, id) : undefined;
  if (!order || order.userId !== actor.userId) throw notYours();
  const bankName = input.offlineBankName;
  if (order.paymentType !== 'Offline') {
    throw new DomainError('InvalidTransition', say('order.paidOnline'), 409);
  }
  const used = await s.db
    .select({ orderId: payments.orderId })
    .from(payments)
    // a transfer rejected by mistake may be shared again (payments_txn_uq skips rejected attempts)
    .where(and(eq(payments.transactionId, txn), ne(payments.status, PAYMENT_STATUS.rejected)))
    .get();
  if (used && used.orderId === order.id && order.status === ORDER_STATUS.pendingApproval) {
    return { ...told('order.offlineCaptured'), orderRcptId: formatRcptId(order.id), status: order.status };
  }
  if (used) throw txnUsed();
  if (order.status !== ORDER_STATUS.pendingPayment) {
    throw new DomainError(
      'InvalidTransition',
      say('order.transferLocked', { rcpt: formatRcptId(order.id), status: order.status }),
      409,
    );
  }
  let submitted: Awaited<ReturnType<typeof submitTransfer>>;
  try {
    submitted = await submitTransfer(s, order, { transactionId: txn, bankName, actorId: actor.userId });
  } catch (err) {
    if (isUniqueViolation(err, 'transaction_id')) throw txnUsed();
    throw err;
  }
  const after = submitted.order;
  if (!submitted.changed) {
    if (after.status === ORDER_STATUS.pendingApproval && after.transactionId === txn) {
      return { ...told('order.offlineCaptured'), orderRcptId: formatRcptId(order.id), status: after.status };
    }
    throw new DomainError(
      'InvalidTransition',
      say('order.isStatus', { rcpt: formatRcptId(order.id), status: after.status }),
      409,
    );
  }

  const lines = await s.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).all();
  const rcpt = formatRcptId(order.id);
  await sendMail(s.db, s.config, {
    to: after.userEmail,
    write: (w) =>
      compose(w('received.subject', { rcpt }), [
        w('mail.greeting', { name: after.userName }),
        w('received.details', { rcpt, txn: bankName ? `${txn}, ${bankName}` : txn }),
        linesText(w, lines, (l) => l.sellPricePaise),
        w('mail.total', { amount: formatINR(after.totalPaise) }),
        w('received.verify'),
      ]),
  });
  return { ...told('order.offlineCaptured'), orderRcptId: rcpt, status: after.status };
}

/**
 * /giveUpOrder: the member gives up their own order that still waits for payment, so that what it holds (a
 * sponsorship, the member price) is free again at once. An online one is asked about at Razorpay first: if
 * it was paid after all, it is confirmed instead.
 */
export async function giveUpOrder(
  s: Svc,
  actor: Actor,
  input: { orderRcptId: string | number },
): Promise<GiveUpResult> {
  const id = parseRcptId(input.orderRcptId);
  const order = id ? await loadOrder(s, id) : undefined;
  if (!order || order.userId !== actor.userId) throw notYours();
  const rcpt = formatRcptId(order.id);
  if (order.status !== ORDER_STATUS.pendingPayment) {
    throw new DomainError('InvalidTransition', say('order.cannotCancel', { rcpt, status: order.status }), 409);
  }
  if (order.paymentType === 'Online') {
    const status = await settleOnline(s, order, { via: 'callback', actorId: actor.userId });
    if (status !== ORDER_STATUS.pendingPayment) return { orderRcptId: rcpt, status, ...told('order.received') };
  }
  const { order: after } = await releaseOrder(s, {
    orderId: order.id,
    to: ORDER_STATUS.failed,
    reason: 'Cancelled by the member before paying',
    closedAs: 'cancelled',
    via: 'checkout',
    actorId: actor.userId,
  });
  return { orderRcptId: rcpt, status: after.status, ...told('checkout.orderGivenUp', { rcpt }) };
}

const txnUsed = () => new DomainError('TransactionIdUsed', say('order.transactionIdUsed'), 409);
