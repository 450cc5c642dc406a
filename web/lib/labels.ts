// Words the server sends as values (an order's status, a refund state) in the screens' language (issue 16).
// The server keeps sending the English values (old clients compare them); only what is shown changes.
import { type MemberKey, tm } from '../../core/messages/member.en';

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

/** An order status or refund state as shown; an unknown value as it came. */
export function statusText(value: string): string {
  const key = STATUS[value];
  return key ? tm(key) : value;
}
