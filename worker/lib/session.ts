import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import type { Context, MiddlewareHandler } from 'hono';
import { t } from '../../core/i18n';
import { sessions, users } from '../../schema/index';
import { noteSettingsVersion } from '../services/settings';
import type { AppEnv } from '../env';
import { sha256Hex } from './crypto';
import { primaryOf } from './d1-sessions';
import { type Db, getDb } from './db';
import { DomainError } from './errors';

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

async function lookup(db: Db, tokenHash: string): Promise<Actor | null> {
  const row = await db
    .select({
      // the settings' version rides along: a cached copy of the settings is then checked for free (decision 114)
      settingsVersion: sql<number>`(SELECT v FROM settings_version WHERE id = 1)`,
      sessionId: sessions.id,
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
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, Date.now())))
    .get();
  if (!row) return null;
  const { settingsVersion, ...actor } = row;
  noteSettingsVersion(db, settingsVersion);
  return actor;
}

export const insufficientAccess = (status: 401 | 403) =>
  new DomainError('InsufficientAccess', t(status === 401 ? 'auth.required' : 'auth.forbidden'), status);

function allowedActor(actor: Actor | null, role: Role): Actor {
  if (!actor) throw insufficientAccess(401);
  const allowed =
    role === 'user' ||
    (role === 'admin' && actor.isAdmin) ||
    (role === 'staff' && (actor.isAdmin || actor.isVolunteer));
  if (!allowed) throw insufficientAccess(403);
  return actor;
}

/**
 * Read calls whose answer does not depend on who asks, only on the role (docs/decisions/111): their session
 * lookup and their reads go to D1 at the same time instead of one after the other. Their handlers never call
 * actorOf() (it throws for them) and write nothing; should one write, the write waits for the verdict. Only
 * bounded reads (a page, a search, the settings): the year-wide aggregates (getOverview, getCollectionTotals)
 * wait for the verdict, so that a caller with a made-up token cannot make D1 aggregate a year of orders.
 */
export const READS_BESIDE_SESSION = new Set([
  '/api/getPendingOrders',
  '/api/getSuccessOrders',
  '/api/getDPKPNotCollectedOrder',
  '/api/getDPKPCollectedOrder',
  '/api/getUnGropedProducts',
  '/api/getAdminSettings',
  '/api/getStaff',
  '/api/getAuditLog',
  '/api/getCollectionConflicts',
  // staff reads that shape their answer by role once the verdict is in (actorReady)
  '/api/searchUserOrder',
  '/api/getStaffOrderDetails',
  '/api/getVenuePasses',
  '/api/searchVenuePasses',
]);

const besideSession = new WeakMap<object, Promise<Actor>>();

/**
 * The role check decides before anything is answered: a caller without the role learns nothing but
 * InsufficientAccess, whatever the body. Usually it runs before the body is read or validated. For the calls
 * in READS_BESIDE_SESSION the handler starts at once, beside the session lookup, and its answer (data or a
 * validation error) is released only when the verdict allows it; a write statement would wait for the verdict
 * too. 'staff' = admins and volunteers (pass collection).
 */
export function requireRole(role: Role): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // without a token there is nothing to look up: refused at once, before any read
    if (!READS_BESIDE_SESSION.has(c.req.path) || !readToken(c)) {
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
  if (besideSession.has(c)) throw new Error(`${c.req.path} is in READS_BESIDE_SESSION: use actorReady()`);
  const actor = c.get('actor');
  if (!actor) throw insufficientAccess(401);
  return actor;
}

/**
 * The actor, once authorization has decided: for a call in READS_BESIDE_SESSION it waits for the session lookup
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
