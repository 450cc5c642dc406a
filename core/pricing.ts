// The pricing rules of DECISIONS.md, pure and shared: the server prices every cart with them, the screens
// use the same functions only to display the numbers. All amounts are integer paise.
import type { MessageKey } from './i18n';
import { applyBasisPoints, type Paise } from './money';
import { applyWaiver } from './waiver';

// the waiver's arithmetic has its own module, so that the pages that never apply it do not load it
export { applyWaiver, fullSponsorshipPaise, waiverTier } from './waiver';

export const MAX_QTY = 50;
export const EXTRA_CONTRIBUTION_CODE = 'DNP';
export const EXTRA_CONTRIBUTION_PRODUCT_ID = 84;
export const EXTRA_MIN_PAISE = 100; // ₹1
export const EXTRA_MAX_PAISE = 10_00_000 * 100; // ₹10,00,000
export const UTSAV_CODE = 'MUTV';
export const DANDIYA_CODE = 'DPDY1';

export type ProductType = 'MEMBERSHIP' | 'SPONSORSHIP' | 'DAILY_PASS';

/** A quantity discount: the line costs `basisPoints` / 10,000 of its full price from `minQty` units on. */
export type QtyTier = { minQty: number; basisPoints: number };

/**
 * A product's pricing rules (docs/decisions/240), stored per product in D1 (`products.rules`); a product
 * without stored rules has the defaults of its code, which are the rules DECISIONS.md names.
 * - qtyTiers: quantity discounts on the whole line (UTSAV 5% at 3, 10% at 4+; Dandiya 10% at 4+);
 * - memberPrice: a daily pass whose coPrice differs from its price sells at coPrice to UTSAV members' households;
 * - freeAmount: the buyer chooses the amount (the extra contribution), between these limits, quantity 1.
 * A line with quantity discounts does not also get the member price.
 */
export type PricingRules = {
  qtyTiers: QtyTier[];
  memberPrice: boolean;
  freeAmount: { minPaise: Paise; maxPaise: Paise } | null;
};

export type PricingProduct = {
  id: number;
  type: ProductType;
  code: string;
  name: string;
  pricePaise: Paise;
  coPricePaise: Paise;
  /** absent: the defaults of the code (defaultRules) */
  rules?: PricingRules | null;
};

/** The rules a product has unless an admin changed them: those of DECISIONS.md, by code. */
export function defaultRules(p: Pick<PricingProduct, 'type' | 'code'>): PricingRules {
  if (p.code === EXTRA_CONTRIBUTION_CODE) {
    return { qtyTiers: [], memberPrice: false, freeAmount: { minPaise: EXTRA_MIN_PAISE, maxPaise: EXTRA_MAX_PAISE } };
  }
  const memberPrice = p.type === 'DAILY_PASS';
  if (p.code === UTSAV_CODE) {
    return {
      qtyTiers: [
        { minQty: 3, basisPoints: 9500 },
        { minQty: 4, basisPoints: 9000 },
      ],
      memberPrice,
      freeAmount: null,
    };
  }
  if (p.code === DANDIYA_CODE) return { qtyTiers: [{ minQty: 4, basisPoints: 9000 }], memberPrice, freeAmount: null };
  return { qtyTiers: [], memberPrice, freeAmount: null };
}

export const rulesOf = (p: Pick<PricingProduct, 'type' | 'code' | 'rules'>): PricingRules => p.rules ?? defaultRules(p);

/** The line's factor at this quantity: the tier with the largest minQty not above it, else the full price. */
export function tierBasisPoints(tiers: readonly QtyTier[], qty: number): number {
  let best: QtyTier | null = null;
  for (const t of tiers) if (qty >= t.minQty && (!best || t.minQty > best.minQty)) best = t;
  return best ? best.basisPoints : 10_000;
}

/** Rules in a stable text form for the database (and for comparing two sets of rules). */
export function rulesJson(r: PricingRules): string {
  return JSON.stringify({
    qtyTiers: [...r.qtyTiers]
      .sort((a, b) => a.minQty - b.minQty)
      .map((t) => ({ minQty: t.minQty, basisPoints: t.basisPoints })),
    memberPrice: r.memberPrice,
    freeAmount: r.freeAmount ? { minPaise: r.freeAmount.minPaise, maxPaise: r.freeAmount.maxPaise } : null,
  });
}

/** Stored rules back, or null (the code's defaults) when there are none or they do not read. */
export function parseRules(text: string | null | undefined): PricingRules | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<PricingRules>;
    if (!Array.isArray(v.qtyTiers) || typeof v.memberPrice !== 'boolean') return null;
    return { qtyTiers: v.qtyTiers, memberPrice: v.memberPrice, freeAmount: v.freeAmount ?? null };
  } catch {
    return null;
  }
}

export type LineInput = {
  productId: number;
  qty: number;
  /** sponsorship only: true full sponsor, false co-sponsor */
  fullSponsor?: boolean | null;
  /** the extra contribution's amount */
  amountPaise?: Paise | null;
};

export type PricingContext = {
  /** the buyer's UTSAV memberships this festival year (paid or awaiting approval) */
  utsavMemberships: number;
  /** member-priced units already bought this festival year, per product id */
  memberPricedUsed: Record<number, number>;
  /** the membership fee waiver for sponsoring families (absent: none applies) */
  waiver?: WaiverContext;
};

/** One step of the waiver: full sponsorships of at least `minSponsorshipPaise` waive up to `members` memberships. */
export type WaiverTier = { minSponsorshipPaise: Paise; members: number };

/** The waiver rule an admin sets in Settings (docs/decisions/255). */
export type WaiverRule = { enabled: boolean; tiers: WaiverTier[] };

/** The membership page's promise: ₹15,000 of full sponsorships waive up to 4 members, ₹35,000 up to 6. */
export const DEFAULT_WAIVER_RULE: WaiverRule = {
  enabled: true,
  tiers: [
    { minSponsorshipPaise: 15_000_00, members: 4 },
    { minSponsorshipPaise: 35_000_00, members: 6 },
  ],
};

export const MAX_WAIVER_TIERS = 5;

/** What the server knows about the buyer for the waiver, besides the cart itself. */
export type WaiverContext = {
  rule: WaiverRule;
  /** full sponsorships paid earlier this festival year (Success, not refunded), paise */
  earlierSponsorshipPaise: Paise;
  /** memberships already waived this festival year (orders paid, awaiting approval or awaiting payment) */
  waivedUsed: number;
};

/** Why memberships of a cart are waived: shown as a line of the summary. */
export type WaiverApplied = {
  /** full sponsorships counted: this cart's and earlier ones this year */
  sponsorshipPaise: Paise;
  /** the threshold of the tier reached */
  thresholdPaise: Paise;
  /** the tier's member count: the cap for the year */
  members: number;
  /** memberships waived in earlier orders this year */
  usedBefore: number;
  /** memberships waived in this cart */
  waivedUnits: number;
  /** the fees waived in this cart */
  waivedPaise: Paise;
};

export type PricedLine = {
  productId: number;
  type: ProductType;
  code: string;
  name: string;
  qty: number;
  unitPricePaise: Paise;
  /** before any benefit: qty x the full unit price */
  maxPricePaise: Paise;
  /** what is paid for the line */
  sellPricePaise: Paise;
  fullSponsor: boolean | null;
  memberPricedUnits: number;
  /** memberships of the line whose fee is waived (sellPricePaise is already without them) */
  waivedUnits?: number;
  /** the waiver's cap for the year when the line was priced: the database holds the year's waived units to it */
  waiverCap?: number;
};

export type PricedCart = {
  lines: PricedLine[];
  totalMaxPaise: Paise;
  totalSellPaise: Paise;
  /** the membership fee waiver applied to this cart, or null */
  waiver: WaiverApplied | null;
};

/** UTSAV family benefit as basis points of the line: a pure function of the quantity. */
export function utsavFactorBasisPoints(qty: number): number {
  if (qty >= 4) return 9000;
  if (qty === 3) return 9500;
  return 10_000;
}

export function dandiyaFactorBasisPoints(qty: number): number {
  return qty >= 4 ? 9000 : 10_000;
}

/** A daily pass with a member price different from its price (DPKP and any like it). */
export function isMemberPriced(
  p: Pick<PricingProduct, 'type' | 'code' | 'pricePaise' | 'coPricePaise' | 'rules'>,
): boolean {
  const r = rulesOf(p);
  return p.type === 'DAILY_PASS' && r.memberPrice && !r.freeAmount && p.coPricePaise !== p.pricePaise;
}

/** How many units of a member-priced pass may still get the member price. */
export function memberEntitlement(productId: number, ctx: PricingContext): number {
  return Math.max(0, ctx.utsavMemberships - (ctx.memberPricedUsed[productId] ?? 0));
}

export function priceLine(product: PricingProduct, line: LineInput, ctx: PricingContext): PricedLine {
  const base = {
    productId: product.id,
    type: product.type,
    code: product.code,
    name: product.name,
    qty: line.qty,
    fullSponsor: null as boolean | null,
    memberPricedUnits: 0,
  };
  const rules = rulesOf(product);
  if (rules.freeAmount) {
    const amount = line.amountPaise ?? 0;
    return { ...base, qty: 1, unitPricePaise: amount, maxPricePaise: amount, sellPricePaise: amount };
  }
  if (product.type === 'SPONSORSHIP') {
    const full = line.fullSponsor !== false;
    const unit = full ? product.pricePaise : product.coPricePaise;
    return { ...base, qty: 1, fullSponsor: full, unitPricePaise: unit, maxPricePaise: unit, sellPricePaise: unit };
  }
  const unit = product.pricePaise;
  const max = unit * line.qty;
  if (rules.qtyTiers.length > 0) {
    return {
      ...base,
      unitPricePaise: unit,
      maxPricePaise: max,
      sellPricePaise: applyBasisPoints(max, tierBasisPoints(rules.qtyTiers, line.qty)),
    };
  }
  if (isMemberPriced(product)) {
    const memberUnits = Math.min(line.qty, memberEntitlement(product.id, ctx));
    const sell = memberUnits * product.coPricePaise + (line.qty - memberUnits) * product.pricePaise;
    return { ...base, unitPricePaise: unit, maxPricePaise: max, sellPricePaise: sell, memberPricedUnits: memberUnits };
  }
  return { ...base, unitPricePaise: unit, maxPricePaise: max, sellPricePaise: max };
}

export function priceCart(
  products: ReadonlyMap<number, PricingProduct>,
  lines: readonly LineInput[],
  ctx: PricingContext,
): PricedCart {
  const before = lines.map((l) => {
    const p = products.get(l.productId);
    if (!p) throw new Error(`unknown product ${l.productId}`);
    return priceLine(p, l, ctx);
  });
  const { lines: priced, waiver } = applyWaiver(before, ctx.waiver);
  return {
    lines: priced,
    totalMaxPaise: priced.reduce((s, l) => s + l.maxPricePaise, 0),
    totalSellPaise: priced.reduce((s, l) => s + l.sellPricePaise, 0),
    waiver,
  };
}

/** The online convenience charge (basis points of the subtotal, rounded half up to the paisa). */
export function convenienceCharge(subtotalPaise: Paise, basisPoints: number): Paise {
  return applyBasisPoints(subtotalPaise, basisPoints);
}

/**
 * The info toast SPEC.md section 8 shows when a quantity changes across a benefit boundary, or null.
 * `amount` is the new line total in paise.
 */
export function quantityChangeMessage(code: string, from: number, to: number): { key: MessageKey } | null {
  if (code === UTSAV_CODE) {
    if (from === 4 && to === 3) return { key: 'utsav.reduced' };
    if (from === 3 && to === 2) return { key: 'utsav.removed' };
    if (from === 2 && to === 3) return { key: 'utsav.five' };
    if (from === 3 && to === 4) return { key: 'utsav.ten' };
  }
  if (code === DANDIYA_CODE) {
    if (from === 4 && to === 3) return { key: 'dandiya.removed' };
    if (from === 3 && to === 4) return { key: 'dandiya.ten' };
  }
  return null;
}
