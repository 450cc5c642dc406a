import * as z from 'zod';
import { isRupeeAmount } from '../money';
import { MAX_QTY } from '../pricing';
import { isPaymentReference, normalizeReference } from '../references';
import { EMAIL_PATTERN, mobile, optionalText, text } from './common';
import type { VenuePass } from './venue';

// Gate sales by volunteers (issue 24 item 5, docs/decisions/250-252): a walk-in buys passes from a volunteer at the
// venue for cash or UPI; the pass is issued and collected at once. Times are epoch milliseconds, money in rupees
// unless the field says InPaisa.

const nonce = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'is required' : 'must be text') })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _');
const epochMs = z
  .number({ error: 'must be a time in milliseconds' })
  .int('must be a whole number of milliseconds')
  .min(1_577_836_800_000, 'is not a plausible time')
  .max(4_102_444_800_000, 'is not a plausible time');
const day = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'is required' : 'must be text') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day like 2026-11-08');

export const GATE_MODES = ['cash', 'upi'] as const;
export type GateMode = (typeof GATE_MODES)[number];
export const MAX_GATE_LINES = 10;

/** The UTR a UPI payer reads out: the shapes of core/references.ts, as a transfer's transaction id. */
export const gateUtr = z
  .string({ error: 'must be text' })
  .transform(normalizeReference)
  .refine(
    (v) => isPaymentReference(v),
    "is not a UPI reference: type the 12-digit UTR (UPI reference number) from the payer's app",
  );

export const gateLine = z.object({
  productId: z.number({ error: 'must be a product id' }).int('must be a product id').positive('must be a product id'),
  qty: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_QTY, `must be at most ${MAX_QTY}`),
});

/** /recordGateSale: one sale, sent at once online or later from the phone's queue, with the same nonce. */
export const recordGateSaleRequest = z
  .object({
    nonce,
    buyerName: text(100),
    buyerMobile: mobile,
    buyerEmail: z
      .string({ error: 'must be text' })
      .trim()
      .max(254, 'must be at most 254 characters')
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null))
      .refine((v) => v === null || EMAIL_PATTERN.test(v), 'is not an email address'),
    lines: z
      .array(gateLine, { error: 'must be a list' })
      .min(1, 'must hold at least one pass')
      .max(MAX_GATE_LINES, `must hold at most ${MAX_GATE_LINES} lines`),
    mode: z.enum(GATE_MODES, { error: 'must be cash or upi' }),
    utr: gateUtr.nullish(),
    happenedAt: epochMs,
    deviceId: z.string({ error: 'must be text' }).trim().max(100, 'must be at most 100 characters').nullish(),
    /** true: the phone had no answer and handed the pass over; the server records it, never refuses it */
    offline: z.boolean({ error: 'must be true or false' }).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'upi' && !v.utr)
      ctx.addIssue({ code: 'custom', path: ['utr'], message: 'is required for a UPI payment' });
    if (v.mode === 'cash' && v.utr) ctx.addIssue({ code: 'custom', path: ['utr'], message: 'is only for UPI' });
    const ids = v.lines.map((l) => l.productId);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'names a product twice' });
  });

export const gateProductsRequest = z.object({});

/** /getGateSales (admin): the sales per volunteer per day of a festival year (default: this one). */
export const gateSalesRequest = z.object({
  fiscalYear: z
    .string({ error: 'must be text' })
    .regex(/^\d{4}-\d{2}$/, 'must look like 2026-27')
    .nullish(),
});

/** /recordCashHandover (admin): cash a volunteer handed over for one day. */
export const recordCashHandoverRequest = z.object({
  volunteerId: z.number({ error: 'must be a user id' }).int('must be a user id').positive('must be a user id'),
  day,
  amount: z
    .number({ error: 'must be an amount in rupees' })
    .positive('must be more than 0')
    .max(10_00_000, 'must be at most 1000000')
    .refine(isRupeeAmount, 'must have at most two decimals'),
  note: optionalText(200),
  requestKey: nonce,
});

/** /resolveGateConflict (admin): an oversold or doubtful gate sale looked at and settled. */
export const resolveGateConflictRequest = z.object({
  orderRcptId: z.union([z.string().trim().min(1, 'is required').max(20), z.number()], {
    error: (iss) => (iss.input === undefined || iss.input === null ? 'is required' : 'must be text'),
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
