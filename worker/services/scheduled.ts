import { and, isNotNull, lt, or } from 'drizzle-orm';
import { sessions, throttles, userTokens } from '../../schema/index';
import type { Bindings } from '../env';
import { getConfig } from '../lib/config';
import { runBatch } from '../lib/d1-batch';
import { getDb } from '../lib/db';
import { log } from '../lib/log';
import { reconcilePayments } from './checkout/payments';
import { reconcileRefunds } from './refunds/refunds';
import { remindUnpaidTransfers } from './checkout/transfer-reminders';
import { expireOffers } from './catalogue/waitlist';

/** The cron job (wrangler.toml [triggers]): housekeeping now; payment reconciliation joins it with checkout. */
export async function runScheduled(env: Bindings): Promise<void> {
  const db = getDb(env);
  const at = Date.now();
  const day = 24 * 60 * 60 * 1000;
  await runBatch(db, [
    db
      .delete(sessions)
      .where(
        or(lt(sessions.expiresAt, at - day), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, at - day))),
      ),
    db.delete(userTokens).where(lt(userTokens.expiresAt, at - 30 * day)),
    db.delete(throttles).where(lt(throttles.windowStart, at - day)),
  ]);
  // Payments: settle orders left in Pending Payment by asking Razorpay; expire abandoned ones.
  const config = getConfig(env);
  const payments = await reconcilePayments({ db, config, env, origin: config.APP_URL ?? 'http://localhost:8787' });
  // Refunds: send again those the gateway did not answer (same idempotency key), settle pending ones.
  const refunds = await reconcileRefunds({ db, config, env, origin: config.APP_URL ?? 'http://localhost:8787' }).catch(
    (err) => {
      log('error', 'scheduled.refunds_failed', { error: String(err) });
      return { sent: 0, settled: 0 };
    },
  );
  // Direct transfers never shared: one reminder after TRANSFER_REMINDER_DAYS (expiry is in reconcilePayments).
  const reminders = await remindUnpaidTransfers({
    db,
    config,
    env,
    origin: config.APP_URL ?? 'http://localhost:8787',
  }).catch((err) => {
    log('error', 'scheduled.reminders_failed', { error: String(err) });
    return { reminded: 0 };
  });
  // Waiting lists: offers that ended unused give their units to the next in line, as do units freed since
  const waitlist = await expireOffers({ db, config, env, origin: config.APP_URL ?? 'http://localhost:8787' }).catch(
    (err) => {
      log('error', 'scheduled.waitlist_failed', { error: String(err) });
      return { expired: 0, offered: 0 };
    },
  );
  log('info', 'scheduled.done', {
    ms: Date.now() - at,
    ...payments,
    refundsSent: refunds.sent,
    refundsSettled: refunds.settled,
    transfersReminded: reminders.reminded,
    offersExpired: waitlist.expired,
    offersMade: waitlist.offered,
  });
}
