// The membership fee waiver for sponsoring families (docs/decisions/255), apart from core/pricing.ts so that
// only what applies it loads it: the server's priceCart() and the total bars of /membership and /sponsorship.
import type { Paise } from './money';
import type { PricedLine, WaiverApplied, WaiverContext, WaiverRule, WaiverTier } from './pricing';

/** The tier reached by full sponsorships of this amount (the highest threshold at or below it), or null. */
export function waiverTier(rule: WaiverRule, sponsorshipPaise: Paise): WaiverTier | null {
  if (!rule.enabled) return null;
  let best: WaiverTier | null = null;
  for (const t of rule.tiers) {
    if (sponsorshipPaise >= t.minSponsorshipPaise && (!best || t.minSponsorshipPaise > best.minSponsorshipPaise)) {
      best = t;
    }
  }
  return best;
}

/** Full sponsorships of priced lines: co-sponsorships do not count (docs/decisions/255). */
export const fullSponsorshipPaise = (lines: readonly PricedLine[]): Paise =>
  lines.filter((l) => l.type === 'SPONSORSHIP' && l.fullSponsor === true).reduce((s, l) => s + l.sellPricePaise, 0);

/**
 * The membership fee waiver for sponsoring families (docs/decisions/255): the full sponsorships of this cart and
 * those paid earlier this festival year reach a tier; its member count, less the memberships already waived this
 * year, is how many membership units of this cart are free. The units with the highest fee (after the family
 * benefit) go first; a line waived in part keeps the fee of its other units.
 */
export function applyWaiver(
  lines: readonly PricedLine[],
  w: WaiverContext | undefined,
): { lines: PricedLine[]; waiver: WaiverApplied | null } {
  const out = lines.map((l) => ({ ...l }));
  if (!w) return { lines: out, waiver: null };
  const sponsorshipPaise = w.earlierSponsorshipPaise + fullSponsorshipPaise(lines);
  const tier = waiverTier(w.rule, sponsorshipPaise);
  const members = out.filter((l) => l.type === 'MEMBERSHIP' && l.qty > 0 && l.sellPricePaise > 0);
  if (!tier || members.length === 0) return { lines: out, waiver: null };
  let left = Math.max(0, tier.members - w.waivedUsed);
  if (left === 0) return { lines: out, waiver: null };
  // the dearest fee per member first; equal fees in cart order
  const order = [...members].sort((a, b) => b.sellPricePaise / b.qty - a.sellPricePaise / a.qty);
  let waivedUnits = 0;
  let waivedPaise = 0;
  for (const l of order) {
    if (left === 0) break;
    const units = Math.min(left, l.qty);
    const off = units === l.qty ? l.sellPricePaise : Math.floor((l.sellPricePaise * units) / l.qty + 0.5);
    l.sellPricePaise -= off;
    l.waivedUnits = units;
    l.waiverCap = tier.members;
    left -= units;
    waivedUnits += units;
    waivedPaise += off;
  }
  return {
    lines: out,
    waiver: {
      sponsorshipPaise,
      thresholdPaise: tier.minSponsorshipPaise,
      members: tier.members,
      usedBefore: w.waivedUsed,
      waivedUnits,
      waivedPaise,
    },
  };
}
