import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { type SQL, sql } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { Db } from './db';
import type { Svc } from './svc';

type Buildable = { toSQL(): { sql: string; params: unknown[] } };
export type RawStatement = { raw: string; params: unknown[] };

/** A D1 statement with ? placeholders, bound: for the services that write SQL themselves (renewals, channels). */
export const prep = (s: Pick<Svc, 'env'>, q: string, ...params: unknown[]): D1PreparedStatement =>
  s.env.DB.prepare(q).bind(...params);

/**
 * The same `?` statement as drizzle SQL, for the session batch of a read call (docs/decisions/111): a parameter
 * may itself be SQL (`me.userId`, `me.limit()`).
 */
export function sqlOf(q: string, ...params: unknown[]): SQL {
  const parts = q.split('?');
  if (parts.length !== params.length + 1) throw new Error(`${parts.length - 1} placeholders, ${params.length} values`);
  return sql.join(
    parts.flatMap((part, i) => (i < params.length ? [sql.raw(part), sql`${params[i]}`] : [sql.raw(part)])),
  );
}

/** A raw statement with ? placeholders, for what drizzle cannot batch (INSERT ... SELECT ... WHERE guard). */
export const raw = (text: string, ...params: unknown[]): RawStatement => ({ raw: text, params });

/** A raw statement as an item of drizzle's typed batch (batchOf), beside drizzle's own statements. */
export const asDrizzle = (db: Db, stmt: RawStatement) => db.run(sqlOf(stmt.raw, ...stmt.params));

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

/**
 * The rows the i-th statement of a d1Batch changed, as D1 counts them (with the rows its triggers changed): a
 * conditional update's count decides a transition, 0 when its WHERE refused.
 */
export const changesOf = (results: readonly { meta: { changes?: number } }[], i = 0) => results[i]?.meta.changes ?? 0;

type Prepared = {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, fromBatch: boolean): unknown;
};

/**
 * drizzle's `db.batch()` (one D1 round trip, typed answers), also for `db.all(sql`...`)` / `db.get(...)` with
 * bound values, which drizzle 0.45 cannot bind in a batch. Every statement is prepared on the drizzle instance's
 * own binding. Columns of one statement need distinct names (a batch answers objects): alias joined ids.
 */
export async function batchOf<T extends readonly [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]>(
  db: Db,
  items: T,
): Promise<BatchResponse<T>> {
  const prepared = items.map((item) => (item as unknown as { _prepare(): Prepared })._prepare());
  const client = db.$client as unknown as D1Database;
  const results = await client.batch(
    prepared.map((p) => {
      const q = p.getQuery();
      return client.prepare(q.sql).bind(...q.params);
    }),
  );
  return results.map((r, i) => prepared[i]!.mapResult(r, true)) as BatchResponse<T>;
}
