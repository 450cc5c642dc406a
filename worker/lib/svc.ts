import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { type Config, getConfig } from './config';
import { type Db, getDb } from './db';
import { log } from './log';
import { type SessionBatch, sessionBatch } from './session';

/**
 * What every domain operation gets: the database, the parsed configuration, the public origin, and
 * `defer`, which runs work after the answer (waitUntil), e.g. an email that must not make the answer's
 * timing depend on whether it is sent. `sessionBatch` sends the session lookup and a call's own statements to
 * D1 in one batch (calls declared `session: 'batch'`, worker/lib/call.ts).
 */
export type Svc = {
  db: Db;
  config: Config;
  origin: string;
  env: AppEnv['Bindings'];
  defer?: (work: Promise<unknown>) => void;
  sessionBatch?: SessionBatch;
};

/** The Svc of the cron's steps: no request, so no defer (work is awaited) and APP_URL (or the local origin). */
export function cronSvc(env: AppEnv['Bindings']): Svc {
  const config = getConfig(env);
  return { db: getDb(env), config, origin: config.APP_URL ?? 'http://localhost:8787', env };
}

export function svc(c: Context<AppEnv>): Svc {
  const config = getConfig(c.env);
  return {
    db: getDb(c.env),
    config,
    origin: config.APP_URL ?? new URL(c.req.url).origin,
    env: c.env,
    defer: (work) => {
      const guarded = work.catch((err) => log('error', 'deferred.failed', { error: String(err) }));
      try {
        c.executionCtx.waitUntil(guarded);
      } catch {
        // no execution context (a direct app.request in a script): the promise still runs to its end
      }
    },
    sessionBatch: (build) => sessionBatch(c, build),
  };
}

/** The request's sessionBatch, for a service called from a route declared `session: 'batch'` (worker/lib/call.ts). */
export function sessionBatchOf(s: Svc): SessionBatch {
  if (!s.sessionBatch) throw new Error('this service needs the request (svc(c)) for its session batch');
  return s.sessionBatch;
}
