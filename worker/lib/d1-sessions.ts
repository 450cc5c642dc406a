// D1 read replication (docs/decisions/113). Each API request runs on one D1 session (`withSession`): the reads
// listed in REPLICA_READS may be answered by the nearest read replica, every other call starts on the primary.
// The answer carries the session's bookmark in X-D1-Bookmark; the app sends the last one it saw back with its
// next request, so that a replica answers only once it has caught up with what this browser already saw
// (its own writes included). Without replication enabled, every session simply uses the primary.
import type { D1Database } from '@cloudflare/workers-types';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

export const BOOKMARK_HEADER = 'X-D1-Bookmark';

/**
 * Reads that a replica may answer. Anything not listed (every write, the webhook, pass collection and its
 * search, which must see another volunteer's scan at once, and any call added later) starts on the primary.
 * A lagging replica can only show a member or an admin an older state than the primary's, never older than
 * their own last answer (the bookmark); every decision that matters (a sponsorship hold, a collection, an
 * approval, a payment) is a write, which is a conditional statement on the primary.
 */
export const REPLICA_READS = new Set([
  '/api/isMembershipLive',
  '/api/isDailyPassLive',
  '/api/getUProducts',
  '/api/getPlans',
  '/api/getProducts',
  '/api/getUtsavUserCount',
  '/api/getBijayaSanmelaniCount',
  '/api/getUserProfile',
  '/api/getCartDetails',
  '/api/getOrders',
  '/api/getUserExtraInfo',
  '/api/getPaymentOptions',
  '/api/getPendingOrders',
  '/api/getSuccessOrders',
  '/api/getDPKPNotCollectedOrder',
  '/api/getDPKPCollectedOrder',
  '/api/getCollectionTotals',
  '/api/getUnGropedProducts',
  '/api/getAdminSettings',
  '/api/getStaff',
  '/api/getOverview',
  '/api/getAuditLog',
]);

// withSession is missing from older runtimes and stand-ins: checked before use
type Sessions = Omit<D1Database, 'withSession'> & { withSession?: D1Database['withSession'] };
// a session answers prepare() and batch() like the binding, which is all the app uses per request
const asBinding = (session: unknown) => session as D1Database;

const primaries = new WeakMap<object, D1Database>();

/** A bookmark is an opaque token from D1; anything else in the header is ignored. */
const bookmarkOf = (raw: string | undefined) => (raw && /^[\w.:-]{1,200}$/.test(raw) ? raw : null);

export const d1Sessions: MiddlewareHandler<AppEnv> = async (c, next) => {
  const db = c.env.DB as Sessions;
  if (typeof db.withSession !== 'function') return next();
  const replica = REPLICA_READS.has(c.req.path);
  const session = db.withSession(
    replica ? (bookmarkOf(c.req.header(BOOKMARK_HEADER)) ?? 'first-unconstrained') : 'first-primary',
  );
  if (replica) primaries.set(c, asBinding(db));
  c.env = { ...c.env, DB: asBinding(session) };
  await next();
  const bookmark = session.getBookmark();
  if (bookmark) c.res.headers.set(BOOKMARK_HEADER, bookmark);
};

/**
 * The primary, for a call that runs on a replica session: a session token that a lagging replica does not know
 * yet (a login a moment ago, from a client that sends no bookmark) is looked up there before it is refused.
 */
export function primaryOf(c: Context<AppEnv>): D1Database | null {
  const db = primaries.get(c) as Sessions | undefined;
  return db?.withSession ? asBinding(db.withSession('first-primary')) : null;
}
