// The waiver's arithmetic for the total bars (docs/decisions/275), loaded beside the catalogue's call rather than
// with the page: the facts it needs arrive with that answer anyway, and the pages' first load stays under 100 kB.
import type { ProductView, WaiverView } from '../../../core/contracts/catalogue';
import { rupeesToPaise } from '../../../core/money';
import { type PricingContext, priceLine, type WaiverApplied } from '../../../core/pricing';
import { applyWaiver } from '../../../core/waiver';
import { type LocalCart, toPricing } from './local-cart';

/**
 * What the membership fee waiver takes off the stored cart's listed lines, as the server would price them
 * (docs/decisions/275), or null when nothing is waived. Only sponsorships still available count: one taken
 * meanwhile will not be in the server's cart.
 */
export function cartWaiver(
  memberships: readonly ProductView[],
  sponsorships: readonly ProductView[],
  cart: LocalCart,
  w: WaiverView,
  ctx: PricingContext,
): WaiverApplied | null {
  const lines = [...memberships, ...sponsorships]
    .filter((p) => p.available && cart[p.id])
    .map((p) => {
      const type = memberships.includes(p) ? 'MEMBERSHIP' : 'SPONSORSHIP';
      const { qty, fullSponsor } = cart[p.id]!;
      return priceLine(toPricing(p, type), { productId: p.id, qty, fullSponsor: fullSponsor !== false }, ctx);
    });
  return applyWaiver(lines, {
    rule: {
      enabled: w.enabled,
      tiers: w.tiers.map((x) => ({ minSponsorshipPaise: rupeesToPaise(x.minSponsorship), members: x.members })),
    },
    earlierSponsorshipPaise: rupeesToPaise(w.earlierSponsorship),
    waivedUsed: w.waivedUsed,
  }).waiver;
}
