import { paiseToRupees, rupeesToPaise } from '../money';
import type { PricingRules } from '../pricing';
/** The customer view of a product (SPEC.md section 3); prices in rupees. */
export type ProductView = {
  id: number;
  name: string;
  code: string;
  price: number;
  coPrice: number;
  /** can be chosen now (for a sponsorship: not taken, not reserved for someone else) */
  available: boolean;
  /** sponsorship: someone co-sponsors it this festival year, so it can no longer be fully sponsored */
  coSponsored: boolean;
  fullSponsorOnly: boolean;
  desc: string;
  /** the Bengali name and description; absent when the admins wrote none: show the English ones */
  nameBn?: string;
  descBn?: string;
  /** sponsorship: the full sponsor's name once paid, or the name it is reserved for; else null */
  sponsoredBy: string | null;
  /**
   * Capacity (docs/decisions/245): present only for a product with a capacity, so that the answer for
   * the others keeps its shape. unitsLeft: units still to be had; soldOut: none left; fewLeft: say "only N left".
   */
  capacity?: number;
  unitsLeft?: number;
  soldOut?: boolean;
  fewLeft?: boolean;
  /** a waiting list may be joined when it is sold out (present only when on) */
  waitlist?: boolean;
  /** a picture of the site for the card, only when the product has one */
  photo?: string;
  /** the pricing rules, only when an admin changed them from the code's defaults */
  rules?: ProductRulesView;
};

/**
 * A product's pricing rules at the API edge (core/pricing.ts PricingRules in rupees and percent):
 * quantity discounts (percent off the whole line from minQty units), the member price of a daily pass, and the
 * free amount's limits (the extra contribution).
 */
export type ProductRulesView = {
  qtyDiscounts: { minQty: number; percentOff: number }[];
  memberPrice: boolean;
  freeAmount: { min: number; max: number } | null;
};

export function rulesToView(r: PricingRules): ProductRulesView {
  return {
    qtyDiscounts: [...r.qtyTiers]
      .sort((a, b) => a.minQty - b.minQty)
      .map((t) => ({ minQty: t.minQty, percentOff: (10_000 - t.basisPoints) / 100 })),
    memberPrice: r.memberPrice,
    freeAmount: r.freeAmount
      ? { min: paiseToRupees(r.freeAmount.minPaise), max: paiseToRupees(r.freeAmount.maxPaise) }
      : null,
  };
}

export function rulesFromView(v: ProductRulesView): PricingRules {
  return {
    qtyTiers: [...v.qtyDiscounts]
      .sort((a, b) => a.minQty - b.minQty)
      .map((d) => ({ minQty: d.minQty, basisPoints: 10_000 - Math.round(d.percentOff * 100) })),
    memberPrice: v.memberPrice,
    freeAmount: v.freeAmount
      ? { minPaise: rupeesToPaise(v.freeAmount.min), maxPaise: rupeesToPaise(v.freeAmount.max) }
      : null,
  };
}

export type ProductsResponse = {
  productsResponses: { MEMBERSHIP: ProductView[]; SPONSORSHIP: ProductView[] };
  /**
   * The membership fee waiver as the server would apply it to this member's next cart (docs/decisions/275): the
   * admin's rule (thresholds in rupees) and the member's festival year so far. Absent from a copy kept offline
   * before it existed.
   */
  waiver?: WaiverView;
};

export type WaiverView = {
  enabled: boolean;
  tiers: { minSponsorship: number; members: number }[];
  /** full sponsorships paid earlier this festival year that count towards the tier, rupees */
  earlierSponsorship: number;
  /** memberships already waived this festival year, unpaid orders holding theirs included */
  waivedUsed: number;
};

export type UProductsResponse = {
  productsResponses: { DAILY_PASS: ProductView[] };
  /** the extra contribution's product id (DNP, not listed among the passes) */
  extraContributionId: number;
  dailyPassLive: boolean;
};

export type CountResponse = { count: number };

/** /isMembershipLive, /isDailyPassLive */
export type LiveFlag = { available: boolean };

/**
 * /getPlans (public): the membership plans of the live catalogue for the home page's plans table, names
 * in both languages and the price per person in rupees, so that the table and the shop have one source.
 */
export type PlanView = { id: number; code: string; name: string; nameBn?: string; price: number };
export type PlansResponse = { festivalYear: string; plans: PlanView[] };
