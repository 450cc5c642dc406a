import { describe, expect, it } from 'vitest';
import {
  applyWaiver,
  convenienceCharge,
  DEFAULT_WAIVER_RULE,
  defaultRules,
  isMemberPriced,
  type PricingContext,
  type PricingProduct,
  type PricingRules,
  parseRules,
  priceCart,
  priceLine,
  quantityChangeMessage,
  type WaiverContext,
  waiverTier,
  rulesJson,
  tierBasisPoints,
} from './pricing';

const P = (id: number, type: PricingProduct['type'], code: string, price: number, coPrice = price): PricingProduct => ({
  id,
  type,
  code,
  name: code,
  pricePaise: price * 100,
  coPricePaise: coPrice * 100,
});
const MUTV = P(3, 'MEMBERSHIP', 'MUTV', 2650);
const MABD = P(1, 'MEMBERSHIP', 'MABD', 1500);
const DPDY1 = P(20, 'DAILY_PASS', 'DPDY1', 500);
const DPKP = P(22, 'DAILY_PASS', 'DPKP', 600, 400);
const DPAD = P(23, 'DAILY_PASS', 'DPAD', 250);
const DNP = P(84, 'DAILY_PASS', 'DNP', 1);
const ODD = P(30, 'MEMBERSHIP', 'MUTV', 2650.33); // a price whose benefit does not fall on a paisa
const SP = P(10, 'SPONSORSHIP', 'SPDL', 25000, 8000);
const none: PricingContext = { utsavMemberships: 0, memberPricedUsed: {} };

describe('UTSAV family benefit (MUTV)', () => {
  it.each([
    [0, 0],
    [1, 265000],
    [2, 530000],
    [3, 755250], // 2650 x 3 x 0.95 = 7552.50
    [4, 954000], // 2650 x 4 x 0.90
    [5, 1192500],
    [6, 1431000],
  ])('qty %i sells at %i paise', (qty, sell) => {
    const l = priceLine(MUTV, { productId: 3, qty }, none);
    expect(l.sellPricePaise).toBe(sell);
    expect(l.maxPricePaise).toBe(265000 * qty);
  });

  it('is a pure function of the quantity (no 85% rule when decrementing)', () => {
    expect(priceLine(MUTV, { productId: 3, qty: 5 }, none).sellPricePaise).toBe(
      priceLine(MUTV, { productId: 3, qty: 5 }, { utsavMemberships: 9, memberPricedUsed: {} }).sellPricePaise,
    );
  });

  it('rounds the benefit half up to the paisa', () => {
    // 265033 x 3 = 795099; x 0.95 = 755344.05 -> 755344
    expect(priceLine(ODD, { productId: 30, qty: 3 }, none).sellPricePaise).toBe(755344);
    // 265033 x 4 = 1060132; x 0.9 = 954118.8 -> 954119
    expect(priceLine(ODD, { productId: 30, qty: 4 }, none).sellPricePaise).toBe(954119);
  });

  it('other plans are linear', () => {
    expect(priceLine(MABD, { productId: 1, qty: 4 }, none).sellPricePaise).toBe(600000);
  });
});

describe('Dandiya pass (DPDY1)', () => {
  it.each([
    [0, 0],
    [1, 50000],
    [2, 100000],
    [3, 150000],
    [4, 180000],
    [5, 225000],
    [6, 270000],
  ])('qty %i sells at %i paise', (qty, sell) => {
    expect(priceLine(DPDY1, { productId: 20, qty }, none).sellPricePaise).toBe(sell);
  });
});

describe('member-priced passes (DPKP)', () => {
  it.each([
    [0, 3, 0, 180000],
    [1, 3, 1, 40000 + 120000],
    [2, 3, 2, 80000 + 60000],
    [5, 3, 3, 120000],
  ])('with %i UTSAV memberships, %i units: %i at member price, %i paise', (m, qty, memberUnits, sell) => {
    const l = priceLine(DPKP, { productId: 22, qty }, { utsavMemberships: m, memberPricedUsed: {} });
    expect(l.memberPricedUnits).toBe(memberUnits);
    expect(l.sellPricePaise).toBe(sell);
    expect(l.maxPricePaise).toBe(60000 * qty);
  });

  it('subtracts member-priced units already bought this year', () => {
    const l = priceLine(DPKP, { productId: 22, qty: 3 }, { utsavMemberships: 4, memberPricedUsed: { 22: 3 } });
    expect(l.memberPricedUnits).toBe(1);
    expect(l.sellPricePaise).toBe(40000 + 2 * 60000);
    const none2 = priceLine(DPKP, { productId: 22, qty: 2 }, { utsavMemberships: 2, memberPricedUsed: { 22: 5 } });
    expect(none2.memberPricedUnits).toBe(0);
  });

  it('a pass whose coPrice equals its price is not member-priced', () => {
    expect(
      priceLine(DPAD, { productId: 23, qty: 2 }, { utsavMemberships: 5, memberPricedUsed: {} }).sellPricePaise,
    ).toBe(50000);
  });
});

describe('extra contribution and sponsorship', () => {
  it('the extra contribution is its amount, quantity 1', () => {
    expect(priceLine(DNP, { productId: 84, qty: 7, amountPaise: 123400 }, none)).toMatchObject({
      qty: 1,
      sellPricePaise: 123400,
      maxPricePaise: 123400,
    });
  });
  it('a full sponsor pays price, a co-sponsor coPrice', () => {
    expect(priceLine(SP, { productId: 10, qty: 1, fullSponsor: true }, none)).toMatchObject({
      sellPricePaise: 2500000,
      fullSponsor: true,
    });
    expect(priceLine(SP, { productId: 10, qty: 1, fullSponsor: false }, none)).toMatchObject({
      sellPricePaise: 800000,
      fullSponsor: false,
    });
  });
});

describe('carts and charges', () => {
  it('sums lines', () => {
    const products = new Map([MUTV, SP, DPDY1, DNP].map((p) => [p.id, p]));
    const cart = priceCart(
      products,
      [
        { productId: 3, qty: 4 },
        { productId: 10, qty: 1, fullSponsor: true },
      ],
      none,
    );
    expect(cart.totalSellPaise).toBe(954000 + 2500000);
    expect(cart.totalMaxPaise).toBe(1060000 + 2500000);
    expect(() => priceCart(products, [{ productId: 999, qty: 1 }], none)).toThrow(/unknown product/);
  });

  it('convenience charge at 2.36%, rounded half up', () => {
    expect(convenienceCharge(3454000, 236)).toBe(81514); // 81514.4
    expect(convenienceCharge(2119, 236)).toBe(50); // 50.0084
    expect(convenienceCharge(0, 236)).toBe(0);
  });

  it('benefit toasts at the boundaries only', () => {
    expect(quantityChangeMessage('MUTV', 4, 3)?.key).toBe('utsav.reduced');
    expect(quantityChangeMessage('MUTV', 3, 2)?.key).toBe('utsav.removed');
    expect(quantityChangeMessage('MUTV', 2, 3)?.key).toBe('utsav.five');
    expect(quantityChangeMessage('MUTV', 3, 4)?.key).toBe('utsav.ten');
    expect(quantityChangeMessage('MUTV', 5, 4)).toBeNull();
    expect(quantityChangeMessage('DPDY1', 3, 4)?.key).toBe('dandiya.ten');
    expect(quantityChangeMessage('DPDY1', 4, 3)?.key).toBe('dandiya.removed');
    expect(quantityChangeMessage('MABD', 3, 4)).toBeNull();
  });
});

describe('membership fee waiver for sponsoring families', () => {
  const SP15 = P(11, 'SPONSORSHIP', 'SPFL', 15000, 5000);
  const SP20 = P(12, 'SPONSORSHIP', 'SPPN', 20000, 7000);
  const MHHR = P(2, 'MEMBERSHIP', 'MHHR', 2250);
  const products = new Map([MUTV, MABD, MHHR, SP, SP15, SP20, DNP, DPKP].map((p) => [p.id, p]));
  const w = (earlier = 0, used = 0, rule = DEFAULT_WAIVER_RULE): PricingContext => ({
    ...none,
    waiver: { rule, earlierSponsorshipPaise: earlier * 100, waivedUsed: used } satisfies WaiverContext,
  });
  const line = (cart: ReturnType<typeof priceCart>, id: number) => cart.lines.find((l) => l.productId === id)!;

  it('UTSAV x4 with a full sponsorship of ₹15,000: the memberships cost nothing, the sponsorship is paid', () => {
    const cart = priceCart(
      products,
      [
        { productId: 3, qty: 4 },
        { productId: 11, qty: 1, fullSponsor: true },
      ],
      w(),
    );
    expect(line(cart, 3)).toMatchObject({ sellPricePaise: 0, maxPricePaise: 1060000, waivedUnits: 4, waiverCap: 4 });
    expect(line(cart, 11).sellPricePaise).toBe(1500000);
    expect(cart.totalSellPaise).toBe(1500000);
    expect(cart.waiver).toEqual({
      sponsorshipPaise: 1500000,
      thresholdPaise: 1500000,
      members: 4,
      usedBefore: 0,
      waivedUnits: 4,
      waivedPaise: 954000,
    });
    // the online charge is on what is paid: nothing on the waived line
    expect(convenienceCharge(cart.totalSellPaise, 236)).toBe(35400);
  });

  it('without the waiver context (or switched off) nothing changes', () => {
    const lines = [
      { productId: 3, qty: 4 },
      { productId: 11, qty: 1, fullSponsor: true },
    ];
    expect(priceCart(products, lines, none).totalSellPaise).toBe(954000 + 1500000);
    const off = priceCart(products, lines, w(0, 0, { ...DEFAULT_WAIVER_RULE, enabled: false }));
    expect(off.totalSellPaise).toBe(954000 + 1500000);
    expect(off.waiver).toBeNull();
  });

  it('a co-sponsorship does not count, nor an extra contribution', () => {
    const cart = priceCart(
      products,
      [
        { productId: 3, qty: 4 },
        { productId: 10, qty: 1, fullSponsor: false }, // ₹8,000 co-sponsorship
        { productId: 12, qty: 1, fullSponsor: false }, // ₹7,000 co-sponsorship
        { productId: 84, qty: 1, amountPaise: 2000000 },
      ],
      w(),
    );
    expect(cart.waiver).toBeNull();
    expect(line(cart, 3).sellPricePaise).toBe(954000);
  });

  it('₹14,999.99 is below the threshold; ₹15,000 reaches it', () => {
    expect(waiverTier(DEFAULT_WAIVER_RULE, 1499999)).toBeNull();
    expect(waiverTier(DEFAULT_WAIVER_RULE, 1500000)?.members).toBe(4);
    expect(waiverTier(DEFAULT_WAIVER_RULE, 3499999)?.members).toBe(4);
    expect(waiverTier(DEFAULT_WAIVER_RULE, 3500000)?.members).toBe(6);
  });

  it('₹35,000 waives up to 6: UTSAV x8 pays for 2 at the family rate', () => {
    const cart = priceCart(
      products,
      [
        { productId: 3, qty: 8 },
        { productId: 11, qty: 1, fullSponsor: true },
        { productId: 12, qty: 1, fullSponsor: true },
      ],
      w(),
    );
    // 8 x 2650 x 0.90 = 19,080; 6 of 8 waived leave 2 x 2385 = 4,770
    expect(line(cart, 3)).toMatchObject({ sellPricePaise: 477000, waivedUnits: 6, waiverCap: 6 });
    expect(cart.waiver).toMatchObject({ members: 6, waivedUnits: 6, waivedPaise: 1431000, sponsorshipPaise: 3500000 });
  });

  it('a sponsorship paid earlier this year counts; memberships already waived are taken off the cap', () => {
    const earlier = priceCart(products, [{ productId: 3, qty: 4 }], w(15000));
    expect(earlier.totalSellPaise).toBe(0);
    expect(earlier.waiver?.sponsorshipPaise).toBe(1500000);
    const twoLeft = priceCart(products, [{ productId: 1, qty: 3 }], w(15000, 2));
    expect(line(twoLeft, 1)).toMatchObject({ sellPricePaise: 150000, waivedUnits: 2 });
    expect(twoLeft.waiver).toMatchObject({ usedBefore: 2, waivedUnits: 2, waivedPaise: 300000 });
    const used = priceCart(products, [{ productId: 3, qty: 1 }], w(15000, 4));
    expect(used.waiver).toBeNull();
    expect(used.totalSellPaise).toBe(265000);
  });

  it('the dearest memberships are waived first, across plans', () => {
    const cart = priceCart(
      products,
      [
        { productId: 1, qty: 2 }, // AASHIRBAD ₹1,500
        { productId: 2, qty: 1 }, // HOI HULLOR ₹2,250
        { productId: 3, qty: 2 }, // UTSAV ₹2,650
      ],
      w(15000),
    );
    expect(line(cart, 3)).toMatchObject({ waivedUnits: 2, sellPricePaise: 0 });
    expect(line(cart, 2)).toMatchObject({ waivedUnits: 1, sellPricePaise: 0 });
    expect(line(cart, 1)).toMatchObject({ waivedUnits: 1, sellPricePaise: 150000 });
    expect(cart.totalSellPaise).toBe(150000);
  });

  it('admin tiers: the highest threshold reached wins, in any order', () => {
    const rule = {
      enabled: true,
      tiers: [
        { minSponsorshipPaise: 5000000, members: 8 },
        { minSponsorshipPaise: 1000000, members: 2 },
      ],
    };
    expect(waiverTier(rule, 1000000)?.members).toBe(2);
    expect(waiverTier(rule, 6000000)?.members).toBe(8);
    expect(waiverTier(rule, 999999)).toBeNull();
  });

  it('applyWaiver leaves its input alone and passes lines without memberships through', () => {
    const lines = [priceLine(SP15, { productId: 11, qty: 1, fullSponsor: true }, none)];
    const r = applyWaiver(lines, w().waiver);
    expect(r.waiver).toBeNull();
    expect(r.lines).toEqual(lines);
    expect(r.lines[0]).not.toBe(lines[0]);
  });
});

describe('rules stored per product (docs/decisions/240)', () => {
  const withRules = (p: PricingProduct, rules: PricingRules): PricingProduct => ({ ...p, rules });

  it("prices every product and quantity the same with its code's defaults written out as without rules", () => {
    const ctx: PricingContext = { utsavMemberships: 2, memberPricedUsed: {} };
    for (const p of [MUTV, MABD, DPDY1, DPKP, DPAD, ODD]) {
      const stored = parseRules(rulesJson(defaultRules(p)))!;
      for (let qty = 1; qty <= 50; qty++) {
        expect(priceLine(withRules(p, stored), { productId: p.id, qty }, ctx)).toEqual(
          priceLine(p, { productId: p.id, qty }, ctx),
        );
      }
    }
    expect(
      priceLine(withRules(DNP, defaultRules(DNP)), { productId: 84, qty: 1, amountPaise: 50_100 }, none).sellPricePaise,
    ).toBe(50_100);
  });

  it('takes the tier with the largest quantity reached, and rules an admin changed', () => {
    expect(
      tierBasisPoints(
        [
          { minQty: 4, basisPoints: 9000 },
          { minQty: 2, basisPoints: 9500 },
        ],
        3,
      ),
    ).toBe(9500);
    expect(
      tierBasisPoints(
        [
          { minQty: 4, basisPoints: 9000 },
          { minQty: 2, basisPoints: 9500 },
        ],
        7,
      ),
    ).toBe(9000);
    expect(tierBasisPoints([], 7)).toBe(10_000);
    // MABD with a 20% tier from 2; MUTV with no tiers at all
    const mabd = withRules(MABD, {
      qtyTiers: [{ minQty: 2, basisPoints: 8000 }],
      memberPrice: false,
      freeAmount: null,
    });
    expect(priceLine(mabd, { productId: 1, qty: 2 }, none).sellPricePaise).toBe(240_000);
    const flat = withRules(MUTV, { qtyTiers: [], memberPrice: false, freeAmount: null });
    expect(priceLine(flat, { productId: 3, qty: 4 }, none).sellPricePaise).toBe(1_060_000);
    // DPKP without its member price: members pay the price
    const dpkp = withRules(DPKP, { qtyTiers: [], memberPrice: false, freeAmount: null });
    expect(isMemberPriced(dpkp)).toBe(false);
    expect(
      priceLine(dpkp, { productId: 22, qty: 2 }, { utsavMemberships: 2, memberPricedUsed: {} }).sellPricePaise,
    ).toBe(120_000);
  });

  it('reads back only rules that have their shape', () => {
    expect(parseRules(null)).toBeNull();
    expect(parseRules('not json')).toBeNull();
    expect(parseRules('{"qtyTiers":3}')).toBeNull();
    expect(parseRules(rulesJson(defaultRules(MUTV)))).toEqual(defaultRules(MUTV));
  });
});
