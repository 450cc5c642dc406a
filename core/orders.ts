// The order and payment state machines (DECISIONS.md "Accounts and orders", "Payments"). Pure: the server
// checks every change against them before its conditional update, the screens use them to pick actions.

import { isPassLine } from './pass-qr';

export const ORDER_STATUS = {
  pendingPayment: 'Pending Payment',
  pendingApproval: 'Pending Approval',
  success: 'Success',
  failed: 'Failed',
  rejected: 'Rejected',
} as const;

export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
/** Every order status, in the order of the lifecycle (the schema's column takes these: schema/orders.ts). */
export const ORDER_STATUSES = [
  ORDER_STATUS.pendingPayment,
  ORDER_STATUS.pendingApproval,
  ORDER_STATUS.success,
  ORDER_STATUS.failed,
  ORDER_STATUS.rejected,
] as const satisfies readonly OrderStatus[];

export const PAYMENT_TYPES = ['Online', 'Offline'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** How a Failed order closed (migrations/0160, orders.closed_as): the member gave up, the hold ran out, the payment failed. */
export const CLOSED_AS = ['cancelled', 'expired', 'failed'] as const;
export type ClosedAs = (typeof CLOSED_AS)[number];

/**
 * Allowed order transitions. Failed -> Success exists because Razorpay may capture a payment after the
 * order was given up locally (a late webhook, or the reconciler after an expiry): what Razorpay says wins.
 * Rejected is final: an admin looked at the transfer and refused it.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  'Pending Payment': ['Pending Approval', 'Success', 'Failed'],
  'Pending Approval': ['Success', 'Rejected'],
  Success: [],
  Failed: ['Success'],
  Rejected: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The statuses from which an order may move to `to` (for conditional updates: WHERE status IN (...)). */
export function sourcesOf(to: OrderStatus): OrderStatus[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((from) => canTransition(from, to));
}

export const PAYMENT_METHODS = ['razorpay', 'bank_transfer', 'gate_cash', 'gate_upi'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A payment attempt's status: a Razorpay attempt is created, then captured or failed; a transfer is submitted. */
export const PAYMENT_STATUS = {
  created: 'created',
  captured: 'captured',
  failed: 'failed',
  submitted: 'submitted',
  approved: 'approved',
  rejected: 'rejected',
} as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];
export const PAYMENT_STATUSES = Object.values(PAYMENT_STATUS) as [PaymentStatus, ...PaymentStatus[]];

/**
 * One payment attempt per Razorpay order (or per bank transfer). A Razorpay order may see a failed payment
 * and then a captured one (the payer retries inside the checkout), so failed -> captured is allowed.
 */
export const PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ['captured', 'failed'],
  failed: ['captured'],
  captured: [],
  submitted: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

export function canPaymentTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

export const REFUND_STATUS = {
  requested: 'requested',
  pending: 'pending',
  processed: 'processed',
  failed: 'failed',
} as const;
export type RefundStatus = (typeof REFUND_STATUS)[keyof typeof REFUND_STATUS];
export const REFUND_STATUSES = Object.values(REFUND_STATUS) as [RefundStatus, ...RefundStatus[]];

/**
 * A refund (docs/decisions/080). Online: written 'requested' while Razorpay is asked; 'pending' once it
 * accepted (its effects apply), then 'processed' or 'failed' (webhook or reconciler); Razorpay may answer
 * 'processed' or 'failed' at once. A direct-transfer refund or a carry-over is born 'processed'. Settled
 * refunds are final.
 */
export const REFUND_TRANSITIONS: Record<RefundStatus, readonly RefundStatus[]> = {
  requested: ['pending', 'processed', 'failed'],
  pending: ['processed', 'failed'],
  processed: [],
  failed: [],
};

export function canRefundTransition(from: RefundStatus, to: RefundStatus): boolean {
  return REFUND_TRANSITIONS[from].includes(to);
}

/** How a refund pays back: through Razorpay, by bank/UPI transfer, carried to next year, or by hand after a failure. */
export const REFUND_METHODS = ['razorpay', 'bank_transfer', 'carry_over', 'manual'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/**
 * An order's refund state (orders.refund_state, migrations/0080; decision 145): null before any refund, 'Refund
 * Pending' while money is on its way back, then 'Partially Refunded', 'Refunded' or 'Carried Over'.
 */
export const REFUND_STATE = {
  partiallyRefunded: 'Partially Refunded',
  refunded: 'Refunded',
  carriedOver: 'Carried Over',
  refundPending: 'Refund Pending',
} as const;
export type RefundState = (typeof REFUND_STATE)[keyof typeof REFUND_STATE];
export const REFUND_STATES = Object.values(REFUND_STATE) as [RefundState, ...RefundState[]];

/** The statuses a refund is born in: 'requested' (online, before the gateway answers) or 'processed'. */
export const REFUND_INITIAL: readonly RefundStatus[] = ['requested', 'processed'];

/** An order with any MEMBERSHIP or DAILY_PASS line (other than the extra contribution) has a pass to collect. */
export function needsCollection(lines: readonly { type: string; code: string }[]): boolean {
  return lines.some(isPassLine);
}

export type ContributionAction = 'details' | 'retryPayment' | 'startAgain';

/** The profile's action table (SPEC.md section 4); Rejected is shown like Failed (DECISIONS.md). */
export function contributionActions(status: OrderStatus, paymentType: PaymentType): ContributionAction[] {
  const shown = status === ORDER_STATUS.rejected ? ORDER_STATUS.failed : status;
  if (shown === ORDER_STATUS.success || shown === ORDER_STATUS.pendingApproval) return ['details'];
  if (paymentType === 'Offline' && shown === ORDER_STATUS.pendingPayment) return ['retryPayment', 'details'];
  if (paymentType === 'Online') return ['startAgain', 'details'];
  if (paymentType === 'Offline' && shown === ORDER_STATUS.failed) return ['startAgain', 'details'];
  return ['details'];
}

/** The UPI deep link of a direct transfer: payee VPA, exact amount, the contribution id as the note. */
export function upiLink(p: { vpa: string; payee: string; amountPaise: number; note: string }): string {
  // UPI apps read the VPA with its '@' as is; everything else is percent-encoded.
  const enc = (v: string) => encodeURIComponent(v).replace(/%40/g, '@');
  const am = (p.amountPaise / 100).toFixed(2);
  return `upi://pay?pa=${enc(p.vpa)}&pn=${enc(p.payee)}&am=${am}&tn=${enc(p.note)}&cu=INR`;
}
