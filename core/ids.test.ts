import { describe, expect, it } from 'vitest';
import { formatRcptId, parseRcptId } from './ids';

describe('contribution ids', () => {
  it('round-trips', () => {
    expect(formatRcptId(123)).toBe('SMT000123');
    expect(parseRcptId('SMT000123')).toBe(123);
    expect(parseRcptId('smt123')).toBe(123);
    expect(parseRcptId(123)).toBe(123);
  });
  it('rejects what is not an id', () => {
    for (const bad of ['', 'SMT', 'ABC123', '-1', '0', '1.5', 'SMT00012a']) expect(parseRcptId(bad)).toBeNull();
  });
});
