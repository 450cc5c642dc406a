// The member's language (docs/decisions/120): kept on the account for the emails sent to them.
import { eq } from 'drizzle-orm';
import type { Locale } from '../../../core/i18n';
import { users } from '../../../schema/index';
import { runBatch } from '../../lib/d1-batch';
import type { Actor } from '../../lib/session';
import type { Svc } from '../../lib/svc';

/** /setLanguage: one conditional update; setting the same language again changes nothing. */
export async function setLanguage(
  s: Svc,
  actor: Pick<Actor, 'userId'>,
  input: { lang: Locale },
): Promise<{ lang: Locale }> {
  const { lang } = input;
  await runBatch(s.db, [s.db.update(users).set({ lang, updatedAt: Date.now() }).where(eq(users.id, actor.userId))]);
  return { lang };
}
