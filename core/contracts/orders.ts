// One order as SPEC.md section 3 names its fields: the member's list (/getOrders), the admin's lists and the
// pass desk answer this one shape (worker/services/checkout/order-view.ts builds it; the web reads it). Amounts in rupees.

import type { ClosedAs, OrderStatus, PaymentType, RefundMethod, RefundState, RefundStatus } from '../orders';

export type OrderLineView = {
  name: string;
  code: string;
  qty: number;
  sellPrice: number;
  maxPrice: number;
  lineId: number;
  refundedQty: number; // migrations/0080: units refunded (decision 145: the money has gone)
  /** units of refunds that have not failed (being refunded or refunded): not handed out at the venue (0145) */
  withheldQty?: number;
  /** membership: units whose fee the waiver for sponsoring families took (docs/decisions/255); absent when none */
  waivedQty?: number;
};

/** One refund as the member and the lists show it (rupees; status: requested, pending, processed). */
export type OrderRefundView = {
  amount: number;
  status: RefundStatus;
  date: number;
  method: RefundMethod;
  carriedTo: string | null;
};

export type OrderView = {
  orderRcptId: string;
  orderPkId: number;
  kind: 'CONTRIBUTION' | 'DAILY_PASS';
  offlineUserId: number;
  fiscalYear: string;
  orderDate: number;
  paymentDate: number | null;
  orderTotal: number;
  orderSubTotal: number;
  convenienceCharge: number;
  orderSuccessTS: number | null;
  status: OrderStatus;
  paymentType: PaymentType;
  transactionId: string | null;
  bankName: string | null;
  userName: string;
  userEmail: string;
  userMobile: string;
  referSource: string | null;
  referredBy: string | null;
  addr1: string | null;
  addr2: string | null;
  city: string | null;
  state: string | null;
  pin: string | null;
  passCollected: number | null;
  passCode: string | null;
  rejectReason: string | null;
  /** why a Failed order failed (migrations/0160): 'cancelled', 'expired' or 'failed'; null for other statuses */
  closedAs: ClosedAs | null;
  selectedProducts: OrderLineView[];
  /** refunds (migrations/0080, decision 145): 'Refund Pending' while the money has not gone; amount in rupees */
  refundState: RefundState | null;
  refundedAmount: number;
  refunds: OrderRefundView[];
};
