// Contracts of the refund calls (docs/decisions/080-refunds.md). Admins only; the amount is never
// sent by the client: the server computes it from the lines chosen.
import * as z from 'zod';
import type { OrderStatus, PaymentType, RefundMethod, RefundState, RefundStatus } from '../orders';
import { keyWith, type Message, text } from './common';

const POSITIVE_INT = 'input.positiveWhole';
const id = () =>
  z
    .union([z.number(), z.string().trim()], {
      error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : POSITIVE_INT),
    })
    .transform((v, ctx) => {
      const n = typeof v === 'number' ? v : /^\d{1,15}$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isSafeInteger(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: POSITIVE_INT });
        return z.NEVER;
      }
      return n;
    });

const refundLine = z
  .object({
    lineId: id(),
    qty: z
      .number({ error: 'input.wholeNumber' })
      .int('input.wholeNumber')
      .positive(keyWith('input.min', { min: 1 }))
      .max(1000, 'input.max')
      .nullish(),
  })
  .strict();

/** A bank/UPI reference as people write it: letters, digits, spaces, '-' and '/'; stored without spaces. */
export const refundReference = z
  .string({ error: 'input.text' })
  .trim()
  .min(4, 'input.minChars')
  .max(64, 'input.maxChars')
  .regex(/^[A-Za-z0-9 /-]+$/, 'input.referenceChars');

const choice = {
  orderPkId: id(),
  all: z.boolean({ error: 'input.boolean' }).nullish(),
  lines: z.array(refundLine, { error: 'input.lineList' }).max(50, 'input.maxLinesNamed').nullish(),
};

const oneChoice = (v: { all?: boolean | null; lines?: unknown[] | null }) => !!v.all !== (v.lines?.length ?? 0) > 0;

export const refundQuoteRequest = z
  .object(choice)
  .strict()
  .refine(oneChoice, { message: 'input.allOrLines', path: ['lines'] });

export const refundOrderRequest = z
  .object({
    ...choice,
    reason: text(500),
    /** direct transfers: the bank/UPI reference of the money sent back */
    reference: refundReference.nullish(),
    /** one per dialog: a double click or a retry of the same request is one refund */
    requestKey: z
      .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.text') })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'input.requestKey'),
  })
  .strict()
  .refine(oneChoice, { message: 'input.allOrLines', path: ['lines'] });

export const orderRefundsRequest = z.object({ orderPkId: id() }).strict();

const requestKey = () =>
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.text') })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'input.requestKey');

/** /retryRefund: a failed online refund asked of the gateway again, as a new refund of the same lines. */
export const retryRefundRequest = z.object({ refundId: id(), requestKey: requestKey() }).strict();

/** /recordManualRefund: a failed online refund paid back by hand (bank/UPI transfer or cash), with its reference. */
export const manualRefundRequest = z
  .object({ refundId: id(), reference: refundReference, requestKey: requestKey() })
  .strict();

// ---- responses ----

export type RefundView = {
  refundId: number;
  /** manual: a failed online refund paid back by hand, with a reference (decision 145) */
  method: RefundMethod;
  /** carry-over: the contribution of the next festival year that carries the lines */
  carriedTo: string | null;
  status: RefundStatus;
  amount: number; // rupees
  reason: string;
  reference: string | null;
  providerRefundId: string | null;
  failureReason: string | null;
  createdAt: number;
  settledAt: number | null;
  /** the failed refund this one replaces; and the refund that replaced this failed one (retry or by hand) */
  retryOf: number | null;
  replacedBy: number | null;
  lines: { name: string; qty: number; amount: number }[];
};

export type RefundableLineView = {
  lineId: number;
  name: string;
  code: string;
  type: string;
  qty: number;
  /** units whose refund is processed (the money has gone) */
  refundedQty: number;
  /** units of refunds still on their way (requested or pending at the gateway) */
  pendingQty: number;
  /** units carried over to the next festival year */
  carriedQty: number;
  /** units not yet refunded (nor being refunded) */
  refundableQty: number;
  sellPrice: number;
  sellPricePaise: number;
  pass: boolean;
  /** why nothing of this line can be refunded now, for the dialog to say in place; null when it can */
  notRefundable: 'refunded' | 'pending' | 'carriedOver' | 'passCollected' | null;
};

export type OrderRefunds = {
  orderPkId: number;
  orderRcptId: string;
  status: OrderStatus;
  paymentType: PaymentType;
  orderTotal: number;
  convenienceCharge: number;
  refunded: number;
  refundState: RefundState | null;
  fiscalYear: string;
  nextFiscalYear: string;
  passCollected: number | null;
  lines: RefundableLineView[];
  refunds: RefundView[];
};

export type RefundQuote = {
  amount: number;
  amountInPaisa: number;
  lines: { lineId: number; name: string; qty: number; amount: number }[];
};

export type RefundResult = { message: string; refund: RefundView; order: OrderRefunds };

/** /carryOverOrder: moves a paid order's memberships and sponsorships to the next festival year. */
export const carryOverRequest = z
  .object({
    orderPkId: id(),
    reason: text(500),
    requestKey: z
      .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.text') })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'input.requestKey'),
  })
  .strict();

/** /completeFailedOrder: an online order by its Razorpay payment id, a direct transfer by its bank/UPI reference. */
export const completeFailedOrderRequest = z
  .object({
    orderPkId: id(),
    razorpayPaymentId: z
      .string({ error: 'input.text' })
      .trim()
      .regex(/^pay_[A-Za-z0-9]{6,40}$/, 'input.razorpayId')
      .nullish(),
    transactionId: refundReference.nullish(),
    bankName: z.string({ error: 'input.text' }).trim().max(100, 'input.maxChars').nullish(),
  })
  .strict()
  .refine((v) => !(v.razorpayPaymentId && v.transactionId), {
    message: 'input.paymentOrTxn',
    path: ['transactionId'],
  });

/** /completeFailedOrder: `lost` names what the order held and another order took meanwhile (refund it). */
export type CompleteFailedResult = Message & {
  orderPkId: number;
  orderRcptId: string;
  status: OrderStatus;
  lost: string | null;
};

// ---- bank statement matching (docs/decisions/083) ----

/** One credit of a statement, as the browser read it from the file (core/statement.ts). */
const statementCredit = z
  .object({
    row: z.number({ error: 'input.rowNumber' }).int('input.whole').positive('input.positive').max(1_000_000),
    date: z.string({ error: 'input.text' }).trim().min(1, 'input.required').max(40, 'input.maxChars'),
    narration: z.string({ error: 'input.text' }).trim().max(300, 'input.maxChars'),
    reference: z.string({ error: 'input.text' }).trim().max(100, 'input.maxChars'),
    amountPaise: z
      .number({ error: 'input.paise' })
      .int('input.wholePaise')
      .positive('input.above')
      .max(10_000_000_000, 'input.tooLarge'),
  })
  .strict();

const headerName = z.string({ error: 'input.text' }).trim().min(1).max(60, 'input.maxChars');

export const STATEMENT_CHUNK = 150;

export const importStatementRequest = z
  .object({
    /** a later chunk of the same file */
    importId: id().nullish(),
    fileName: z.string({ error: 'input.text' }).trim().max(120, 'input.maxChars').nullish(),
    /** the header names the admin mapped (remembered for the next statement) */
    mapping: z
      .object({ date: headerName, narration: headerName, reference: headerName, credit: headerName })
      .strict()
      .nullish(),
    credits: z
      .array(statementCredit, { error: 'input.creditList' })
      .min(1, 'input.notStatement')
      .max(STATEMENT_CHUNK, 'input.maxCredits'),
  })
  .strict();

export const statementImportRequest = z.object({ importId: id() }).strict();

/** Why a credit is flagged for the treasurer: its transfer was rejected or refunded by hand after it matched. */
export type StatementFlag = 'order_rejected' | 'order_refunded' | 'order_partly_refunded';

export type StatementLineView = {
  lineId: number;
  row: number;
  date: string;
  narration: string;
  reference: string;
  amount: number;
  /** ambiguous: needs a person (two transfers fit it, or its transfer fits another credit too) */
  state: 'matched' | 'mismatch' | 'ambiguous' | 'unmatched' | 'approved';
  orderRcptId: string | null;
  userName: string | null;
  expected: number | null;
  /** ambiguous: every transfer that fits it */
  candidates: string[];
  flag: StatementFlag | null;
  /** the contribution the flag is about */
  flagRcptId: string | null;
  /** imported by an earlier import of this or an overlapping statement (its state is kept) */
  importedBefore: boolean;
};

export type StatementImportView = {
  importId: number;
  fileName: string | null;
  credits: number;
  duplicates: number;
  lines: StatementLineView[];
};

/**
 * /getStatementCredits: the credits that fit transfers still waiting for approval (shown next to Approve in the
 * Pending Orders dialog), and the credits flagged for the treasurer.
 */
export type StatementCredits = { open: StatementLineView[]; flagged: StatementLineView[] };

/** /clearStatementFlag: the treasurer has dealt with a flagged credit. */
export const clearStatementFlagRequest = z
  .object({
    lineId: id(),
    note: z.string({ error: 'input.text' }).trim().max(300, 'input.maxChars').nullish(),
  })
  .strict();

/** /approveStatementMatches: how many matched credits were approved or skipped, and the statement after. */
export type StatementApproval = Message & { approved: number; skipped: number; statement: StatementImportView };
