import { useEffect, useState } from 'react';
import type { ProductsResponse } from '../../../core/contracts/catalogue';
import type { PricingContext } from '../../../core/pricing';
import { ApiError } from '../../lib/api-client';
import { getProducts, isMembershipLive } from './api';

export type ContributionCatalogue = {
  products: ProductsResponse['productsResponses'] | null;
  live: boolean | null;
  error: string | null;
};

/** Memberships and sponsorships for /membership and /sponsorship (no entitlement applies to them). */
export function useContributionCatalogue(): ContributionCatalogue {
  const [state, setState] = useState<ContributionCatalogue>({ products: null, live: null, error: null });
  useEffect(() => {
    let live = true;
    Promise.all([getProducts(), isMembershipLive().catch(() => ({ available: true }))])
      .then(([p, flag]) => live && setState({ products: p.productsResponses, live: flag.available, error: null }))
      .catch(
        (e) => live && setState({ products: null, live: null, error: e instanceof ApiError ? e.message : String(e) }),
      );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

export const NO_CONTEXT: PricingContext = { utsavMemberships: 0, memberPricedUsed: {} };
