// What a volunteer types into the venue's search box, read once (docs/decisions/152): a contribution id, a pass
// code, a mobile (whole or its last digits), an email (admins' copies only) or a name, which a crowded gate
// narrows with the mobile's digits or the contribution id ("ananya 4321", "ananya smt000042"). Pure and without
// dependencies: the phone's search worker and the server read a query the same way.
import { parseRcptId } from './ids';
import { normalizeMobile } from './mobile';

export const MIN_QUERY = 3;

export type VenueQuery = {
  /** the whole text, trimmed and lower-cased */
  text: string;
  /** the text as an email (it has an @) */
  email: string | null;
  /** the text as a mobile, normalised, when it is nothing but digits, spaces, + and - (4 digits or more) */
  mobile: string | null;
  /** the text as a contribution id (SMT000042) */
  rcptId: number | null;
  /** the text as a pass code (as a QR gives it) */
  passCode: string | null;
  /** name words: each must begin a word of the name */
  names: string[];
  /** with names: digits each of which the mobile must contain */
  digits: string[];
  /** with names: a contribution id the pass must have */
  ids: number[];
};

const RCPT = /^smt\d+$/;
/** Letters (any script, with their marks) and digits: what a name's words are made of. */
export const WORD_SPLIT = /[^\p{L}\p{M}\p{N}]+/u;

export function nameWords(name: string): string[] {
  return name.toLowerCase().split(WORD_SPLIT).filter(Boolean);
}

/** null when the text is too short to search (fewer than MIN_QUERY characters). */
export function parseVenueQuery(raw: string): VenueQuery | null {
  const text = raw.trim().toLowerCase();
  if (text.length < MIN_QUERY) return null;
  const phoneLike = /^[\d\s+-]+$/.test(text);
  const digitsOnly = phoneLike ? normalizeMobile(text) : '';
  const email = text.includes('@') ? text : null;
  const tokens = text.split(/\s+/).filter(Boolean);
  const words = email || phoneLike ? [] : tokens;
  return {
    text,
    email,
    mobile: digitsOnly.length >= 4 ? digitsOnly : null,
    rcptId: RCPT.test(text) ? parseRcptId(text) : null,
    passCode: /^[a-z0-9_-]{6,64}$/.test(text) ? text : null,
    names: words.filter((w) => !/^\d+$/.test(w) && !RCPT.test(w)).flatMap(nameWords),
    digits: words.filter((w) => /^\d{3,}$/.test(w)),
    ids: words.flatMap((w) => (RCPT.test(w) ? [parseRcptId(w) ?? 0] : [])),
  };
}
