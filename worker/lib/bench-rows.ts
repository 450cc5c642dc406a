// Local-only measurement for `npm run bench`: how many rows D1 reads to answer one request.
// A request that carries `X-Bench-Rows: 1` in local mode gets its env.DB wrapped for the length of the request;
// the wrapper sums `meta.rows_read` of every statement and the answer carries it in `X-Bench-Rows-Read`
// (plus `X-Bench-Statements`), and counts the request's sequential D1 round trips in `X-Bench-Round-Trips`
// (docs/decisions/111). In production, or without the header, the middleware only calls next().
import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { getConfig } from './config';

export const BENCH_ROWS_HEADER = 'X-Bench-Rows';
export const BENCH_ROWS_READ_HEADER = 'X-Bench-Rows-Read';
export const BENCH_STATEMENTS_HEADER = 'X-Bench-Statements';
export const BENCH_ROUND_TRIPS_HEADER = 'X-Bench-Round-Trips';

/**
 * rowsRead and statements are sums. roundTrips is the length of the longest chain of D1 calls (a statement or a
 * batch) each of which started after the previous one had answered: the calls a request waits for one after
 * another. Calls started together (Promise.all) share a step; a batch is one call. `settled` is the deepest step
 * that has answered so far: a call started now may depend on it, so it is one step deeper.
 */
export type RowsMeter = { rowsRead: number; statements: number; roundTrips?: number; settled?: number };

/** Times one D1 call on the meter's chain of round trips. */
async function step<T>(meter: RowsMeter, call: () => Promise<T>): Promise<T> {
  const depth = (meter.settled ?? 0) + 1;
  meter.roundTrips = Math.max(meter.roundTrips ?? 0, depth);
  try {
    return await call();
  } finally {
    meter.settled = Math.max(meter.settled ?? 0, depth);
  }
}

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
    const r = await step(this.meter, () => this.inner.all<T>());
    this.count(r.meta);
    return r;
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const r = await step(this.meter, () => this.inner.run<T>());
    this.count(r.meta);
    return r;
  }

  async first<T = unknown>(column?: string): Promise<T | null> {
    const r = await step(this.meter, () => this.inner.all<Record<string, unknown>>());
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
      // one round trip of the request: the second execution is the meter's, not the app's
      const [rows, r] = await step(this.meter, () =>
        Promise.all([this.inner.raw<T>(options as never), this.inner.all()]),
      );
      this.count(r.meta);
      return rows as T[];
    }
    const r = await step(this.meter, () => this.inner.all<Record<string, unknown>>());
    this.count(r.meta);
    return r.results.map((row) => Object.keys(row).map((k) => row[k])) as T[];
  }
}

/** Wraps a D1 binding so that every statement run through it adds its rows_read to `meter`. */
export function countingD1(db: D1Database, meter: RowsMeter): D1Database {
  const wrapper = {
    prepare: (sql: string) => new CountingStatement(db.prepare(sql), meter, sql),
    async batch(statements: (CountingStatement | D1PreparedStatement)[]) {
      const results = await step(meter, () =>
        db.batch(statements.map((s) => (s instanceof CountingStatement ? s.inner : s))),
      );
      for (const r of results) {
        meter.statements++;
        meter.rowsRead += r.meta?.rows_read ?? 0;
      }
      return results;
    },
    exec: (sql: string) => db.exec(sql),
    dump: () => db.dump(),
    // a call's D1 session (worker/lib/d1-sessions.ts) opens inside this middleware: its statements count too
    withSession: (...args: unknown[]) => {
      const session = (
        db as unknown as { withSession(...a: unknown[]): D1Database & { getBookmark(): unknown } }
      ).withSession(...args);
      return Object.assign(countingD1(session, meter), { getBookmark: () => session.getBookmark() });
    },
  };
  return wrapper as unknown as D1Database;
}

/** Mounted on /api/*, after local seeding. Does nothing unless local mode and `X-Bench-Rows: 1`. */
export const benchRows: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header(BENCH_ROWS_HEADER) !== '1' || !getConfig(c.env).isLocal) return next();
  const meter: RowsMeter = { rowsRead: 0, statements: 0, roundTrips: 0, settled: 0 };
  c.env = { ...c.env, DB: countingD1(c.env.DB, meter) };
  await next();
  c.res.headers.set(BENCH_ROWS_READ_HEADER, String(meter.rowsRead));
  c.res.headers.set(BENCH_STATEMENTS_HEADER, String(meter.statements));
  c.res.headers.set(BENCH_ROUND_TRIPS_HEADER, String(meter.roundTrips ?? 0));
};
