// Bank statement matching (docs/decisions/083, 140). Pure: parses a statement export (CSV as Indian banks give
// it: a few lines about the account, then a header row, then one row per transaction), finds its columns, reads
// its credits and matches them to transfers waiting for approval by whole payment references.
import { isPaymentReference, normalizeReference, referenceTokens, tokenIsReference } from './references';

export const STATEMENT_ROLES = ['date', 'narration', 'reference', 'credit'] as const;
export type StatementRole = (typeof STATEMENT_ROLES)[number];
/** Which header names the columns of each role; remembered per association once an admin maps them. */
export type StatementMapping = Partial<Record<StatementRole, string>>;

/** RFC 4180 CSV: quoted fields with "" escapes and line breaks inside quotes; ',' ';' or tab as separator. */
export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const sep = [',', ';', '\t'].reduce(
    (best, c) => (count(src.slice(0, 4000), c) > count(src.slice(0, 4000), best) ? c : best),
    ',',
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === sep) {
      row.push(field.trim());
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field.trim());
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field.trim());
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c !== ''));
}

function count(text: string, ch: string) {
  let n = 0;
  for (const c of text) if (c === ch) n++;
  return n;
}

const GUESS: Record<StatementRole, RegExp> = {
  date: /^(txn |transaction |value )?date$|^date$|tran date|txn date|transaction date|value date/i,
  narration: /narration|description|particulars|remarks|details/i,
  reference: /utr|ref|chq|cheque|reference/i,
  credit: /^(credit|deposit)s?( amount)?( \(?inr\)?)?$|credit|deposit|^cr$/i,
};

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ').replace(/[.:]/g, '');

/** The index of each role's column in a header row: the remembered mapping first, then common bank names. */
export function columnsOf(
  header: readonly string[],
  mapping: StatementMapping = {},
): Partial<Record<StatementRole, number>> {
  const out: Partial<Record<StatementRole, number>> = {};
  const names = header.map(norm);
  for (const role of STATEMENT_ROLES) {
    const wanted = mapping[role];
    const byMap = wanted ? names.indexOf(norm(wanted)) : -1;
    if (byMap >= 0) {
      out[role] = byMap;
      continue;
    }
    const taken = new Set(Object.values(out));
    const guess = names.findIndex(
      (n, i) => !taken.has(i) && GUESS[role].test(n) && !(role === 'reference' && /date/.test(n)),
    );
    if (guess >= 0) out[role] = guess;
  }
  return out;
}

export type StatementHeader = { index: number; header: string[]; columns: Record<StatementRole, number> };

/** The header row: the first of the first 40 rows where a date, a credit and a reference or narration are found. */
export function findHeader(rows: readonly string[][], mapping: StatementMapping = {}): StatementHeader | null {
  for (let i = 0; i < Math.min(rows.length, 40); i++) {
    const cols = columnsOf(rows[i]!, mapping);
    if (
      cols.date !== undefined &&
      cols.credit !== undefined &&
      (cols.reference !== undefined || cols.narration !== undefined)
    ) {
      return {
        index: i,
        header: rows[i]!,
        columns: {
          date: cols.date,
          credit: cols.credit,
          narration: cols.narration ?? cols.reference!,
          reference: cols.reference ?? cols.narration!,
        },
      };
    }
  }
  return null;
}

/** "1,50,000.00", "₹ 1500", "1500.5 CR" -> paise; empty, zero, debit or unreadable -> null. */
export function amountToPaise(text: string): number | null {
  const t = text.replace(/[₹,\s]|INR|Rs\.?/gi, '').replace(/CR$/i, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const paise = Math.round(Number(t) * 100);
  return paise > 0 ? paise : null;
}

export type Credit = { row: number; date: string; narration: string; reference: string; amountPaise: number };

export function creditsOf(rows: readonly string[][], h: StatementHeader): Credit[] {
  const out: Credit[] = [];
  for (let i = h.index + 1; i < rows.length; i++) {
    const r = rows[i]!;
    const amountPaise = amountToPaise(r[h.columns.credit] ?? '');
    if (amountPaise === null) continue;
    out.push({
      row: i + 1,
      date: (r[h.columns.date] ?? '').slice(0, 40),
      narration: (r[h.columns.narration] ?? '').slice(0, 300),
      reference: (r[h.columns.reference] ?? '').slice(0, 100),
      amountPaise,
    });
  }
  return out;
}

/** Letters and digits only, upper case: how a credit's texts are keyed. */
export const squash = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** What identifies a credit across imports: the same row of the same statement, imported twice, is one credit. */
export const creditKey = (c: Pick<Credit, 'date' | 'narration' | 'reference' | 'amountPaise'>) =>
  `${squash(c.date)}|${squash(c.reference)}|${c.amountPaise}|${squash(c.narration).slice(0, 120)}`;

export type Waiting = { orderId: number; transactionId: string; totalPaise: number };
export type Match =
  | { kind: 'matched'; orderId: number }
  | { kind: 'mismatch'; orderId: number; expectedPaise: number }
  /** needs a person: two or more waiting transfers fit this credit, or this transfer fits two or more credits */
  | { kind: 'ambiguous'; orderIds: number[] }
  | { kind: 'unmatched' };

/**
 * The waiting transfers by their shared id, for fitsOf(). An id that is not a payment reference (shared before
 * the forms refused them: `4857`, `UTR-77`) identifies nothing and is left out: its transfer needs a person.
 */
export function waitingIndex(waiting: readonly Waiting[]): Map<string, Waiting[]> {
  const byId = new Map<string, Waiting[]>();
  for (const w of waiting) {
    const id = normalizeReference(w.transactionId);
    if (!isPaymentReference(id)) continue;
    byId.set(id, [...(byId.get(id) ?? []), w]);
  }
  return byId;
}

/**
 * The waiting transfers whose shared id is a whole reference token of the credit (its reference column or its
 * narration), never a fragment or a prefix of a longer one.
 */
export function fitsOf(c: Pick<Credit, 'reference' | 'narration'>, index: Map<string, Waiting[]>): Waiting[] {
  const found = new Map<number, Waiting>();
  for (const token of [...referenceTokens(c.reference), ...referenceTokens(c.narration)]) {
    const padded = /^0+\d{12}$/.test(token) ? token.slice(-12) : null;
    for (const key of padded ? [token, padded] : [token]) {
      for (const w of index.get(key) ?? []) {
        if (tokenIsReference(token, key)) found.set(w.orderId, w);
      }
    }
  }
  return [...found.values()];
}

/**
 * Matches a statement's credits to transfers waiting for approval. A credit fits a transfer when the payer's
 * shared id is a whole reference token of it; one credit fitting one transfer, which no other credit fits, is
 * matched when the amounts are equal and an amount mismatch otherwise (shown, never approved). Two transfers
 * fitting one credit, or one transfer fitting two credits, needs a person: never matched.
 */
export function matchCredits(credits: readonly Credit[], waiting: readonly Waiting[]): Match[] {
  const index = waitingIndex(waiting);
  const fits = credits.map((c) => fitsOf(c, index));
  const creditsPerOrder = new Map<number, number>();
  for (const f of fits) for (const w of f) creditsPerOrder.set(w.orderId, (creditsPerOrder.get(w.orderId) ?? 0) + 1);
  return credits.map((c, i): Match => {
    const f = fits[i]!;
    if (f.length === 0) return { kind: 'unmatched' };
    if (f.length > 1 || creditsPerOrder.get(f[0]!.orderId)! > 1) {
      return { kind: 'ambiguous', orderIds: f.map((w) => w.orderId).sort((a, b) => a - b) };
    }
    const w = f[0]!;
    return w.totalPaise === c.amountPaise
      ? { kind: 'matched', orderId: w.orderId }
      : { kind: 'mismatch', orderId: w.orderId, expectedPaise: w.totalPaise };
  });
}

/** One credit on its own (matchCredits for a list of one). */
export const matchCredit = (c: Credit, waiting: readonly Waiting[]): Match => matchCredits([c], waiting)[0]!;
