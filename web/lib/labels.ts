// Words the server sends as values (an order's status, a refund state) in the screens' language.
// The server keeps sending the English values (old clients compare them); only what is shown changes.
import { type MemberKey, tm } from '../../core/messages/member.en';
import { ORDER_STATUS } from '../../core/orders';

const STATUS: Record<string, MemberKey> = {
  Success: 'status.success',
  'Pending Payment': 'status.pendingPayment',
  'Pending Approval': 'status.pendingApproval',
  Failed: 'status.failed',
  Rejected: 'status.rejected',
  'Partially Refunded': 'status.partiallyRefunded',
  Refunded: 'status.refunded',
  'Carried Over': 'status.carriedOver',
  'Refund Pending': 'status.refundPending',
};

const CLOSED_AS: Record<string, MemberKey> = {
  cancelled: 'status.cancelled',
  expired: 'status.expired',
};

/**
 * An order status or refund state as shown; an unknown value as it came. A Failed order says why it closed when it
 * was not a refused payment: "Cancelled" (given up, or the payment window closed) or "Expired" (not paid in time).
 */
export function statusText(value: string, closedAs?: string | null): string {
  const closed = value === ORDER_STATUS.failed && closedAs ? CLOSED_AS[closedAs] : undefined;
  if (closed) return tm(closed);
  const key = STATUS[value];
  return key ? tm(key) : value;
}
