// Billing details a sponsor's books want on a receipt (docs/decisions/261): a billing name, a PAN and a
// GSTIN, each optional and checked for shape. A GSTIN is 2 digits of state code, the holder's PAN, an entity
// number, a 'Z' by default and a check character: the mod-36 Luhn-style checksum of the first 14 (CBIC's rule).

const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** PAN: 5 letters (the 4th the holder's type), 4 digits, a letter. */
export const PAN_PATTERN = /^[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]$/;

/** GSTIN shape before its check character is checked: state 01-38 or 97/99, a PAN, entity 1-9/A-Z, Z, check. */
export const GSTIN_PATTERN = /^(0[1-9]|[12]\d|3[0-8]|97|99)[A-Z]{5}\d{4}[A-Z][1-9A-Z][A-Z][0-9A-Z]$/;

/** The upper-cased value without spaces, as people type it ("27aapfu 0939f1zv"). */
export const normalizeTaxId = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

/** The check character of the first 14 characters of a GSTIN (factors 1, 2, 1, 2, ... from the left). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = CHARSET.indexOf(first14[i] ?? '');
    if (value < 0) throw new Error(`not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET[(36 - (sum % 36)) % 36]!;
}

export function isValidPan(value: string): boolean {
  return PAN_PATTERN.test(normalizeTaxId(value));
}

export type GstinProblem = 'shape' | 'checkDigit';

/** null when the GSTIN is well formed and its check character right; otherwise what is wrong. */
export function gstinProblem(value: string): GstinProblem | null {
  const v = normalizeTaxId(value);
  if (v.length !== 15 || !GSTIN_PATTERN.test(v)) return 'shape';
  return gstinCheckChar(v.slice(0, 14)) === v[14] ? null : 'checkDigit';
}

export const isValidGstin = (value: string) => gstinProblem(value) === null;
