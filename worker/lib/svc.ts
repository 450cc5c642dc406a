import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { type Config, getConfig } from './config';
import { type Db, getDb } from './db';

/** What every domain operation gets: the database, the parsed configuration and the public origin. */
export type Svc = { db: Db; config: Config; origin: string; env: AppEnv['Bindings'] };

export function svc(c: Context<AppEnv>): Svc {
  const config = getConfig(c.env);
  return { db: getDb(c.env), config, origin: config.APP_URL ?? new URL(c.req.url).origin, env: c.env };
}
