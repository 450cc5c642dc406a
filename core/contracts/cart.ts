import * as z from 'zod';
import { MAX_QTY } from '../pricing';
import { keyWith } from './common';

/** Most product ids a cart may name at once: more than the whole catalogue, far less than a flood. */
export const MAX_CART_LINES = 100;

/**
 * One line of /addToCart as the old client sends it (SPEC.md section 3, local cart): `qty`, `price` (the
 * line total in rupees, ignored except for the extra contribution, where it is the amount), `code`, and
 * `fullSponsor` for sponsorships. Unknown fields are ignored here: old clients store extra keys per line.
 */
export const cartLineInput = z.object({
  qty: z
    .number({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.number') })
    .int('input.wholeNumber')
    .min(0, 'input.notNegative')
    .max(MAX_QTY, 'input.max'),
  price: z.number({ error: 'input.number' }).finite('input.number').nullish(),
  code: z.string({ error: 'input.text' }).trim().max(20, 'input.maxChars').nullish(),
  fullSponsor: z.boolean({ error: 'input.boolean' }).nullish(),
});

export const addToCartRequest = z.object({
  productQtys: z
    .record(z.string().regex(/^[1-9]\d{0,9}$/, 'input.productIdKey'), cartLineInput, {
      error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.productMap'),
    })
    .refine((m) => Object.keys(m).length <= MAX_CART_LINES, keyWith('input.maxProducts', { max: MAX_CART_LINES })),
  // Sent by the old client (Utsav count minus Bijaya Sanmelani count); the server counts itself.
  utsavMemberCount: z.number({ error: 'input.number' }).nullish(),
});

export type AddToCartRequest = z.infer<typeof addToCartRequest>;

export type CartKind = 'CONTRIBUTION' | 'DAILY_PASS';

export type CartLineView = {
  productId: number;
  name: string;
  code: string;
  qty: number;
  /** rupees: qty x the full unit price, before any benefit */
  maxPrice: number;
  /** rupees: what is paid for the line */
  sellPrice: number;
  /** sponsorship: true full sponsor, false co-sponsor; null otherwise */
  fullSponsor: boolean | null;
  /** membership: the units whose fee the waiver for sponsoring families takes (absent when none) */
  waivedQty?: number;
};

/**
 * Why memberships of the cart cost nothing (docs/decisions/255): full sponsorships this festival year (this cart's
 * and those paid earlier) reached a threshold that waives the fee of up to `members` family members a year.
 */
export type CartWaiver = {
  /** the tier's member count: the cap for the festival year */
  members: number;
  /** memberships waived in this cart */
  waivedQty: number;
  /** memberships waived in earlier orders this year */
  usedBefore: number;
  /** rupees: the fees waived in this cart */
  waivedAmount: number;
  /** rupees: the full sponsorships counted */
  sponsorshipTotal: number;
  /** rupees: the threshold reached */
  threshold: number;
};

/**
 * A price an admin changed after the line went into the cart: the unit price (or, for a co-sponsor and a
 * member-priced pass, the co-price) then and now, in rupees. The cart is priced at `newPrice`.
 */
export type CartPriceChange = {
  productId: number;
  name: string;
  nameBn?: string;
  code: string;
  oldPrice: number;
  newPrice: number;
};

/** /getCartDetails and /addToCart answer this; an empty cart has no lines, zero totals and kind null. */
export type CartDetails = {
  kind: CartKind | null;
  selectedProducts: CartLineView[];
  totalMaxPrice: number;
  totalSellPrice: number;
  /** only when a price changed since the lines were added (absent otherwise) */
  priceChanges?: CartPriceChange[];
  /** the membership fee waiver applied (absent when none) */
  waiver?: CartWaiver;
};
