import { eq } from 'drizzle-orm';
import { emailOutbox } from '../../schema/index';
import type { Config } from './config';
import type { Db } from './db';
import { log } from './log';

export type Mail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

/**
 * The one way the app sends email. Every message is written to email_outbox first (nothing is lost);
 * with MAIL_PROVIDER=outbox that row is the delivery (read it at /dev/outbox), with MAIL_PROVIDER=http
 * it is then posted to a Resend-compatible API ({from,to,subject,text,html}, Bearer key) and marked.
 */
export async function sendMail(db: Db, config: Config, mail: Mail): Promise<void> {
  const row = await db
    .insert(emailOutbox)
    .values({ ...mail, toAddr: mail.to, status: 'outbox', headers: mail.headers ? JSON.stringify(mail.headers) : null })
    .returning({ id: emailOutbox.id })
    .get();
  if (config.MAIL_PROVIDER !== 'http') return;
  try {
    const res = await fetch(config.MAIL_API_URL!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.MAIL_API_KEY}` },
      body: JSON.stringify({
        from: config.MAIL_FROM,
        to: [mail.to],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
      }),
    });
    const body = (await res.json().catch(() => ({}))) as { id?: string; message?: string };
    if (!res.ok) throw new Error(`provider answered ${res.status}: ${body.message ?? ''}`);
    await db
      .update(emailOutbox)
      .set({ status: 'sent', providerId: body.id ?? null })
      .where(eq(emailOutbox.id, row.id));
  } catch (err) {
    log('error', 'mail.failed', { to: mail.to, subject: mail.subject, error: String(err) });
    await db
      .update(emailOutbox)
      .set({ status: 'failed', error: String(err).slice(0, 500) })
      .where(eq(emailOutbox.id, row.id));
  }
}

/**
 * Mail work started after an answer (waitUntil) and not finished yet, in this isolate. The local outbox
 * (/api/dev/outbox, local mode only) waits for it, so a developer or a test that reads the outbox right
 * after /forgotPasswd sees the code, while the real answer never waits for the mail.
 */
const pendingMail = new Set<Promise<unknown>>();

export function trackMail<T>(work: Promise<T>): Promise<T> {
  pendingMail.add(work);
  const done = () => pendingMail.delete(work);
  work.then(done, done);
  return work;
}

export async function mailSettled(): Promise<void> {
  while (pendingMail.size > 0) await Promise.allSettled([...pendingMail]);
}

/** Escapes text for HTML (emails, the dev pages). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Builds the text and HTML bodies of one email from paragraphs and an optional link. */
export function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): Mail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
  ].join('\n');
  return { to, subject, text, html };
}
