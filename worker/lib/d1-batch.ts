// The one writer (docs/decisions/268): every statement the Worker sends to D1 outside a read builder awaited on its
// own goes through runBatch(), in one D1 batch (one round trip, one transaction), so that a change, its guards and
// its audit row are written the same way everywhere. tests/unit/one-writer.test.ts names any other D1 batch,
// prepare or exec and any drizzle write awaited on its own.
import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import { type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './db';

/**
 * A statement with ? placeholders, for what drizzle cannot say (INSERT ... SELECT ... WHERE guard). `Row` types its
 * rows in the batch's answer; `row` is never set, it only carries that type.
 */
export type RawStatement<Row = Record<string, unknown>> = { raw: string; params: unknown[]; row?: Row };

/** A raw statement with ? placeholders; answered in runBatch() as D1 answers it (`results`, `meta.changes`). */
export const raw = <Row = Record<string, unknown>>(text: string, ...params: unknown[]): RawStatement<Row> => ({
  raw: text,
  params,
});

/**
 * The same `?` statement as drizzle SQL, for a typed read `db.all<Row>(sqlOf(...))` in a batch (a session batch of
 * a read call, docs/decisions/111): a parameter may itself be SQL (`me.userId`, `me.limit()`).
 */
export function sqlOf(q: string, ...params: unknown[]): SQL {
  const parts = q.split('?');
  if (parts.length !== params.length + 1) throw new Error(`${parts.length - 1} placeholders, ${params.length} values`);
  return sql.join(
    parts.flatMap((part, i) => (i < params.length ? [sql.raw(part), sql`${params[i]}`] : [sql.raw(part)])),
  );
}

/** What a batch takes: drizzle builders and queries (`db.select()`, `db.update()`, `db.all(sql)`) and raw statements. */
// biome-ignore lint/suspicious/noExplicitAny: any row type
export type Statement = BatchItem<'sqlite'> | RawStatement<any>;

type ResultOf<I> =
  I extends RawStatement<infer Row> ? D1Result<Row> : I extends BatchItem<'sqlite'> ? I['_']['result'] : never;

/** A batch's answers, one per statement: drizzle's typed answer for a builder, D1's result for a raw statement. */
export type BatchResults<T extends readonly Statement[]> = { -readonly [K in keyof T]: ResultOf<T[K]> };

type Prepared = {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, fromBatch: boolean): unknown;
};

const isRaw = (item: Statement): item is RawStatement =>
  typeof (item as RawStatement).raw === 'string' && Array.isArray((item as RawStatement).params);

/**
 * One D1 batch (one round trip, a single transaction) of drizzle builders and raw statements, in order, prepared on
 * the drizzle instance's own binding (the request's D1 session, or a binding wrapped by the session check or the
 * bench). A builder is answered as drizzle answers it (rows for a select or a RETURNING, D1's result with
 * `meta.changes` for a write without one); a raw statement with D1's result. drizzle's own batch() cannot bind
 * `db.all(sql`...`)` with values (0.45), hence `_prepare()` here. Columns of one statement need distinct names (a
 * batch answers objects): alias joined ids. A guard trigger that refuses rolls the whole batch back (guardFailure).
 */
export async function runBatch<const T extends readonly Statement[]>(db: Db, items: T): Promise<BatchResults<T>> {
  if (items.length === 0) return [] as unknown as BatchResults<T>;
  const client = db.$client as unknown as D1Database;
  const prepared = items.map((item) => (isRaw(item) ? null : (item as unknown as { _prepare(): Prepared })._prepare()));
  const statements: D1PreparedStatement[] = items.map((item, i) => {
    const q = isRaw(item) ? { sql: item.raw, params: item.params } : prepared[i]!.getQuery();
    return client.prepare(q.sql).bind(...q.params);
  });
  const results = await client.batch(statements);
  return results.map((r, i) => {
    const p = prepared[i];
    return p ? p.mapResult(r, true) : r;
  }) as unknown as BatchResults<T>;
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
 * The rows the i-th statement of a batch changed, as D1 counts them (with the rows its triggers changed): a
 * conditional update's count decides a transition, 0 when its WHERE refused.
 */
export function changesOf(results: readonly unknown[], i = 0): number {
  const r = results[i] as { meta?: { changes?: number } } | undefined;
  // a select or a RETURNING answers rows, which carry no count: asking for one is a mistake, not a 0
  if (!r?.meta) throw new Error(`statement ${i} of the batch answered no change count`);
  return r.meta.changes ?? 0;
}
