import { drizzle } from 'drizzle-orm/d1';
import type { Bindings } from '../env';

export type Db = ReturnType<typeof makeDb>;

// No relational schema: nothing uses db.query, and building its config costs 0.1 ms per drizzle instance, which
// is per request now that each request has its own D1 session (docs/decisions/113).
function makeDb(env: Bindings) {
  return drizzle(env.DB as never);
}

const cache = new WeakMap<object, Db>();

export function getDb(env: Bindings): Db {
  let db = cache.get(env.DB);
  if (!db) {
    db = makeDb(env);
    cache.set(env.DB, db);
  }
  return db;
}

export const now = () => Date.now();
