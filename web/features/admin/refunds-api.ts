// The refund calls of the admin console. The amount is computed by the server; the dialog shows
// the same number from the shared rule (core/refunds.ts) before the admin confirms.
import type { CallBody } from '../../lib/calls';
import { api, PAYMENT_TIMEOUT_MS } from '../../lib/api-client';

export const getOrderRefunds = (orderPkId: number) => api('getOrderRefunds', { orderPkId });

// a refund goes to Razorpay: a payment call's time limit (docs/decisions/150)
export const refundOrder = (body: CallBody<'refundOrder'>) =>
  api('refundOrder', body, { timeoutMs: PAYMENT_TIMEOUT_MS });

export const carryOverOrder = (body: CallBody<'carryOverOrder'>) => api('carryOverOrder', body);

export const retryRefund = (body: CallBody<'retryRefund'>) => api('retryRefund', body);

// the server asks Razorpay about the payment first (docs/decisions/150); a reference `pay_...` is Razorpay's
/** The admin's reference as the call takes it: a Razorpay payment id (pay_...) or a bank/UPI transaction id. */
export const completeFailedBody = (orderPkId: number, reference: string): CallBody<'completeFailedOrder'> => ({
  orderPkId,
  ...(/^pay_/.test(reference) ? { razorpayPaymentId: reference } : { transactionId: reference }),
});
export const completeFailedOrder = (body: CallBody<'completeFailedOrder'>) =>
  api('completeFailedOrder', body, { timeoutMs: PAYMENT_TIMEOUT_MS });

export const recordManualRefund = (body: CallBody<'recordManualRefund'>) => api('recordManualRefund', body);
