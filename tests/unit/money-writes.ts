// Finds every write to the money tables (orders, payments, refunds) in a TypeScript source, for
// transitions-only.test.ts (docs/decisions/181). It reads the source through the TypeScript compiler's own
// scanner, so comments are skipped and strings are whole, and matches by call name, not by what the call
// writes: a drizzle builder `.update(orders)`, `.insert(payments)`, `.delete(refunds)` is a write however its
// object is spelled (`{ status }`, `.set(patch)`, an upsert's onConflictDoUpdate); every string and template
// (its substitutions of a table read as the table's name, adjacent literals joined by `+` read as one) is a
// write if it holds UPDATE [OR x] t, INSERT [OR x] INTO t, REPLACE INTO t or DELETE FROM t.
// The token stream is the compiler's own scanner's (source-tokens.ts): a call `. name ( table` is enough.
import { tokens } from './source-tokens';

export const MONEY_TABLES = ['orders', 'payments', 'refunds'] as const;
const BUILDER_CALLS = new Set(['update', 'insert', 'delete']);
const SQL_WRITE =
  /\b(UPDATE(?:\s+OR\s+\w+)?|INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|DELETE\s+FROM)\s+(?:main\.)?[`"[]?(orders|payments|refunds)\b/gi;

export type MoneyWrite = { line: number; what: string };

/** Every write to orders, payments or refunds in `text`, in source order. */
export function moneyWrites(text: string): MoneyWrite[] {
  const ts = tokens(text);
  const lineOf = (pos: number) => text.slice(0, pos).split('\n').length;
  // a table under another name: `import { orders as o }`, `const t = payments`
  const names = new Map<string, string>(MONEY_TABLES.map((t) => [t, t]));
  for (let i = 0; i + 2 < ts.length; i++) {
    const [a, op, b] = [ts[i], ts[i + 1], ts[i + 2]];
    if (!a || !op || !b) continue;
    if (a.kind === 'id' && op.text === 'as' && b.kind === 'id' && names.has(a.text))
      names.set(b.text, names.get(a.text) ?? '');
    if (a.kind === 'id' && op.text === '=' && b.kind === 'id' && names.has(b.text)) {
      const end = ts[i + 3];
      if (!end || end.text === ';' || end.text === ',' || end.text === ')') names.set(a.text, names.get(b.text) ?? '');
    }
  }
  const found: MoneyWrite[] = [];
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i];
    if (!t) continue;
    if (t.kind === 'str') {
      for (const m of t.text.matchAll(SQL_WRITE)) {
        const verb = (m[1] ?? '').toUpperCase().replace(/\s+/g, ' ');
        found.push({ line: lineOf(t.pos), what: `SQL ${verb} ${(m[2] ?? '').toLowerCase()}` });
      }
      continue;
    }
    // . update ( [schema.]orders   or   [ 'update' ] ( orders
    let call: string | undefined;
    let at = i;
    if ((t.text === '.' || t.text === '?.') && ts[i + 1]?.kind === 'id') {
      call = ts[i + 1]?.text;
      at = i + 2;
    } else if (t.text === '[' && ts[i + 1]?.kind === 'str' && ts[i + 2]?.text === ']') {
      call = ts[i + 1]?.text;
      at = i + 3;
    }
    if (!call || !BUILDER_CALLS.has(call) || ts[at]?.text !== '(') continue;
    let j = at + 1;
    let last = ts[j];
    while (ts[j + 1]?.text === '.' && ts[j + 2]?.kind === 'id') {
      j += 2;
      last = ts[j];
    }
    const table = last?.kind === 'id' ? names.get(last.text) : undefined;
    if (table) found.push({ line: lineOf(t.pos), what: `${call}(${table})` });
  }
  return found;
}
