import * as z from 'zod';
import type { OrderStatus } from '../orders';
import { normalizeReference } from '../references';
import { type Message, optionalText, text } from './common';
import { billingFields } from './receipts';
import type { OrderView } from './orders';

const flag = z.boolean({ error: 'input.boolean' });

export const startOrderRequest = z.object({
  offline: z.boolean({
    error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.boolean'),
  }),
  // optional billing details for the receipt (billingName, pan, gstin), shape-checked
  ...billingFields,
});

/** The optional billing details /startOrder takes beside `offline`. */
export type BillingBody = { billingName?: string | null; pan?: string | null; gstin?: string | null };

export const handleSuccessOrderRequest = z.object({
  isOffline: flag.nullish(),
  orderId: text(64),
  razorpayPaymentId: text(64),
  razorpaySignature: text(256),
});

export const handleFailOrderRequest = z.object({
  orderId: text(64),
  razorpayPaymentId: optionalText(64),
});

const rcptId = z.union([text(20), z.number({ error: 'input.rcptId' }).int()], {
  error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.rcptId'),
});

export const handleOfflineOrderRequest = z.object({
  isOffline: flag.nullish(),
  offlineTxnId: text(64),
  offlineBankName: optionalText(100),
  orderRcptId: rcptId,
});

export const saveUserExtraInfoRequest = z.object({
  addrLine1: text(200),
  addrLine2: optionalText(200),
  city: text(100),
  state: text(100),
  pin: text(12),
  additionalEmail: optionalText(254),
  additionalMobile: optionalText(20),
  referSource: optionalText(50),
  referredBy: optionalText(100),
});

export type UserExtraInfo = {
  addrLine1: string | null;
  addrLine2: string | null;
  city: string | null;
  state: string | null;
  pin: string | null;
  additionalEmail: string | null;
  additionalMobile: string | null;
  referSource: string | null;
  referredBy: string | null;
};

export const REFER_SOURCES = ['Facebook', 'Instagram', 'Google', 'Other'] as const;

export type BankDetailsView = { payee: string; accountNumber: string; ifsc: string; bankName: string; upiVpa: string };

/**
 * /startOrder with offline false (SPEC.md section 3, plus keyId, checkoutScript and `offline`: the answer names its
 * variant with the body's own flag, which is how the web's call map tells the two apart: web/lib/calls.ts).
 */
export type OnlineStartOrder = {
  offline: false;
  currency: string;
  orderTotalInPaisa: number;
  orderOrTokenId: string;
  userFullName: string;
  userEmail: string;
  userMobile: string;
  keyId: string;
  checkoutScript: string;
  orderRcptId: string;
  orderPkId: number;
  subTotalInPaisa: number;
  convenienceChargeInPaisa: number;
};

/** /startOrder with offline true (SPEC.md section 3, plus the bank details to show and `offline`, as above). */
export type OfflineStartOrder = {
  offline: true;
  orderRcptId: string;
  orderTotalInPaisa: number;
  orderPkId: number;
  bank: BankDetailsView;
  /** only for an order with nothing to pay (every fee waived: docs/decisions/255), confirmed at once: 'Success' */
  status?: OrderStatus;
};

/** /getPaymentOptions: what the payment screens show before an order exists. */
export type PaymentOptions = { bank: BankDetailsView; convenienceChargeBasisPoints: number };

/** /handleSuccessOrder: the order once the payment is confirmed (absent if it could not be read back). */
export type SuccessOrderResult = Message & { orderRcptId: string; status: OrderStatus; order?: OrderView };

/** /handleFailOrder */
export type FailOrderResult = { orderRcptId: string; status: OrderStatus };

/** /handleOfflineOrder: the transfer's details were recorded; the order waits for an admin. */
export type OfflineOrderResult = Message & { orderRcptId: string; status: OrderStatus };

/** /giveUpOrder */
export type GiveUpResult = Message & { orderRcptId: string; status: OrderStatus };

/** Normalizes a bank/UPI reference so that one transaction written two ways is still one. */
export const normalizeTxnId = normalizeReference;

/** /giveUpOrder: the member gives up an order still waiting for payment, freeing what it holds. */
export const giveUpOrderRequest = z.object({ orderRcptId: rcptId });
