import { useEffect, useState } from 'react';
import type { ProductsResponse, ProductView, UProductsResponse } from '../../../core/contracts/catalogue';
import type { PricingContext, WaiverApplied } from '../../../core/pricing';
import { ApiError, isMembershipLive } from '../../lib/api-client';
import { localStore } from '../../lib/local-store';
import { getProducts, getUProducts } from './api';
import type { LocalCart } from './local-cart';

/**
 * The last listing seen is kept in IndexedDB, so that with a lost connection the screens still show the
 * cards of the stored selection (sending it waits for the connection: /addToCart is online only).
 */
async function withCache<T>(key: string, load: () => Promise<T>): Promise<{ value: T; stale: boolean }> {
  try {
    const value = await load();
    void localStore.set(key, value).catch(() => {});
    return { value, stale: false };
  } catch (e) {
    if (e instanceof ApiError && e.code === 'Network') {
      const cached = await localStore.get<T>(key).catch(() => undefined);
      if (cached) return { value: cached, stale: true };
    }
    throw e;
  }
}

export type ContributionCatalogue = {
  products: ProductsResponse['productsResponses'] | null;
  live: boolean | null;
  error: string | null;
  stale: boolean;
  /**
   * What the membership fee waiver takes off a cart, from the rule and the member's year in this visit's answer
   * (docs/decisions/275); absent until it arrives, and offline: a kept copy may be out of date, and the bars must
   * not promise a waiver the server would not give.
   */
  waiver?: (memberships: ProductView[], sponsorships: ProductView[], cart: LocalCart) => WaiverApplied | null;
};

/** Memberships and sponsorships for /membership and /sponsorship (no entitlement applies to them). */
export function useContributionCatalogue(): ContributionCatalogue {
  const [state, setState] = useState<ContributionCatalogue>({ products: null, live: null, error: null, stale: false });
  useEffect(() => {
    let live = true;
    Promise.all([
      withCache('catalogue:contribution', getProducts),
      isMembershipLive().catch(() => ({ available: true })),
      import('./cart-waiver').catch(() => null),
    ])
      .then(
        ([p, flag, w]) =>
          live &&
          setState({
            products: p.value.productsResponses,
            live: flag.available,
            error: null,
            stale: p.stale,
            waiver:
              w && p.value.waiver && !p.stale
                ? (m, s, c) => w.cartWaiver(m, s, c, p.value.waiver!, NO_CONTEXT)
                : undefined,
          }),
      )
      .catch(
        (e) =>
          live &&
          setState({ products: null, live: null, error: e instanceof ApiError ? e.message : String(e), stale: false }),
      );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

export const loadPasses = () => withCache<UProductsResponse>('catalogue:passes', getUProducts);

export const NO_CONTEXT: PricingContext = { utsavMemberships: 0, memberPricedUsed: {} };
