// Local-only measurement for `npm run bench`: how many rows D1 reads to answer one request.
// A request that carries `X-Bench-Rows: 1` in local mode gets its env.DB wrapped for the length of the request;
// the wrapper sums `meta.rows_read` of every statement and the answer carries it in `X-Bench-Rows-Read`
// (plus `X-Bench-Statements`). In production, or without the header, the middleware only calls next().
import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { getConfig } from './config';

export const BENCH_ROWS_HEADER = 'X-Bench-Rows';
export const BENCH_ROWS_READ_HEADER = 'X-Bench-Rows-Read';
export const BENCH_STATEMENTS_HEADER = 'X-Bench-Statements';

export type RowsMeter = { rowsRead: number; statements: number };

type Meta = { rows_read?: number } | undefined;

const isPureRead = (sql: string) =>
  /^\s*select\b/i.test(sql) || (/^\s*with\b/i.test(sql) && !/\b(insert|update|delete|replace)\b/i.test(sql));

/** A prepared statement that reports the rows each execution read to its meter. */
class CountingStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly meter: RowsMeter,
    private readonly sql: string,
  ) {}

  private count(meta: Meta) {
    this.meter.statements++;
    this.meter.rowsRead += meta?.rows_read ?? 0;
  }

  bind(...values: unknown[]) {
    return new CountingStatement(this.inner.bind(...values), this.meter, this.sql);
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const r = await this.inner.all<T>();
    this.count(r.meta);
    return r;
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const r = await this.inner.run<T>();
    this.count(r.meta);
    return r;
  }

  async first<T = unknown>(column?: string): Promise<T | null> {
    const r = await this.inner.all<Record<string, unknown>>();
    this.count(r.meta);
    const row = r.results[0];
    if (!row) return null;
    return (column === undefined ? row : (row[column] ?? null)) as T;
  }

  /**
   * raw() answers arrays without meta. A pure read is executed a second time through all() to learn its
   * rows_read (rows stay positional, so joined columns of the same name survive); anything else is executed
   * once through all() and turned back into arrays (RETURNING of one table has distinct column names).
   */
  async raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[]> {
    if (isPureRead(this.sql) || options?.columnNames) {
      const [rows, r] = await Promise.all([this.inner.raw<T>(options as never), this.inner.all()]);
      this.count(r.meta);
      return rows as T[];
    }
    const r = await this.inner.all<Record<string, unknown>>();
    this.count(r.meta);
    return r.results.map((row) => Object.keys(row).map((k) => row[k])) as T[];
  }
}

/** Wraps a D1 binding so that every statement run through it adds its rows_read to `meter`. */
export function countingD1(db: D1Database, meter: RowsMeter): D1Database {
  const wrapper = {
    prepare: (sql: string) => new CountingStatement(db.prepare(sql), meter, sql),
    async batch(statements: (CountingStatement | D1PreparedStatement)[]) {
      const results = await db.batch(statements.map((s) => (s instanceof CountingStatement ? s.inner : s)));
      for (const r of results) {
        meter.statements++;
        meter.rowsRead += r.meta?.rows_read ?? 0;
      }
      return results;
    },
    exec: (sql: string) => db.exec(sql),
    dump: () => db.dump(),
    withSession: (...args: unknown[]) =>
      (db as unknown as { withSession(...a: unknown[]): unknown }).withSession(...args),
  };
  return wrapper as unknown as D1Database;
}

/** Mounted on /api/*, after local seeding. Does nothing unless local mode and `X-Bench-Rows: 1`. */
export const benchRows: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header(BENCH_ROWS_HEADER) !== '1' || !getConfig(c.env).isLocal) return next();
  const meter: RowsMeter = { rowsRead: 0, statements: 0 };
  c.env = { ...c.env, DB: countingD1(c.env.DB, meter) };
  await next();
  c.res.headers.set(BENCH_ROWS_READ_HEADER, String(meter.rowsRead));
  c.res.headers.set(BENCH_STATEMENTS_HEADER, String(meter.statements));
};
