import { describe, expect, it } from 'vitest';
import { applyBasisPoints, formatINR, isRupeeAmount, paiseToRupees, rupeesToPaise } from './money';

describe('money', () => {
  it.each([
    [1500, 150000],
    [2650.5, 265050],
    [0.1 + 0.2, 30],
    [19.99, 1999],
  ])('rupeesToPaise(%s) = %s', (r, p) => expect(rupeesToPaise(r)).toBe(p));

  it('converts paise back to rupees with at most two decimals', () => {
    expect(paiseToRupees(265050)).toBe(2650.5);
    expect(paiseToRupees(1)).toBe(0.01);
  });

  it.each([
    [100_000, 236, 2360],
    [265_000, 9500, 251_750],
    [333, 5000, 167], // 166.5 rounds half up
    [1, 236, 0],
  ])('applyBasisPoints(%s, %s) = %s', (p, bp, out) => expect(applyBasisPoints(p, bp)).toBe(out));

  it('formats en-IN with the rupee sign and Indian grouping', () => {
    expect(formatINR(150000)).toBe('₹1,500.00');
    expect(formatINR(10_000_000_00)).toBe('₹1,00,00,000.00');
  });

  it('writes every amount exactly as Intl.NumberFormat en-IN does', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
    const values = [0, -0, 1, 5, 99, 100, 101, 999, 1000, 99_999, 100_000, 1_234_567, 12_345_678_901, -1, -150_000];
    values.push(0.5, 1.5, 150.5, -0.5, -0.4, 0.4, 100.49999999999999, 999_999_999_999_99, 1e15, Number.NaN);
    values.push(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
    let seed = 27;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 5000; i++) {
      const magnitude = 10 ** Math.floor(random() * 14);
      const v = Math.floor(random() * magnitude) * (random() < 0.2 ? -1 : 1);
      values.push(v, v + Math.floor(random() * 100) / 100, v + random(), v / 7);
    }
    for (const v of values) expect([v, formatINR(v)]).toEqual([v, intl.format(v / 100)]);
  });

  it('recognises amounts with at most two decimals', () => {
    expect(isRupeeAmount(12.34)).toBe(true);
    expect(isRupeeAmount(12.345)).toBe(false);
    expect(isRupeeAmount(Number.NaN)).toBe(false);
  });
});
