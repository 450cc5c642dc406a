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

  it('recognises amounts with at most two decimals', () => {
    expect(isRupeeAmount(12.34)).toBe(true);
    expect(isRupeeAmount(12.345)).toBe(false);
    expect(isRupeeAmount(Number.NaN)).toBe(false);
  });
});
