import { describe, expect, it } from 'vitest';
import type { ProductView, WaiverView } from '../../../core/contracts/catalogue';
import type { PricingContext } from '../../../core/pricing';
import { cartWaiver } from './cart-waiver';

const product = (id: number, code: string, price: number, available = true): ProductView => ({
  id,
  name: code,
  code,
  price,
  coPrice: Math.round(price / 3),
  available,
  coSponsored: false,
  fullSponsorOnly: false,
  desc: '',
  sponsoredBy: null,
});
const none: PricingContext = { utsavMemberships: 0, memberPricedUsed: {} };
const rule: WaiverView = {
  enabled: true,
  tiers: [
    { minSponsorship: 15000, members: 4 },
    { minSponsorship: 35000, members: 6 },
  ],
  earlierSponsorship: 0,
  waivedUsed: 0,
};

describe("the total bars' waiver (docs/decisions/275)", () => {
  const utsav = product(1, 'MUTV', 2650);
  const item = product(2, 'SSHK', 15000);
  const cart = {
    1: { qty: 4, price: 9540, code: 'MUTV' },
    2: { qty: 1, price: 15000, code: 'SSHK', fullSponsor: true },
  };

  it('waives the memberships of a cart with a ₹15,000 full sponsorship, as the server does', () => {
    expect(cartWaiver([utsav], [item], cart, rule, none)).toMatchObject({ waivedUnits: 4, waivedPaise: 9540_00 });
  });

  it('counts an earlier sponsorship and the waivers used, and nothing when the rule is off', () => {
    const memberships = { 1: cart[1] };
    expect(cartWaiver([utsav], [item], memberships, rule, none)).toBeNull();
    const earlier = { ...rule, earlierSponsorship: 15000, waivedUsed: 3 };
    expect(cartWaiver([utsav], [item], memberships, earlier, none)).toMatchObject({ waivedUnits: 1, usedBefore: 3 });
    expect(cartWaiver([utsav], [item], memberships, { ...earlier, waivedUsed: 4 }, none)).toBeNull();
    expect(cartWaiver([utsav], [item], cart, { ...rule, enabled: false }, none)).toBeNull();
  });

  it('does not count a co-sponsorship, nor a sponsorship someone else took meanwhile', () => {
    expect(cartWaiver([utsav], [item], { ...cart, 2: { ...cart[2], fullSponsor: false } }, rule, none)).toBeNull();
    expect(cartWaiver([utsav], [product(2, 'SSHK', 15000, false)], cart, rule, none)).toBeNull();
  });
});
