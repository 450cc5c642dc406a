import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { Svc } from './svc';

type Buildable = { toSQL(): { sql: string; params: unknown[] } };
export type RawStatement = { raw: string; params: unknown[] };

/** A raw statement with ? placeholders, for what drizzle cannot batch (INSERT ... SELECT ... WHERE guard). */
export const raw = (text: string, ...params: unknown[]): RawStatement => ({ raw: text, params });

/**
 * One D1 batch (a single transaction) of drizzle builders and raw statements. drizzle's own batch()
 * cannot take db.run(sql`...`) here, and guarded INSERT ... SELECT statements need raw SQL.
 */
export async function d1Batch(s: Pick<Svc, 'env'>, items: (Buildable | RawStatement)[]) {
  const stmts: D1PreparedStatement[] = items.map((item) => {
    if ('raw' in item) return s.env.DB.prepare(item.raw).bind(...item.params);
    const q = item.toSQL();
    return s.env.DB.prepare(q.sql).bind(...q.params);
  });
  return s.env.DB.batch(stmts);
}

/**
 * The name of the database guard that refused a write: a trigger's RAISE(ABORT, 'guard:<name>')
 * (migrations/0070), which rolls the whole batch back. null for any other error.
 */
export function guardFailure(err: unknown): string | null {
  // drizzle wraps the driver's error: the guard's name is in its cause
  const m = /guard:([a-z_]+)/.exec(`${String(err)} ${String((err as { cause?: unknown })?.cause ?? '')}`);
  return m ? m[1]! : null;
}

/** True when a unique index refused the write; `what` narrows it to a column or index name. */
export const isUniqueViolation = (err: unknown, what = '') => {
  const text = `${String(err)} ${String((err as { cause?: unknown })?.cause ?? '')}`;
  return text.includes('UNIQUE') && text.includes(what);
};
