import { describe, expect, it } from 'vitest';
import type { ProductView } from '../../../core/contracts/catalogue';
import type { PricingContext } from '../../../core/pricing';
import { cartAfterLoad, type LocalCart, lineOf, linePaise, pick, selectionPaise, totalPaise } from './local-cart';

const product = (id: number, code: string, price: number, coPrice = price): ProductView => ({
  id,
  name: code,
  code,
  price,
  coPrice,
  available: true,
  coSponsored: false,
  fullSponsorOnly: false,
  desc: '',
  sponsoredBy: null,
});
const none: PricingContext = { utsavMemberships: 0, memberPricedUsed: {} };
const member: PricingContext = { utsavMemberships: 1, memberPricedUsed: {} };

describe('the local cart (SPEC.md section 3)', () => {
  const utsav = product(1, 'MUTV', 1000);
  const pass = product(2, 'DPKP', 300, 200);

  it('prices a line by the server rules: quantity tiers, the member price, nothing for none', () => {
    expect(linePaise(utsav, 'MEMBERSHIP', 2, none)).toBe(2000_00);
    expect(linePaise(utsav, 'MEMBERSHIP', 3, none)).toBe(2850_00); // 5% off from 3
    expect(linePaise(utsav, 'MEMBERSHIP', 4, none)).toBe(3600_00); // 10% off from 4
    expect(linePaise(pass, 'DAILY_PASS', 1, none)).toBe(300_00);
    expect(linePaise(pass, 'DAILY_PASS', 1, member)).toBe(200_00);
    expect(linePaise(utsav, 'MEMBERSHIP', 0, none)).toBe(0);
  });

  it('keeps a line as the stored map has it: the line total in rupees, the code, fullSponsor only when given', () => {
    expect(lineOf(utsav, 'MEMBERSHIP', 3, none)).toEqual({ qty: 3, price: 2850, code: 'MUTV' });
    expect(lineOf(product(5, 'SPX', 5000, 1000), 'SPONSORSHIP', 1, none, false)).toEqual({
      qty: 1,
      price: 1000,
      code: 'SPX',
      fullSponsor: false,
    });
  });

  const cart: LocalCart = {
    '1': { qty: 3, price: 2850, code: 'MUTV' },
    '2': { qty: 0, price: 0, code: 'DPKP' },
    '9': { qty: 1, price: 123.5, code: 'OTHER' },
  };

  it('sums and picks only the listed products (the other screens share the map)', () => {
    expect(totalPaise(cart, new Set([1, 2]))).toBe(2850_00);
    expect(totalPaise(cart, new Set([9]))).toBe(123_50);
    expect(pick(cart, new Set([1, 2]))).toEqual({ '1': { qty: 3, price: 2850, code: 'MUTV' } });
  });

  it('re-prices a selection from the current catalogue, not from the stored prices', () => {
    const stale: LocalCart = { '1': { qty: 4, price: 1, code: 'MUTV' }, '2': { qty: 2, price: 1, code: 'DPKP' } };
    expect(selectionPaise([utsav], 'MEMBERSHIP', stale, none)).toBe(3600_00);
    // one UTSAV membership: one unit at the member price, the other at the full price
    expect(selectionPaise([pass], 'DAILY_PASS', stale, member)).toBe(500_00);
  });

  it('counts a sponsorship as full unless the line says co-sponsor', () => {
    const sp = product(5, 'SPX', 5000, 1000);
    expect(selectionPaise([sp], 'SPONSORSHIP', { '5': { qty: 1, price: 0, code: 'SPX' } }, none)).toBe(5000_00);
    expect(
      selectionPaise([sp], 'SPONSORSHIP', { '5': { qty: 1, price: 0, code: 'SPX', fullSponsor: false } }, none),
    ).toBe(1000_00);
  });

  it('keeps the taps made while the stored cart was being read, on top of it and in their order', () => {
    const stored: LocalCart = { 7: { qty: 1, price: 500, code: 'DPDN' } };
    const addAdda = (c: LocalCart): LocalCart => ({ ...c, 9: { qty: (c[9]?.qty ?? 0) + 1, price: 250, code: 'DPAD' } });
    const dropDinner = (c: LocalCart): LocalCart => pick(c, new Set([9]));
    expect(cartAfterLoad(stored, [addAdda, addAdda])).toEqual({
      7: { qty: 1, price: 500, code: 'DPDN' },
      9: { qty: 2, price: 250, code: 'DPAD' },
    });
    expect(cartAfterLoad(stored, [addAdda, dropDinner])).toEqual({ 9: { qty: 1, price: 250, code: 'DPAD' } });
    // nothing stored, or something that is not a cart: the taps alone
    expect(cartAfterLoad(undefined, [addAdda])).toEqual({ 9: { qty: 1, price: 250, code: 'DPAD' } });
    expect(cartAfterLoad('junk', [])).toEqual({});
    expect(cartAfterLoad(stored, [])).toBe(stored);
  });
});
