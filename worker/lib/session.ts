import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { sessions, users } from '../../schema/index';
import type { AppEnv } from '../env';
import { sha256Hex } from './crypto';
import { type BatchResults, runBatch, type Statement } from './d1-batch';
import { primaryOf } from './d1-sessions';
import { type Db, getDb } from './db';
import { DomainError, say } from './errors';

export type Actor = {
  userId: number;
  sessionId: number;
  name: string;
  email: string;
  mobile: string;
  emailVerified: boolean;
  isAdmin: boolean;
  isVolunteer: boolean;
  isMember: boolean;
};

export type Role = 'user' | 'staff' | 'admin';

/** Old clients send the literal "null" when logged out. */
export function readToken(c: Context<AppEnv>): string | null {
  const raw = c.req.header('X-Session-Token')?.trim();
  if (!raw || raw === 'null' || raw === 'undefined') return null;
  return raw.length <= 200 ? raw : null;
}

export async function resolveActor(c: Context<AppEnv>): Promise<Actor | null> {
  const token = readToken(c);
  if (!token) return null;
  const env = c.env;
  const tokenHash = await sha256Hex(token);
  const found = await lookup(getDb(env), tokenHash);
  if (found) return found;
  // a replica that has not caught up with a login yet (docs/decisions/113): the primary decides
  const primary = primaryOf(c);
  return primary ? lookup(getDb({ ...env, DB: primary }), tokenHash) : null;
}

// The settings version read with each request's session lookup, kept by the request's drizzle instance: the
// settings service (worker/services/admin/settings.ts) answers from its per-isolate copy while it matches (decision 114).
const settingsVersions = new WeakMap<object, number>();

export const settingsVersionSeen = (db: Db): number | undefined => settingsVersions.get(db);

/** A request that writes a setting reads its own write: the version it saw before is forgotten. */
export const forgetSettingsVersion = (db: Db) => settingsVersions.delete(db);

/** The session lookup as one statement, for a call that runs it alone or first in its own batch. */
function lookupQuery(db: Db, tokenHash: string, at: number) {
  return db
    .select({
      // the settings' version rides along: a cached copy of the settings is then checked for free (decision 114)
      settingsVersion: sql<number>`(SELECT v FROM settings_version WHERE id = 1)`,
      // aliased: in a batch the answer is an object per row, where two columns named id would collide
      sessionId: sql<number>`${sessions.id}`.as('session_id'),
      userId: users.id,
      name: users.name,
      email: users.email,
      mobile: users.mobile,
      emailVerified: users.emailVerified,
      isAdmin: users.isAdmin,
      isVolunteer: users.isVolunteer,
      isMember: users.isMember,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, at)))
    .limit(1);
}

type LookupRow = Awaited<ReturnType<typeof lookupQuery>>[number];

function actorOfRow(db: Db, row: LookupRow | undefined): Actor | null {
  if (!row) return null;
  const { settingsVersion, ...actor } = row;
  if (typeof settingsVersion === 'number') settingsVersions.set(db, settingsVersion);
  return actor;
}

async function lookup(db: Db, tokenHash: string): Promise<Actor | null> {
  return actorOfRow(db, (await lookupQuery(db, tokenHash, Date.now()))[0]);
}

export const insufficientAccess = (status: 401 | 403) =>
  new DomainError('InsufficientAccess', say(status === 401 ? 'auth.required' : 'auth.forbidden'), status);

function allowedActor(actor: Actor | null, role: Role): Actor {
  if (!actor) throw insufficientAccess(401);
  const allowed =
    role === 'user' ||
    (role === 'admin' && actor.isAdmin) ||
    (role === 'staff' && (actor.isAdmin || actor.isVolunteer));
  if (!allowed) throw insufficientAccess(403);
  return actor;
}

const besideSession = new WeakMap<object, Promise<Actor>>();

type InBatch = { role: Role; verdict: Promise<Actor> | null };
const inBatch = new WeakMap<object, InBatch>();

/**
 * The caller, as SQL for the statements of a sessionBatch(): each names the session by its token's hash, so
 * a made-up, expired or revoked token reads nothing of anyone's (its user id is NULL).
 */
export type Me = {
  /** the caller's user id, NULL without a live session */
  userId: SQL;
  /** the caller's session id, NULL without a live session */
  sessionId: SQL;
  /**
   * The LIMIT of a statement that only the call's role may run (a year-wide aggregate, an admin's list): `rows`
   * (every row by default) when the session holds the role, none otherwise. SQLite evaluates a LIMIT once, before
   * its loop, and skips the loop for 0, so that for any other caller D1 reads no row at all (a WHERE term would be
   * checked on every row read). An SQL expression that drizzle writes into its LIMIT clause, hence typed as the
   * number `.limit()` takes.
   */
  limit: (rows?: number) => number;
};

function meOf(tokenHash: string, at: number, role: Role): Me {
  const live = sql`me_s.token_hash = ${tokenHash} AND me_s.revoked_at IS NULL AND me_s.expires_at > ${at}`;
  const holds =
    role === 'admin'
      ? sql`me_u.is_admin = 1`
      : role === 'staff'
        ? sql`(me_u.is_admin = 1 OR me_u.is_volunteer = 1)`
        : sql`1 = 1`;
  const allowed = sql`EXISTS (SELECT 1 FROM sessions me_s JOIN users me_u ON me_u.id = me_s.user_id WHERE ${live} AND ${holds})`;
  return {
    userId: sql`(SELECT me_s.user_id FROM sessions me_s WHERE ${live})`,
    sessionId: sql`(SELECT me_s.id FROM sessions me_s WHERE ${live})`,
    limit: (rows = -1) =>
      sql`CASE WHEN ${allowed} THEN ${sql.raw(String(Math.trunc(rows)))} ELSE 0 END` as unknown as number,
  };
}

export type SessionBatch = <T extends readonly Statement[]>(
  build: (me: Me, db: Db) => T,
) => Promise<{ actor: Actor; results: BatchResults<T> }>;

/**
 * One D1 round trip for the session lookup and the call's own statements (a call declared `session: 'batch'`,
 * worker/lib/call.ts): `build`
 * gets the caller as SQL (`me`) and the request's drizzle instance and returns the statements, which go to D1 as
 * one batch behind the lookup. The batch's session row decides before anything is handed back: without the role
 * this throws InsufficientAccess (401/403) as requireRole would, and the results are dropped. A token that a
 * lagging replica does not know yet is tried once more on the primary (docs/decisions/113).
 */
export async function sessionBatch<T extends readonly Statement[]>(
  c: Context<AppEnv>,
  build: (me: Me, db: Db) => T,
): Promise<{ actor: Actor; results: BatchResults<T> }> {
  const pending = inBatch.get(c);
  const token = readToken(c);
  if (!pending || pending.verdict || !token) {
    throw new Error(`${c.req.path}: sessionBatch() runs once, for a call declared session: 'batch'`);
  }
  const tokenHash = await sha256Hex(token);
  const at = Date.now();
  const me = meOf(tokenHash, at, pending.role);
  const run = async (db: Db) => {
    const batch = [lookupQuery(db, tokenHash, at), ...build(me, db)] as const;
    const [rows, ...results] = (await runBatch(db, batch)) as unknown as [LookupRow[], ...unknown[]];
    return { actor: actorOfRow(db, rows[0]), results: results as unknown as BatchResults<T> };
  };
  let found = await run(getDb(c.env));
  const primary = found.actor ? null : primaryOf(c);
  if (primary) found = await run(getDb({ ...c.env, DB: primary }));
  const verdict = Promise.resolve(found.actor).then((actor) => allowedActor(actor, pending.role));
  verdict.catch(() => {}); // awaited here and by the middleware
  pending.verdict = verdict;
  const actor = await verdict;
  c.set('actor', actor);
  return { actor, results: found.results };
}

/**
 * The role check decides before anything is answered: a caller without the role learns nothing but
 * InsufficientAccess, whatever the body. Usually it runs before the body is read or validated. The call's
 * declaration (worker/lib/call.ts, recorded on the context) says when it runs otherwise (docs/decisions/111):
 * `session: 'beside'` — bounded role-only reads whose answer does not depend on who asks, or is shaped by role once
 * the verdict is in (actorReady) — the handler starts at once, beside the session lookup, and its answer (data or a
 * validation error) is released only when the verdict allows it; a write statement would wait for the verdict too.
 * Year-wide aggregates are not 'beside' but 'batch', limited to no row for a caller without the role
 * (`me.limit()`), so that a made-up token cannot make D1 aggregate a year of orders. `session: 'batch'` — the
 * handler's sessionBatch() looks the session up with its own statements, and the answer likewise waits for that
 * verdict. 'staff' = admins and volunteers (pass collection).
 */
export function requireRole(role: Role): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const mode = c.get('call')?.session;
    // without a token there is nothing to look up: refused at once, before any read
    if (readToken(c) && mode === 'batch') {
      const pending: InBatch = { role, verdict: null };
      inBatch.set(c, pending);
      await next(); // a handler's error is already its answer (c.res) here, not thrown
      // the batch's verdict; a handler that never reached its batch (a bad body) gets the role check all the same
      await (pending.verdict ?? resolveActor(c).then((actor) => allowedActor(actor, role)));
      return;
    }
    if (mode !== 'beside' || !readToken(c)) {
      c.set('actor', allowedActor(await resolveActor(c), role));
      await next();
      return;
    }
    const verdict = resolveActor(c).then((actor) => allowedActor(actor, role));
    verdict.catch(() => {}); // awaited below; never an unhandled rejection while the handler runs
    c.env = { ...c.env, DB: writesAfter(c.env.DB, verdict) };
    besideSession.set(c, verdict);
    await next(); // a handler's error is already its answer (c.res) here, not thrown
    await verdict; // InsufficientAccess replaces whatever the handler answered
  };
}

/** Reads the actor set by requireRole; a route that calls it without the guard is a programming error. */
export function actorOf(c: Context<AppEnv>): Actor {
  if (besideSession.has(c)) throw new Error(`${c.req.path} is declared session: 'beside': use actorReady()`);
  if (inBatch.get(c)?.verdict === null)
    throw new Error(`${c.req.path} is declared session: 'batch': use sessionBatch()`);
  const actor = c.get('actor');
  if (!actor) throw insufficientAccess(401);
  return actor;
}

/**
 * The actor, once authorization has decided: for a call declared session: 'beside' it waits for the session lookup
 * that ran beside the call's reads (and throws InsufficientAccess as the middleware would); otherwise actorOf.
 */
export async function actorReady(c: Context<AppEnv>): Promise<Actor> {
  return besideSession.get(c) ?? actorOf(c);
}

const isRead = (sql: string) =>
  /^\s*select\b/i.test(sql) || (/^\s*with\b/i.test(sql) && !/\b(insert|update|delete|replace)\b/i.test(sql));

/** A D1 binding whose reads run at once and whose writes (statements or batches with one) wait for `verdict`. */
function writesAfter(db: D1Database, verdict: Promise<unknown>): D1Database {
  const gate = <T>(sqls: string[], run: () => Promise<T>) => (sqls.every(isRead) ? run() : verdict.then(run));
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement =>
    ({
      inner: stmt,
      bind: (...values: unknown[]) => wrap(stmt.bind(...values), sql),
      all: () => gate([sql], () => stmt.all()),
      run: () => gate([sql], () => stmt.run()),
      first: (column?: string) => gate([sql], () => (column === undefined ? stmt.first() : stmt.first(column))),
      raw: (options?: { columnNames?: boolean }) => gate([sql], () => stmt.raw(options as never)),
      sql,
    }) as unknown as D1PreparedStatement;
  type Wrapped = D1PreparedStatement & { inner: D1PreparedStatement; sql: string };
  return {
    prepare: (sql: string) => wrap(db.prepare(sql), sql),
    batch: (stmts: Wrapped[]) =>
      gate(
        stmts.map((x) => x.sql),
        () => db.batch(stmts.map((x) => x.inner)),
      ),
    exec: (sql: string) => verdict.then(() => db.exec(sql)),
    dump: () => db.dump(),
    withSession: (...args: unknown[]) =>
      (db as unknown as { withSession(...a: unknown[]): unknown }).withSession(...args),
  } as unknown as D1Database;
}
