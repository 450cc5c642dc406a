// The local cart (SPEC.md section 3): a map keyed by product id of { qty, price (the line total in rupees),
// code, fullSponsor? }, kept in IndexedDB under `selectedPrds`, with `totalCartPrice`, so a selection
// survives a reload or a lost connection. The contribution screens and /dmPass share the map; each one
// only touches (and sends) the products it lists.
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ProductView, rulesFromView } from '../../../core/contracts/catalogue';
import { paiseToRupees, rupeesToPaise } from '../../../core/money';
import { type PricingContext, type PricingProduct, priceLine, type ProductType } from '../../../core/pricing';
import { localStore } from '../../lib/local-store';

export type LocalLine = { qty: number; price: number; code: string; fullSponsor?: boolean };
export type LocalCart = Record<string, LocalLine>;

export const CART_KEY = 'selectedPrds';
export const TOTAL_KEY = 'totalCartPrice';

export const toPricing = (p: ProductView, type: ProductType): PricingProduct => ({
  id: p.id,
  type,
  code: p.code,
  name: p.name,
  pricePaise: rupeesToPaise(p.price),
  coPricePaise: rupeesToPaise(p.coPrice),
  // rules an admin changed come with the product; without them, the code's defaults (as the server)
  rules: p.rules ? rulesFromView(p.rules) : null,
});

/** The line total in paise, by the same rules the server applies. */
export function linePaise(
  p: ProductView,
  type: ProductType,
  qty: number,
  ctx: PricingContext,
  fullSponsor?: boolean,
): number {
  if (qty <= 0) return 0;
  return priceLine(toPricing(p, type), { productId: p.id, qty, fullSponsor }, ctx).sellPricePaise;
}

export const lineOf = (p: ProductView, type: ProductType, qty: number, ctx: PricingContext, fullSponsor?: boolean) => {
  const line: LocalLine = { qty, price: paiseToRupees(linePaise(p, type, qty, ctx, fullSponsor)), code: p.code };
  if (fullSponsor !== undefined) line.fullSponsor = fullSponsor;
  return line;
};

/** The total of the listed products' lines in a cart, re-priced from the current catalogue, in paise. */
export const selectionPaise = (
  list: readonly ProductView[],
  type: ProductType,
  cart: LocalCart,
  ctx: PricingContext,
): number =>
  list.reduce((s, p) => {
    const l = cart[p.id];
    return l ? s + linePaise(p, type, l.qty, ctx, type === 'SPONSORSHIP' ? l.fullSponsor !== false : undefined) : s;
  }, 0);

/** Sum of the stored line prices of the given product ids, in paise. */
export const totalPaise = (cart: LocalCart, ids: ReadonlySet<number>) =>
  Object.entries(cart).reduce((s, [id, l]) => (ids.has(Number(id)) ? s + rupeesToPaise(l.price) : s), 0);

export const pick = (cart: LocalCart, ids: ReadonlySet<number>): LocalCart =>
  Object.fromEntries(Object.entries(cart).filter(([id, l]) => ids.has(Number(id)) && l.qty > 0));

type CartUpdate = (cart: LocalCart) => LocalCart;

/**
 * The cart once the stored one has been read: the changes made while it was being read (a tap on "+" on a busy
 * phone, before the device answered) applied on top of it, in their order, instead of being overwritten by it.
 */
export const cartAfterLoad = (stored: unknown, early: readonly CartUpdate[]): LocalCart =>
  early.reduce<LocalCart>((c, update) => update(c), stored && typeof stored === 'object' ? (stored as LocalCart) : {});

/**
 * The stored cart as React state: loaded once, written back (with its total) on every change. A change made before
 * the stored cart has arrived is kept and applied on top of it when it does.
 */
export function useLocalCart(totalOf: (cart: LocalCart) => number) {
  const [cart, setCartState] = useState<LocalCart>({});
  const [loaded, setLoaded] = useState(false);
  const totalRef = useRef(totalOf);
  totalRef.current = totalOf;
  // the changes made before the stored cart arrived; null once it has
  const early = useRef<CartUpdate[] | null>([]);
  const store = useCallback((next: LocalCart) => {
    void localStore.set(CART_KEY, next).catch(() => {});
    void localStore.set(TOTAL_KEY, paiseToRupees(totalRef.current(next))).catch(() => {});
  }, []);
  useEffect(() => {
    let live = true;
    // the stored cart (none when it cannot be read) with the changes made meanwhile on top
    const arrived = (stored: unknown) => {
      if (!live) return;
      const changes = early.current ?? [];
      early.current = null;
      const next = cartAfterLoad(stored, changes);
      if (changes.length > 0) store(next);
      setCartState(next);
      setLoaded(true);
    };
    localStore.get<LocalCart>(CART_KEY).then(arrived, () => arrived(undefined));
    return () => {
      live = false;
    };
  }, [store]);
  const setCart = useCallback(
    (update: CartUpdate) => {
      if (early.current) {
        // not stored yet: written with the stored cart once it has arrived
        early.current.push(update);
        setCartState(update);
        return;
      }
      setCartState((prev) => {
        const next = update(prev);
        store(next);
        return next;
      });
    },
    [store],
  );
  return { cart, setCart, loaded };
}
