import { env } from 'cloudflare:workers';
import type { Fetcher } from '@cloudflare/workers-types';
import { eq } from 'drizzle-orm';
import {
  extraCatalogue,
  format,
  type Locale,
  parseLocale,
  registerWorkerBengali,
  WORKER_BENGALI_ASSET,
} from '../../core/i18n-all';
import { type MailKey, mailEn } from '../../core/messages/mail.en';
import { formatINR } from '../../core/money';
import { type RenewalsKey, tr } from '../../core/renewals/messages.en';
import { emailOutbox, users } from '../../schema/index';
import association from '../../web/content/association.json';
import type { Config } from './config';
import { runBatch } from './d1-batch';
import type { Db } from './db';
import { log } from './log';

/** An email as it is stored and sent: written in its reader's language. */
export type Mail = MailBody & { to: string; headers?: Record<string, string> };
export type MailBody = { subject: string; text: string; html: string };

/**
 * The sentences of one email in its reader's language, by key: the emails' catalogue (core/messages/mail.en.ts)
 * or the renewals area's (core/renewals/messages.en.ts), with their parameters (docs/decisions/195).
 */
export type Words = (key: MailKey | RenewalsKey, params?: Record<string, string | number>) => string;

/**
 * An email to write: `write` is given the reader's words and language and writes every sentence by key
 * (names, codes, amounts and an admin's reason go in as parameters or as they are).
 */
export type Letter = {
  to: string;
  /** The reader's language; by default the language on the account of `to` at sending time. */
  lang?: Locale;
  headers?: Record<string, string>;
  write: (words: Words, lang: Locale) => MailBody;
};

/** The emails' words in a language (Bengali once bengaliReady has loaded it). */
export const wordsIn =
  (lang: Locale): Words =>
  (key, params = {}) =>
    key in mailEn
      ? format(extraCatalogue('mail', lang)?.[key] ?? mailEn[key as MailKey], params)
      : tr(key as RenewalsKey, params, lang);

/** An order's lines, one a line ("Puja x 2: ₹1,000.00"), with the amount each line is worth in paise. */
export function linesText<L extends { name: string; qty: number }>(
  w: Words,
  lines: readonly L[],
  paise: (l: L) => number,
): string {
  return lines.map((l) => w('mail.line', { name: l.name, qty: l.qty, amount: formatINR(paise(l)) })).join('\n');
}

/** The letter written in a language (its Bengali must be loaded: bengaliReady; sendMail does it). */
export function letterIn(letter: Letter, lang: Locale): Mail {
  return {
    to: letter.to,
    ...letter.write(wordsIn(lang), lang),
    ...(letter.headers ? { headers: letter.headers } : {}),
  };
}

/**
 * The one way the app sends email, written by key in the reader's language (docs/decisions/195). Every message
 * is written to email_outbox first (nothing is lost); with MAIL_PROVIDER=outbox that row is the delivery (read it
 * at /dev/outbox), with MAIL_PROVIDER=http it is then posted to a Resend-compatible API ({from,to,subject,text,
 * html}, Bearer key) and marked.
 */
export async function sendMail(db: Db, config: Config, letter: Letter): Promise<'outbox' | 'sent' | 'failed'> {
  const chosen = letter.lang ?? (await accountLanguage(db, letter.to));
  // without the Bengali catalogues (an asset missing from the build) the email goes out in English
  const lang = chosen === 'en' || (await bengaliReady()) ? chosen : 'en';
  const written = letterIn(letter, lang);
  const mail = { ...written, html: emailDocument(written.subject, written.html, lang) };
  const row = (
    await runBatch(db, [
      db
        .insert(emailOutbox)
        .values({
          ...mail,
          toAddr: mail.to,
          status: 'outbox',
          headers: mail.headers ? JSON.stringify(mail.headers) : null,
        })
        .returning({ id: emailOutbox.id }),
    ])
  )[0][0]!;
  if (config.MAIL_PROVIDER !== 'http') return 'outbox';
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
    await runBatch(db, [
      db
        .update(emailOutbox)
        .set({ status: 'sent', providerId: body.id ?? null })
        .where(eq(emailOutbox.id, row.id)),
    ]);
    return 'sent';
  } catch (err) {
    log('error', 'mail.failed', { to: mail.to, subject: mail.subject, error: String(err) });
    await runBatch(db, [
      db
        .update(emailOutbox)
        .set({ status: 'failed', error: String(err).slice(0, 500) })
        .where(eq(emailOutbox.id, row.id)),
    ]);
    return 'failed';
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

let bengali: Promise<boolean> | null = null;

/**
 * Loads the Worker's Bengali once per isolate, from the static assets (core/i18n-all.ts, docs/decisions/110);
 * false, logged and tried again on the next email, when the asset cannot be read.
 */
export function bengaliReady(): Promise<boolean> {
  bengali ??= (async () => {
    const assets = (env as { ASSETS?: Fetcher }).ASSETS;
    if (!assets) throw new Error('no ASSETS binding');
    const res = await assets.fetch(`https://assets.local${WORKER_BENGALI_ASSET}`);
    if (!res.ok) throw new Error(`${WORKER_BENGALI_ASSET} answered ${res.status}`);
    if (!registerWorkerBengali(await res.json())) throw new Error(`${WORKER_BENGALI_ASSET} lacks keys`);
    return true;
  })().catch((err: unknown) => {
    log('error', 'mail.bengali_unavailable', { error: String(err) });
    bengali = null;
    return false;
  });
  return bengali;
}

/** The language on the account of this address; English for an address without an account or a choice. */
async function accountLanguage(db: Db, to: string): Promise<Locale> {
  const row = await db.select({ lang: users.lang }).from(users).where(eq(users.email, to.trim().toLowerCase())).get();
  return parseLocale(row?.lang);
}

/** Escapes text for HTML (emails, the dev pages). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Every email's body inside one phone-friendly page (docs/decisions/108): a viewport, one column at most 560 px
 * wide, the association's maroon band with its name, cream surround, 16 px text, and links drawn as buttons by
 * compose(). Inline styles only: mail apps drop <style> blocks. A body that is already a document is kept.
 */
export function emailDocument(subject: string, bodyHtml: string, lang: Locale = 'en'): string {
  if (/^\s*<!doctype/i.test(bodyHtml)) return bodyHtml;
  const name = escapeHtml(association.name);
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#fff8ec;color:#1d1b1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8ec"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:10px;overflow:hidden;border:1px solid #ddd3c6">
<tr><td style="background:#7a1230;color:#ffffff;padding:16px 20px;font-size:18px;font-weight:bold">${name}</td></tr>
<tr><td style="padding:20px;word-break:break-word">
${bodyHtml}
</td></tr>
<tr><td style="padding:12px 20px;background:#fff8ec;color:#5b5550;font-size:13px">${name} · ${escapeHtml(association.email)}</td></tr>
</table></td></tr></table>
</body></html>`;
}

/** A link inside an email's body: its label, then the link itself on a line of its own. */
export type MailLink = { href: string; label: string };

/**
 * The text part of a link: the label on one line and the link alone on the next, so that a mail client links
 * exactly the URL and a translated label never runs into it, in any language (tests/worker/mail-links.test.ts).
 */
export const linkText = (l: MailLink) => `${l.label}\n${l.href}`;

/**
 * Builds the text and HTML bodies of one email from paragraphs (text, or a link drawn as a link) and an optional
 * link drawn as the button. In the HTML every link is an <a href>; in the text each stands alone on its line.
 */
export function compose(subject: string, paragraphs: (string | MailLink)[], link?: MailLink): MailBody {
  const text = [
    ...paragraphs.map((p) => (typeof p === 'string' ? p : linkText(p))),
    ...(link ? [linkText(link)] : []),
  ].join('\n\n');
  const html = [
    ...paragraphs.map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`
        : `<p><a href="${escapeHtml(p.href)}" style="color:#7a1230;font-weight:bold">${escapeHtml(p.label)}</a></p>`,
    ),
    ...(link
      ? [
          `<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#7a1230;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:999px">${escapeHtml(link.label)}</a></p>`,
        ]
      : []),
  ].join('\n');
  return { subject, text, html };
}
