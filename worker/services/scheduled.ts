import { and, isNotNull, lt, or } from 'drizzle-orm';
import { sessions, throttles, userTokens } from '../../schema/index';
import type { Bindings } from '../env';
import { getDb } from '../lib/db';
import { log } from '../lib/log';

/** The cron job (wrangler.toml [triggers]): housekeeping now; payment reconciliation joins it with checkout. */
export async function runScheduled(env: Bindings): Promise<void> {
  const db = getDb(env);
  const at = Date.now();
  const day = 24 * 60 * 60 * 1000;
  await db.batch([
    db
      .delete(sessions)
      .where(
        or(lt(sessions.expiresAt, at - day), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, at - day))),
      ),
    db.delete(userTokens).where(lt(userTokens.expiresAt, at - 30 * day)),
    db.delete(throttles).where(lt(throttles.windowStart, at - day)),
  ]);
  log('info', 'scheduled.done', { ms: Date.now() - at });
}
