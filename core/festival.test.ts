import { describe, expect, it } from 'vitest';
import { festivalYear } from './festival';

describe('festivalYear', () => {
  it('runs April to March in India time', () => {
    expect(festivalYear(Date.UTC(2026, 10, 8))).toBe('2026-27');
    expect(festivalYear(Date.UTC(2027, 2, 31, 12))).toBe('2026-27');
    // 1 April 00:30 IST is still 31 March in UTC
    expect(festivalYear(Date.UTC(2027, 2, 31, 19, 0))).toBe('2027-28');
    expect(festivalYear(Date.UTC(2027, 2, 31, 18, 0))).toBe('2026-27');
    expect(festivalYear(Date.UTC(2099, 5, 1))).toBe('2099-00');
  });
});
