// Contracts of the admin console calls (SPEC.md section 7 plus the Settings, roles, Overview and Audit calls).
import * as z from 'zod';
import type { ReceiptTotals } from './receipts';
import { isRupeeAmount } from '../money';
import type { OrderStatus } from '../orders';
import { DANDIYA_CODE, EXTRA_CONTRIBUTION_CODE, MAX_QTY, MAX_WAIVER_TIERS } from '../pricing';
import { capacityField, waitlistField } from './capacity';
import type { ProductRulesView } from './catalogue';
import { email, keyWith, type Message, optionalText, text } from './common';
import type { OrderView } from './orders';

/** SPEC.md section 9: the paging cursor starts at 1e18; then the smallest orderSuccessTS seen. */
export const CURSOR_START = 1e18;
export const PAGE_SIZE = 50;
export const SEARCH_LIMIT = 50;

const POSITIVE_INT = 'input.positiveWhole';
/** A primary key as a number (or digits as text, which older clients send). */
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

const flag = z.boolean({
  error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.boolean'),
});

/** Old clients send the cursor as a number (1e18) or, occasionally, as text. */
export const cursorRequest = z.object({
  orderTSCursor: z.coerce
    .number({ error: 'input.number' })
    .positive('input.positiveNumber')
    .max(CURSOR_START, keyWith('input.max', { max: '1e18' }))
    .optional()
    .default(CURSOR_START),
  fiscalYear: z
    .string({ error: 'input.text' })
    .regex(/^\d{4}-\d{2}$/, 'input.festivalYear')
    .optional(),
});

export const collectionTotalsRequest = z.object({
  collected: flag,
  fiscalYear: z
    .string({ error: 'input.text' })
    .regex(/^\d{4}-\d{2}$/, 'input.festivalYear')
    .optional(),
});

export const orderDetailsRequest = z.object({ orderPkId: id() });

/** The old client sets both fields to the one entered text. */
export const searchUserOrderRequest = z
  .object({
    emailId: z.string({ error: 'input.text' }).trim().max(254, 'input.maxChars').nullish(),
    mobileNo: z.string({ error: 'input.text' }).trim().max(254, 'input.maxChars').nullish(),
  })
  .refine((v) => (v.emailId ?? '').length >= 3 || (v.mobileNo ?? '').length >= 3, {
    message: 'input.searchTooShort',
    path: [],
  });

const reason = optionalText(500);

export const offlineOrderRequest = z.object({ offlineUserId: id(), orderPkId: id(), reason });

/**
 * The stock reasons for rejecting a transfer (docs/decisions/141). The admin screen always sends one; with
 * 'other' the free text `reason` is required. An old client sends `reason` alone, or nothing (a default).
 */
export const REJECT_REASONS = ['notFound', 'amountDiffers', 'duplicate', 'other'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/**
 * The sentence a stock reason puts into the rejection email and the audit row (English; the email's Bengali is
 * the mail catalogue's `rejected.<code>` line, core/messages/mail.bn.ts).
 */
export const REJECT_REASON_TEXT: Record<Exclude<RejectReason, 'other'>, string> = {
  notFound: "We could not find this transfer in the association's bank account.",
  amountDiffers: 'The amount we received differs from the amount of this contribution.',
  duplicate: 'This transfer was already counted for another contribution.',
};

export const rejectOfflineOrderRequest = offlineOrderRequest
  .extend({
    reasonCode: z
      .enum(REJECT_REASONS, { error: 'input.oneOf' })
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((v) => v.reasonCode !== 'other' || !!v.reason, {
    message: 'input.reasonForOther',
    path: ['reason'],
  });

/** Rupees as a number or as text (the old form sends free text); at most two decimals. */
const rupees = (max = 10_000_000) =>
  z
    .union([z.number(), z.string().trim()], {
      error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.number'),
    })
    .transform((v, ctx) => {
      if (v === '') {
        ctx.addIssue({ code: 'custom', message: 'input.required' });
        return z.NEVER;
      }
      const n = typeof v === 'number' ? v : /^\d+(\.\d{1,2})?$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isFinite(n) || !isRupeeAmount(n)) {
        ctx.addIssue({ code: 'custom', message: 'input.rupees' });
        return z.NEVER;
      }
      if (n <= 0) {
        ctx.addIssue({ code: 'custom', message: keyWith('input.above', { min: 0 }) });
        return z.NEVER;
      }
      if (n > max) {
        ctx.addIssue({ code: 'custom', message: keyWith('input.max', { max }) });
        return z.NEVER;
      }
      return n;
    });

export const PRODUCT_CODE_PATTERN = /^[A-Z0-9]{4}$/;
/**
 * The codes that carry a pricing rule (core/pricing.ts) are not 4 characters; an admin may still type them, for a
 * daily pass, so that a deployment does not depend on the demo seed for them (docs/decisions/109).
 */
export const RULE_CODES: readonly string[] = [DANDIYA_CODE, EXTRA_CONTRIBUTION_CODE];

const FESTIVAL_YEAR = /^\d{4}-\d{2}$/;
const festivalYearField = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.text') })
  .regex(FESTIVAL_YEAR, 'input.festivalYear')
  .refine((v) => (Number(v.slice(0, 4)) + 1) % 100 === Number(v.slice(5)), 'input.yearsInARow');

export const addProductRequest = z
  .object({
    code: z
      .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.text') })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine(
        (v) => PRODUCT_CODE_PATTERN.test(v) || RULE_CODES.includes(v),
        keyWith('input.productCode', { codes: RULE_CODES.join(' or ') }),
      ),
    name: text(100),
    price: rupees(),
    coSponsorPrice: z.union([z.number(), z.string(), z.null()]).optional(),
    membership: z.boolean({ error: 'input.boolean' }).optional().default(false),
    sponsorship: z.boolean({ error: 'input.boolean' }).optional().default(false),
    dailyMembership: z.boolean({ error: 'input.boolean' }).optional().default(false),
    fullSponsorOnly: z.boolean({ error: 'input.boolean' }).optional().default(false),
    desc: optionalText(500),
    nameBn: optionalText(100), // the Bengali name and description, optional
    descBn: optionalText(500),
    /** the festival year it is for; absent = the live catalogue's; a later year's product is a draft */
    festivalYear: festivalYearField.optional(),
    /** created capped in one step; absent or null = unlimited (docs/decisions/245) */
    capacity: capacityField.optional(),
    /** the waiting list on from the start (it matters once a capacity sells out) */
    waitlist: waitlistField.optional().default(false),
  })
  .superRefine((v, ctx) => {
    const kinds = [v.membership, v.sponsorship, v.dailyMembership].filter(Boolean).length;
    if (kinds !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['membership'],
        message: 'input.oneType',
      });
    }
    if (RULE_CODES.includes(v.code) && !v.dailyMembership) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: keyWith('input.dailyPassCode', { code: v.code }) });
    }
  })
  .transform((v, ctx) => {
    // Co-price is ignored for full-sponsor products; otherwise it defaults to the price.
    let coPrice = v.price;
    const ignoreCo = v.sponsorship && v.fullSponsorOnly;
    const rawCo = v.coSponsorPrice;
    if (!ignoreCo && rawCo !== undefined && rawCo !== null && rawCo !== '') {
      const parsed = rupees().safeParse(rawCo);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', path: ['coSponsorPrice'], message: parsed.error.issues[0]!.message });
        return z.NEVER;
      }
      if (parsed.data > v.price) {
        ctx.addIssue({ code: 'custom', path: ['coSponsorPrice'], message: 'input.notAbovePrice' });
        return z.NEVER;
      }
      coPrice = parsed.data;
    }
    const type = v.membership ? 'MEMBERSHIP' : v.sponsorship ? 'SPONSORSHIP' : 'DAILY_PASS';
    return {
      code: v.code,
      name: v.name,
      type: type as 'MEMBERSHIP' | 'SPONSORSHIP' | 'DAILY_PASS',
      price: v.price,
      coPrice,
      fullSponsorOnly: v.sponsorship && v.fullSponsorOnly,
      desc: v.desc,
      nameBn: v.nameBn,
      descBn: v.descBn,
      festivalYear: v.festivalYear,
      capacity: v.capacity ?? null,
      waitlist: v.waitlist,
    };
  });

/** Text that may be cleared with '': absent = unchanged. */
const editableText = (max: number) => z.string({ error: 'input.text' }).trim().max(max, 'input.maxChars').optional();

/** A product's pricing rules as an admin edits them (ProductRulesView); a part left out is unchanged. */
export const productRulesInput = z
  .object({
    qtyDiscounts: z
      .array(
        z.object({
          minQty: z
            .number({ error: 'input.number' })
            .int('input.wholeNumber')
            .min(2, 'input.min')
            .max(MAX_QTY, 'input.max'),
          percentOff: z
            .number({ error: 'input.number' })
            .gt(0, 'input.above')
            .lt(100, 'input.below')
            .refine(isRupeeAmount, 'input.twoDecimals'),
        }),
        { error: 'input.discountList' },
      )
      .max(5, 'input.maxTiers')
      .refine((l) => new Set(l.map((d) => d.minQty)).size === l.length, 'input.qtyTwice'),
    memberPrice: flag,
    freeAmount: z
      .object({ min: rupees(), max: rupees() }, { error: 'input.minMaxRupees' })
      .refine((v) => v.min <= v.max, { message: 'input.minAboveMax', path: ['min'] })
      .nullable(),
  })
  .partial();

/**
 * /updateProduct: any of price, co-price, names, descriptions and rules; left out = unchanged. Applies to
 * carts priced after it; orders keep the price they were sold at.
 */
const PHOTO_PATH = /^\/[A-Za-z0-9._\-/]+\.(png|jpe?g|webp|svg)$/;

export const updateProductRequest = z
  .object({
    id: id(),
    price: rupees().optional(),
    coPrice: rupees().optional(),
    /** Add Product's name for the co-price, taken as coPrice */
    coSponsorPrice: rupees().optional(),
    name: text(100).optional(),
    desc: editableText(500),
    nameBn: editableText(100),
    descBn: editableText(500),
    /** a picture of the site, such as /gallery/photo-03-sm.png; '' removes it */
    photo: z
      .string({ error: 'input.text' })
      .trim()
      .max(200, 'input.maxChars')
      .refine((v) => v === '' || (PHOTO_PATH.test(v) && !v.includes('..')), 'input.photo')
      .optional(),
    rules: productRulesInput.optional(),
    // the rules' parts may also come beside the other fields
    qtyDiscounts: productRulesInput.shape.qtyDiscounts,
    memberPrice: productRulesInput.shape.memberPrice,
    freeAmount: productRulesInput.shape.freeAmount,
  })
  .transform(({ coSponsorPrice, qtyDiscounts, memberPrice, freeAmount, ...v }) => {
    const rules = { ...v.rules };
    if (qtyDiscounts !== undefined) rules.qtyDiscounts = qtyDiscounts;
    if (memberPrice !== undefined) rules.memberPrice = memberPrice;
    if (freeAmount !== undefined) rules.freeAmount = freeAmount;
    const hasRules = Object.values(rules).some((x) => x !== undefined);
    return { ...v, coPrice: v.coPrice ?? coSponsorPrice, rules: hasRules ? rules : undefined };
  })
  .refine(
    (v) =>
      [v.price, v.coPrice, v.name, v.desc, v.nameBn, v.descBn, v.photo].some((x) => x !== undefined) ||
      v.rules !== undefined,
    { message: 'input.nothingToChangeProduct', path: [] },
  );

/** Publishes a year's drafts from `publishAt` (ms; absent = now): members see them from then on. */
export const publishCatalogueRequest = z.object({
  festivalYear: festivalYearField,
  publishAt: z.number({ error: 'input.time' }).int('input.whole').nonnegative('input.notNegative').nullish(),
});

export const markProductAvailableRequest = z.object({ id: id(), available: flag });
export const markProductFullSponsorRequest = z.object({ id: id(), fullSponsorOnly: flag });
export const blockProductRequest = z.object({ id: id(), blockedByName: text(100), blockedByEmail: email });
export const unblockProductRequest = z.object({ id: id() });
/** All Products: a product's Bengali name and description; empty clears them. */
export const setProductBengaliRequest = z.object({ id: id(), nameBn: optionalText(100), descBn: optionalText(500) });

export const bankDetails = z.object({
  payee: text(100),
  accountNumber: z
    .string({ error: 'input.text' })
    .trim()
    .regex(/^[0-9]{6,20}$/, 'input.utrDigits'),
  ifsc: z
    .string({ error: 'input.text' })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(v), 'input.ifsc'),
  bankName: text(100),
  upiVpa: z
    .string({ error: 'input.text' })
    .trim()
    .regex(/^[\w.-]{2,256}@[A-Za-z]{2,64}$/, 'input.upiId'),
});

/** The most a waiver threshold may be, in rupees (₹1,00,00,000). */
export const MAX_WAIVER_THRESHOLD = 1_00_00_000;

/** One tier of the membership fee waiver as the Settings tab sends it: rupees of full sponsorships, members. */
export const waiverTierInput = z.object({
  minSponsorship: z
    .number({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.number') })
    .positive('input.above')
    .max(MAX_WAIVER_THRESHOLD, 'input.max')
    .refine(isRupeeAmount, 'input.twoDecimals'),
  members: z
    .number({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.number') })
    .int('input.wholeNumber')
    .min(1, 'input.min')
    .max(MAX_QTY, 'input.max'),
});

/**
 * The membership fee waiver (docs/decisions/255): switched on or off, and its tiers. Either may be left out (the
 * stored one stays). A larger threshold must waive more members; no two tiers share a threshold.
 */
export const membershipWaiverInput = z
  .object({
    enabled: flag.optional(),
    tiers: z
      .array(waiverTierInput, { error: 'input.tierList' })
      .min(1, 'input.oneTier')
      .max(MAX_WAIVER_TIERS, 'input.maxTiers')
      .superRefine((tiers, ctx) => {
        // checked in threshold order; the issue names the tier (its place as sent) that breaks the order
        const sorted = tiers.map((t, at) => ({ ...t, at })).sort((a, b) => a.minSponsorship - b.minSponsorship);
        for (let i = 1; i < sorted.length; i++) {
          const [low, high] = [sorted[i - 1]!, sorted[i]!];
          if (high.minSponsorship === low.minSponsorship) {
            ctx.addIssue({ code: 'custom', message: 'input.thresholdTwice', path: [high.at, 'minSponsorship'] });
            return;
          }
          if (high.members <= low.members) {
            ctx.addIssue({
              code: 'custom',
              message: 'input.waiverOrder',
              path: [high.at, 'members'],
            });
            return;
          }
        }
      })
      .optional(),
  })
  .refine((v) => v.enabled !== undefined || v.tiers !== undefined, {
    message: 'input.enabledOrTiers',
  });

export const updateSettingsRequest = z
  .object({
    membershipLive: flag.optional(),
    dailyPassLive: flag.optional(),
    bank: bankDetails.optional(),
    /** Percent with at most two decimals, 0 to 10: 2.36 = 236 basis points. */
    convenienceChargePercent: z
      .number({ error: 'input.number' })
      .min(0, 'input.min')
      .max(10, 'input.max')
      .refine(isRupeeAmount, 'input.twoDecimals')
      .optional(),
    membershipWaiver: membershipWaiverInput.optional(),
    /** the 80G registration receipts print (number and validity); empty or null: none */
    eightyG: z.string({ error: 'input.text' }).trim().max(300, 'input.maxChars').nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'input.nothingToChange', path: [] });

export const ROLES = ['admin', 'volunteer'] as const;
export const setUserRoleRequest = z.object({
  email,
  role: z.enum(ROLES, { error: 'input.adminOrVolunteer' }),
  granted: flag,
});

export const overviewRequest = z.object({
  fiscalYear: z
    .string({ error: 'input.text' })
    .regex(/^\d{4}-\d{2}$/, 'input.festivalYear')
    .optional(),
});

export const auditLogRequest = z.object({
  action: z.string({ error: 'input.text' }).trim().max(60, 'input.maxChars').optional(),
  entityType: z.string({ error: 'input.text' }).trim().max(30, 'input.maxChars').optional(),
  entityId: z.string({ error: 'input.text' }).trim().max(60, 'input.maxChars').optional(),
  actorEmail: z.string({ error: 'input.text' }).trim().toLowerCase().max(254, 'input.maxChars').optional(),
  from: z.number({ error: 'input.time' }).int('input.whole').nonnegative().optional(),
  to: z.number({ error: 'input.time' }).int('input.whole').nonnegative().optional(),
  cursor: z.number({ error: 'input.number' }).int('input.whole').positive().optional(),
});

// ---- responses ----

/** /approveOfflineOrder, /rejectOfflineOrder */
export type OrderDecision = Message & { orderPkId: number; orderRcptId: string; status: OrderStatus };

/** The catalogue's changes answer the product's id, what changed and a message. */
export type ProductChange = Message & { id: number };

export type UnitTotals = { byCode: Record<string, number>; units: number };

export type AdminProduct = {
  id: number;
  type: 'MEMBERSHIP' | 'SPONSORSHIP' | 'DAILY_PASS';
  name: string;
  code: string;
  price: number;
  coPrice: number;
  available: boolean;
  fullSponsorOnly: boolean;
  sponsorship: boolean;
  sponsoredBy: string | null;
  sponsoredByEmail: string | null;
  blocked: boolean;
  /** units that may be held or sold (null: unlimited), held or sold now, forced past it; waiting list */
  capacity: number | null;
  taken: number;
  oversold: number;
  waitlist: boolean;
  /** members waiting in line for it */
  waiting: number;
  /** absent when empty, so the answer of a catalogue without Bengali names is unchanged */
  nameBn?: string;
  descBn?: string;
  /** the English description, the pricing rules, the festival year and when members see it */
  desc: string;
  rules: ProductRulesView;
  /** a picture of the site shown on the product's card; absent when none */
  photo?: string;
  festivalYear: string;
  /** null: a draft; else the time it is published from */
  publishAt: number | null;
};

/** /updateProduct: the names of the fields that changed (empty when nothing did) */
export type ProductUpdate = Message & { id: number; changed: string[] };

/** /prepareNextCatalogue */
export type CataloguePrepared = Message & { festivalYear: string; fromYear: string; count: number };

/** /publishCatalogue */
export type CataloguePublished = Message & { festivalYear: string; publishAt: number; count: number };

export type StaffMember = { id: number; name: string; email: string; admin: boolean; volunteer: boolean };

export type AdminSettings = {
  membershipLive: boolean;
  dailyPassLive: boolean;
  bank: { payee: string; accountNumber: string; ifsc: string; bankName: string; upiVpa: string };
  convenienceChargePercent: number;
  /** the membership fee waiver for sponsoring families: thresholds in rupees of full sponsorships */
  membershipWaiver: MembershipWaiverView;
  /** the association's 80G registration printed on receipts; null: none */
  eightyG: string | null;
};

export type MembershipWaiverView = { enabled: boolean; tiers: { minSponsorship: number; members: number }[] };

export type Overview = {
  fiscalYear: string;
  /** amount: paid; refunded: given back (pending or done); carriedOver: moved to the next year; net: what stays */
  byCategory: {
    category: string;
    paymentType: 'Online' | 'Offline';
    orders: number;
    units: number;
    amount: number;
    refunded: number;
    carriedOver: number;
    net: number;
  }[];
  totals: {
    orders: number;
    amount: number;
    online: number;
    offline: number;
    pending: number;
    refunded: number;
    carriedOver: number;
    net: number;
  };
  collectionsPerHour: { day: string; hour: number; collected: number }[];
  /** the year's receipts and credit notes per mode, which the register (/getReceiptRegister) adds up to */
  receipts: ReceiptTotals[];
};

/** /updateSettings: the settings after the change and the names of the fields that changed. */
export type SettingsChange = AdminSettings & Message & { changed: string[] };

/** /setUserRole */
export type RoleChange = Message & {
  email: string;
  name: string;
  role: 'admin' | 'volunteer';
  granted: boolean;
  changed: boolean;
};

export type AuditRow = {
  id: number;
  at: number;
  action: string;
  entityType: string;
  entityId: string;
  actorId: number | null;
  actorName: string | null;
  actorEmail: string | null;
  details: Record<string, unknown>;
};

/**
 * /getConsoleCounts: what waits for an admin, counted for the console's tab picker: direct transfers to verify
 * (Pending Approval), orders flagged for attention, and passes collected more than once this festival year.
 */
export type ConsoleCounts = { pendingTransfers: number; attention: number; conflicts: number };

/** /getAuditLog: a page of rows, newest first, and the cursor of the next page */
export type AuditPage = { rows: AuditRow[]; nextCursor: number | null };

/** /clearAttention: an admin has handled what an order was flagged for (e.g. refunded the second payment). */
export const clearAttentionRequest = z.object({ orderPkId: id(), note: optionalText(300) });

/** An order flagged for an admin (a late capture whose item or member price went to another order). */
export type AttentionOrder = { order: OrderView; attention: string };
