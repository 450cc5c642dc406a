// Contracts of numbered receipts, credit notes, billing details and the register (docs/decisions/260-263).
import * as z from 'zod';
import { gstinProblem, isValidPan, normalizeTaxId } from '../billing';
import { keyWith, type Message, optionalText, text } from './common';

const taxId = (max: number) =>
  z
    .string({ error: 'input.text' })
    .max(max + 10, keyWith('input.maxChars', { max }))
    .nullish()
    .transform((v) => (v ? normalizeTaxId(v) : null));

/** The optional billing details, at checkout (/startOrder) or later on a receipt: empty means none. */
export const billingFields = {
  billingName: optionalText(120),
  pan: taxId(10).refine((v) => v === null || isValidPan(v), 'billing.panInvalid'),
  gstin: taxId(15).superRefine((v, ctx) => {
    const problem = v === null ? null : gstinProblem(v);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem === 'shape' ? 'billing.gstinInvalid' : 'billing.gstinCheck' });
    }
  }),
};

const rcptId = z.union([text(20), z.number({ error: 'input.rcptId' }).int()], {
  error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.rcptId'),
});

/** /getReceipt: the receipt of one of the caller's contributions (any contribution for an admin). */
export const receiptRequest = z.object({ orderRcptId: rcptId });

/** The key of a receipt's link (docs/decisions/280): 32 bytes, base64url. */
export const RECEIPT_KEY = /^[A-Za-z0-9_-]{43}$/;

/** /getReceiptByLink: a receipt opened from the link in its email, without a session (a walk-in has no account). */
export const receiptLinkRequest = z.object({
  orderRcptId: rcptId,
  key: z.string({ error: 'input.required' }).regex(RECEIPT_KEY, keyWith('input.link', { field: 'key' })),
});

/** /setReceiptBilling: the member adds (or corrects) the billing details on their receipt. */
export const receiptBillingRequest = z.object({ orderRcptId: rcptId, ...billingFields });

/** /resendReceipt: an admin sends the receipt's link to the payer again. */
export const resendReceiptRequest = z.object({ orderPkId: z.number({ error: 'input.number' }).int().positive() });

/** /getReceiptRegister: the receipts and credit notes of a festival year (default: the current one). */
export const receiptRegisterRequest = z.object({
  fiscalYear: z
    .string({ error: 'input.text' })
    .regex(/^\d{4}-\d{2}$/, 'input.festivalYear')
    .optional(),
});

export type ReceiptMode = 'Online' | 'Offline';

/** A credit note as the receipt it reduces lists it (rupees). */
export type CreditNoteView = {
  number: string;
  issuedAt: number;
  amount: number;
  mode: ReceiptMode;
  reference: string | null;
};

/** What the receipt page shows (amounts in rupees). */
export type ReceiptView = {
  number: string;
  fiscalYear: string;
  issuedAt: number;
  orderRcptId: string;
  orderPkId: number;
  payerName: string;
  payerEmail: string;
  billingName: string | null;
  pan: string | null;
  gstin: string | null;
  address: string | null;
  lines: { name: string; qty: number; amount: number }[];
  convenienceCharge: number;
  amount: number;
  mode: ReceiptMode;
  /** paid at the gate to a volunteer (a walk-in's sale, docs/decisions/280): in cash or by UPI; else null */
  gate: 'cash' | 'upi' | null;
  reference: string | null;
  bankName: string | null;
  paymentDate: number | null;
  creditNotes: CreditNoteView[];
  /** the lines moved to the next festival year: this receipt stands for them there */
  carriedOver: { toYear: string; toOrderRcptId: string; amount: number } | null;
  /** this contribution came from an earlier year's: the receipt shown is that one's */
  carriedFrom: { fromYear: string; fromOrderRcptId: string } | null;
  /** the association's 80G registration, only when it has set one in Settings */
  eightyG: string | null;
};

/** /setReceiptBilling */
export type ReceiptBillingResult = Message & { receipt: ReceiptView };

/** One line of the register (rupees; a credit note's amount is negative). */
export type RegisterRow = {
  number: string;
  kind: 'receipt' | 'credit_note';
  date: string;
  orderRcptId: string;
  name: string;
  billingName: string | null;
  pan: string | null;
  gstin: string | null;
  amount: number;
  mode: ReceiptMode;
  reference: string | null;
  /** 'refund of <receipt>' for a credit note, 'carried over to <year> (<id>)' for a receipt carried over */
  note: string | null;
};

/** Totals of receipts and credit notes per mode (rupees): net = received - refunded. */
export type ReceiptTotals = {
  mode: ReceiptMode;
  receipts: number;
  received: number;
  creditNotes: number;
  refunded: number;
  net: number;
};

/** /getReceiptRegister: the rows, their CSV and the totals by mode. */
export type ReceiptRegister = { fiscalYear: string; rows: RegisterRow[]; csv: string; totals: ReceiptTotals[] };
