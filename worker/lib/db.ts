import { drizzle } from 'drizzle-orm/d1';
import * as schema from '../../schema/index';
import type { Bindings } from '../env';

export type Db = ReturnType<typeof makeDb>;

function makeDb(env: Bindings) {
  return drizzle(env.DB as never, { schema });
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
