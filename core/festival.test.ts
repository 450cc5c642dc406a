import { describe, expect, it } from 'vitest';
import { festivalYear, previousFestivalYear } from './festival';

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

describe('the year boundary, to the minute', () => {
  it('31 March 23:59 India time is the old year, 1 April 00:00 the new one', () => {
    expect(festivalYear(Date.UTC(2027, 2, 31, 18, 29, 59, 999))).toBe('2026-27'); // 23:59:59.999 IST
    expect(festivalYear(Date.UTC(2027, 2, 31, 18, 30))).toBe('2027-28'); // 00:00 IST
  });

  it('names the year before', () => {
    expect(previousFestivalYear('2027-28')).toBe('2026-27');
    expect(previousFestivalYear('2000-01')).toBe('1999-00');
    expect(previousFestivalYear(festivalYear(Date.UTC(2027, 2, 31, 18, 30)))).toBe(
      festivalYear(Date.UTC(2027, 2, 31, 18, 29)),
    );
  });
});
