import { describe, expect, it } from 'vitest';
import { gstinCheckChar, gstinProblem, isValidGstin, isValidPan, normalizeTaxId } from './billing';

describe('GSTIN check character (mod 36)', () => {
  // published GSTINs (CBIC's examples and registered firms)
  it.each(['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '33AAACH7409R1Z8', '24AAACC1206D1ZM'])('accepts %s', (g) => {
    expect(gstinCheckChar(g.slice(0, 14))).toBe(g[14]);
    expect(isValidGstin(g)).toBe(true);
  });
  it('refuses a changed check character or a changed character before it', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('checkDigit');
    expect(gstinProblem('27AAPFU0939F2ZV')).toBe('checkDigit');
    expect(gstinProblem('72AAPFU0939F1ZV')).toBe('shape'); // no state 72
  });
  it('checks the shape first', () => {
    for (const bad of [
      '',
      '27AAPFU0939F1Z',
      '27AAPFU0939F1ZVV',
      '2AAAPFU0939F1ZV',
      '27AAPF00939F1ZV',
      '27AAPFU0939F0ZV',
    ])
      expect(gstinProblem(bad)).toBe('shape');
  });
  it('reads what people type: lower case, spaces', () => {
    expect(normalizeTaxId(' 27aapfu 0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(isValidGstin('27aapfu0939f1zv')).toBe(true);
  });
});

describe('PAN', () => {
  it('accepts five letters (the fourth a holder type), four digits, a letter', () => {
    expect(isValidPan('AAPFU0939F')).toBe(true);
    expect(isValidPan('abcpd1234e')).toBe(true);
  });
  it('refuses other shapes and holder types', () => {
    for (const bad of ['AAPFU0939', 'AAPFU09391', 'A1PFU0939F', 'AAPXU0939F', 'AAPFU0939FF'])
      expect(isValidPan(bad)).toBe(false);
  });
});
