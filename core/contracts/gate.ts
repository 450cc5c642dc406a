import * as z from 'zod';
import { isRupeeAmount } from '../money';
import { MAX_QTY } from '../pricing';
import { isPaymentReference, normalizeReference } from '../references';
import { EMAIL_PATTERN, mobile, optionalText, text } from './common';
import type { VenuePass } from './venue';

// Gate sales by volunteers (docs/decisions/250-252): a walk-in buys passes from a volunteer at the
// venue for cash or UPI; the pass is issued and collected at once. Times are epoch milliseconds, money in rupees
// unless the field says InPaisa.

const nonce = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.text') })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'input.requestKey');
const epochMs = z
  .number({ error: 'input.time' })
  .int('input.wholeMs')
  .min(1_577_836_800_000, 'input.plausibleTime')
  .max(4_102_444_800_000, 'input.plausibleTime');
const day = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.text') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'input.day');

export const GATE_MODES = ['cash', 'upi'] as const;
export type GateMode = (typeof GATE_MODES)[number];
export const MAX_GATE_LINES = 10;

/** The UTR a UPI payer reads out: the shapes of core/references.ts, as a transfer's transaction id. */
export const gateUtr = z
  .string({ error: 'input.text' })
  .transform(normalizeReference)
  .refine((v) => isPaymentReference(v), 'input.upiReference');

export const gateLine = z.object({
  productId: z.number({ error: 'input.productId' }).int('input.productId').positive('input.productId'),
  qty: z.number({ error: 'input.number' }).int('input.wholeNumber').min(1, 'input.min').max(MAX_QTY, 'input.max'),
});

/** /recordGateSale: one sale, sent at once online or later from the phone's queue, with the same nonce. */
export const recordGateSaleRequest = z
  .object({
    nonce,
    buyerName: text(100),
    buyerMobile: mobile,
    buyerEmail: z
      .string({ error: 'input.text' })
      .trim()
      .max(254, 'input.maxChars')
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null))
      .refine((v) => v === null || EMAIL_PATTERN.test(v), 'input.emailAddress'),
    lines: z.array(gateLine, { error: 'input.list' }).min(1, 'input.onePass').max(MAX_GATE_LINES, 'input.maxLines'),
    mode: z.enum(GATE_MODES, { error: 'input.cashOrUpi' }),
    utr: gateUtr.nullish(),
    happenedAt: epochMs,
    deviceId: z.string({ error: 'input.text' }).trim().max(100, 'input.maxChars').nullish(),
    /** true: the phone had no answer and handed the pass over; the server records it, never refuses it */
    offline: z.boolean({ error: 'input.boolean' }).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'upi' && !v.utr) ctx.addIssue({ code: 'custom', path: ['utr'], message: 'input.upiRequired' });
    if (v.mode === 'cash' && v.utr) ctx.addIssue({ code: 'custom', path: ['utr'], message: 'input.onlyUpi' });
    const ids = v.lines.map((l) => l.productId);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'input.productTwice' });
  });

export const gateProductsRequest = z.object({});

/** /getGateSales (admin): the sales per volunteer per day of a festival year (default: this one). */
export const gateSalesRequest = z.object({
  fiscalYear: z
    .string({ error: 'input.text' })
    .regex(/^\d{4}-\d{2}$/, 'input.festivalYear')
    .nullish(),
});

/** /recordCashHandover (admin): cash a volunteer handed over for one day. */
export const recordCashHandoverRequest = z.object({
  volunteerId: z.number({ error: 'input.userId' }).int('input.userId').positive('input.userId'),
  day,
  amount: z
    .number({ error: 'input.rupeeAmount' })
    .positive('input.above')
    .max(10_00_000, 'input.max')
    .refine(isRupeeAmount, 'input.twoDecimals'),
  note: optionalText(200),
  requestKey: nonce,
});

/** /resolveGateConflict (admin): an oversold or doubtful gate sale looked at and settled. */
export const resolveGateConflictRequest = z.object({
  orderRcptId: z.union([z.string().trim().min(1, 'input.required').max(20), z.number()], {
    error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.text'),
  }),
  note: text(200),
});

export type GateProduct = {
  productId: number;
  code: string;
  name: string;
  nameBn: string;
  price: number;
  /** units left under the product's capacity when the list was read; null: no capacity */
  unitsLeft: number | null;
};
export type GateProductsResponse = {
  products: GateProduct[];
  upi: { vpa: string; payee: string };
  fiscalYear: string;
};

export type RecordGateSaleResponse = {
  orderRcptId: string;
  status: 'recorded' | 'duplicate';
  /** what admins must resolve: 'oversold' or 'utr_used'; null for a clean sale */
  conflict: string | null;
  total: number;
  message: string;
  pass: VenuePass;
};

export type GateDayRow = {
  day: string;
  volunteerId: number;
  volunteer: string;
  sales: number;
  units: number;
  cash: number;
  upi: number;
  handedOver: number;
  /** cash taken minus cash handed over: above 0 is still with the volunteer */
  difference: number;
  conflicts: number;
};

export type GateConflictRow = {
  orderRcptId: string;
  day: string;
  volunteer: string;
  buyer: string;
  conflict: string;
  mode: GateMode;
  total: number;
  happenedAt: number;
  resolvedAt: number | null;
};

export type GateSalesResponse = { fiscalYear: string; days: GateDayRow[]; conflicts: GateConflictRow[] };
