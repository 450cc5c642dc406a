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
  /** the Bengali name and description (issue 16); absent when the admins wrote none: show the English ones */
  nameBn?: string;
  descBn?: string;
  /** sponsorship: the full sponsor's name once paid, or the name it is reserved for; else null */
  sponsoredBy: string | null;
  /**
   * Capacity (issue 24, docs/decisions/245): present only for a product with a capacity, so that the answer for
   * the others keeps its shape. unitsLeft: units still to be had; soldOut: none left; fewLeft: say "only N left".
   */
  capacity?: number;
  unitsLeft?: number;
  soldOut?: boolean;
  fewLeft?: boolean;
  /** a waiting list may be joined when it is sold out (present only when on) */
  waitlist?: boolean;
};

export type ProductsResponse = {
  productsResponses: { MEMBERSHIP: ProductView[]; SPONSORSHIP: ProductView[] };
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
