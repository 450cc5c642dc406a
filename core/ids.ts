// Contribution ids shown to people ("orderRcptId") are derived from the order's primary key.

const PREFIX = 'SMT';

export function formatRcptId(orderPkId: number): string {
  return `${PREFIX}${String(orderPkId).padStart(6, '0')}`;
}

/** Accepts "SMT000123" (any case) or a bare number; returns the primary key or null. */
export function parseRcptId(value: string | number): number | null {
  const text = String(value).trim().toUpperCase();
  const m = /^(?:SMT)?0*(\d{1,12})$/.exec(text);
  if (!m?.[1]) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
