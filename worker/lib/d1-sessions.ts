// D1 read replication (docs/decisions/113). Each API call runs on one D1 session (`withSession`): the reads
// declared `replica: true` (worker/lib/call.ts) may be answered by the nearest read replica, every other call
// starts on the primary. A path outside the declarations (the local tools) uses the binding as it is: the primary.
// The answer carries the session's bookmark in X-D1-Bookmark; the app sends the last one it saw back with its
// next request, so that a replica answers only once it has caught up with what this browser already saw
// (its own writes included). Without replication enabled, every session simply uses the primary.
import type { D1Database } from '@cloudflare/workers-types';
import type { Context, Next } from 'hono';
import type { AppEnv } from '../env';

export const BOOKMARK_HEADER = 'X-D1-Bookmark';

// withSession is missing from older runtimes and stand-ins: checked before use
type Sessions = Omit<D1Database, 'withSession'> & { withSession?: D1Database['withSession'] };
// a session answers prepare() and batch() like the binding, which is all the app uses per request
const asBinding = (session: unknown) => session as D1Database;

const primaries = new WeakMap<object, D1Database>();

/** A bookmark is an opaque token from D1; anything else in the header is ignored. */
const bookmarkOf = (raw: string | undefined) => (raw && /^[\w.:-]{1,200}$/.test(raw) ? raw : null);

/** Runs the rest of the call (`next`) on its own D1 session, on a replica if `replica`; called by call()'s first step. */
export async function inD1Session(c: Context<AppEnv>, next: Next, replica: boolean): Promise<void> {
  const db = c.env.DB as Sessions;
  if (typeof db.withSession !== 'function') return next();
  const session = db.withSession(
    replica ? (bookmarkOf(c.req.header(BOOKMARK_HEADER)) ?? 'first-unconstrained') : 'first-primary',
  );
  if (replica) primaries.set(c, asBinding(db));
  c.env = { ...c.env, DB: asBinding(session) };
  await next();
  const bookmark = session.getBookmark();
  if (bookmark) c.res.headers.set(BOOKMARK_HEADER, bookmark);
}

/**
 * The primary, for a call that runs on a replica session: a session token that a lagging replica does not know
 * yet (a login a moment ago, from a client that sends no bookmark) is looked up there before it is refused.
 */
export function primaryOf(c: Context<AppEnv>): D1Database | null {
  const db = primaries.get(c) as Sessions | undefined;
  return db?.withSession ? asBinding(db.withSession('first-primary')) : null;
}
