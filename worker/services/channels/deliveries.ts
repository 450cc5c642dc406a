// Messages on every chosen channel (docs/decisions/231-233). A message is queued per member, event and
// channel (the unique index deliveries_once_uq makes a second trigger of the same event insert nothing, however
// many run at once), then sent by a drain: right after the request that caused it (the request's `defer`), and by
// the cron for whatever is left, retried with backoff. Each row is claimed by one conditional update before it is
// sent, so two drains never send it twice. A channel's failure is its row's alone: the payment, the email and the
// other channels never wait for it or fail with it.
import { type Channel, MESSAGE_KINDS, type MessageKind, TOPICS, type Topic } from '../../../core/channels';
import { notifyCatalogue, parseLocale } from '../../../core/i18n-all';
import type { NotifyKey } from '../../../core/messages/notify.en';
import { format, type Locale } from '../../../core/i18n';
import { hmacSha256Hex, timingSafeEqual } from '../../lib/crypto';
import { changesOf, raw, runBatch } from '../../lib/d1-batch';
import { DomainError, say } from '../../lib/errors';
import { localApp } from '../../lib/local-tools';
import { log } from '../../lib/log';
import { bengaliReady, compose, escapeHtml, sendMail, trackMail } from '../../lib/mail';
import type { Svc } from '../../lib/svc';
import { sendPush, type Vapid } from '../../lib/webpush';
import { sendWhatsApp, WhatsAppError } from '../../lib/whatsapp';
import { consentStatements, isLocalPushEndpoint, optOutToken, pushAvailable, whatsappAvailable } from './channels';

/** What a delivery row carries: a topic with its parameters and link, or an announcement (by id, or its texts). */
export type Message =
  | { topic: Exclude<Topic, 'announcement'>; params: Record<string, string>; link: string }
  | { topic: 'announcement'; id?: number; text?: AnnouncementText };
export type AnnouncementText = { titleEn: string; bodyEn: string; titleBn: string; bodyBn: string };

/** Tries a message gets on one channel; the waits between them (1, 4, 16, 64 minutes) are at least that long. */
export const MAX_ATTEMPTS = 5;
const backoff = (attempts: number) => 60_000 * 4 ** (attempts - 1);
/** Rows one drain sends at most (the cron's run; a request's own drain is one event). */
export const DRAIN_LIMIT = 300;
/** Requests in flight at once per channel (WhatsApp and push services take far more; a Worker has 6 connections). */
const PARALLEL = 5;
/** A row left `sending` this long was interrupted mid-send: it may have arrived, so it is never sent again. */
const STUCK_MS = 15 * 60_000;

// ---- queueing ----

export type Audience = { sql: string; params: unknown[] };

/**
 * Queues `message` for the members `members` selects (a statement answering `uid`) on `channels`: `queued` where
 * the member chose the channel for this kind (or its default) and has a number or a phone for it, otherwise
 * `skipped` with the reason (off, no number, no device, not offered), so that a report can count who opted out.
 * ON CONFLICT DO NOTHING on (event, member, channel): a second trigger queues nothing. `force` (a test to oneself)
 * ignores the choices, not the addresses.
 */
export function enqueueStatement(
  s: Svc,
  q: { event: string; kind: MessageKind; members: Audience; message: Message; channels: Channel[]; force?: boolean },
) {
  const at = Date.now();
  const chosen = `COALESCE((SELECT granted FROM channel_prefs p WHERE p.user_id = a.uid AND p.kind = ?1 AND p.channel = c.ch),
    c.ch = 'email')`;
  const reason = `CASE WHEN (c.ch = 'whatsapp' AND NOT ?2) OR (c.ch = 'push' AND NOT ?3) THEN 'not offered'
    WHEN NOT (?4 OR (?1 = 'payments' AND c.ch = 'email') OR ${chosen}) THEN 'off'
    WHEN c.ch = 'whatsapp' AND NOT EXISTS (SELECT 1 FROM whatsapp_numbers w WHERE w.user_id = a.uid) THEN 'no number'
    WHEN c.ch = 'push' AND NOT EXISTS (SELECT 1 FROM push_subscriptions x WHERE x.user_id = a.uid) THEN 'no device' END`;
  const channels = q.channels.map((c) => `SELECT '${c}' AS ch`).join(' UNION ALL ');
  // numbered parameters ?1-?7, then the audience's own, renumbered after them
  let n = 8;
  const members = q.members.sql.replace(/\?/g, () => `?${n++}`);
  return raw(
    `INSERT INTO deliveries (user_id, event, channel, kind, state, message, next_at, error, created_at)
      SELECT uid, ?5, ch, ?1, CASE WHEN reason IS NULL THEN 'queued' ELSE 'skipped' END, ?6, ?7, reason, ?7
      FROM (SELECT a.uid AS uid, c.ch AS ch, ${reason} AS reason FROM (${members}) a CROSS JOIN (${channels}) c)
      WHERE 1 ON CONFLICT DO NOTHING`,
    q.kind,
    whatsappAvailable(s.config) ? 1 : 0,
    pushAvailable(s.config) ? 1 : 0,
    q.force ? 1 : 0,
    q.event,
    JSON.stringify(q.message),
    at,
    ...q.members.params,
  );
}

export type Notice = {
  userId: number;
  event: string;
  kind: MessageKind;
  topic: Exclude<Topic, 'announcement'>;
  params: Record<string, string>;
  link: string;
};

/**
 * A member's message about their own payments or renewal on WhatsApp and push (their email goes its own way,
 * worker/services/checkout/order-mail.ts): queued now, sent after the answer (the request's defer) or at once in the cron.
 * Never throws: a channel's trouble is logged and left to the cron's retries.
 */
export async function notify(s: Svc, n: Notice): Promise<void> {
  try {
    await runBatch(s.db, [
      enqueueStatement(s, {
        event: n.event,
        kind: n.kind,
        members: { sql: 'SELECT ? AS uid', params: [n.userId] },
        message: { topic: n.topic, params: n.params, link: n.link },
        channels: ['whatsapp', 'push'],
      }),
    ]);
    const drain = trackMail(drainDeliveries(s, { event: n.event }));
    if (s.defer) s.defer(drain);
    else await drain;
  } catch (err) {
    log('error', 'deliveries.notify_failed', { event: n.event, error: String(err) });
  }
}

// ---- sending ----

type Row = {
  id: number;
  userId: number;
  event: string;
  channel: Channel;
  kind: MessageKind;
  message: string;
  attempts: number;
};
type Member = { id: number; name: string; email: string; lang: string | null; number: string | null };
type Sub = { id: number; userId: number; endpoint: string; p256dh: string; auth: string };
type Outcome = { state: 'sent' | 'failed' | 'retry' | 'skipped'; error?: string; providerId?: string };

const chunks = <T>(xs: T[], n = 90) =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));
const marks = (xs: unknown[]) => xs.map(() => '?').join(',');

async function all<T>(s: Svc, q: string, params: unknown[]): Promise<T[]> {
  return (await runBatch(s.db, [raw<T>(q, ...params)]))[0].results;
}

/** Runs `work` over `items`, `n` at a time. */
async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Sends what is due: rows `queued` whose time has come (one event's, or all), each claimed by one conditional
 * update (`queued -> sending`, and `skipped` instead when the member withdrew consent or the announcement was
 * stopped since it was queued), sent, then marked sent, failed, or queued again later.
 */
export async function drainDeliveries(
  s: Svc,
  opts: { event?: string; limit?: number; at?: number } = {},
): Promise<{ sent: number; failed: number; retried: number }> {
  const at = opts.at ?? Date.now();
  const counts = { sent: 0, failed: 0, retried: 0 };
  await runBatch(s.db, [
    raw(
      `UPDATE deliveries SET state = 'failed', error = 'interrupted while sending: it may have arrived'
      WHERE state = 'sending' AND next_at < ?`,
      at - STUCK_MS,
    ),
  ]);
  const due = await all<Row>(
    s,
    `SELECT id, user_id AS userId, event, channel, kind, message, attempts FROM deliveries
      WHERE state = 'queued' AND next_at <= ? ${opts.event ? 'AND event = ?' : ''} ORDER BY next_at, id LIMIT ?`,
    opts.event ? [at, opts.event, opts.limit ?? DRAIN_LIMIT] : [at, opts.limit ?? DRAIN_LIMIT],
  );
  if (due.length === 0) return counts;
  const ids = [...new Set(due.map((r) => r.userId))];
  const members = new Map<number, Member>();
  const subs = new Map<number, Sub[]>();
  for (const part of chunks(ids)) {
    for (const m of await all<Member>(
      s,
      `SELECT u.id, u.name, u.email, u.lang, w.number FROM users u LEFT JOIN whatsapp_numbers w ON w.user_id = u.id
        WHERE u.id IN (${marks(part)})`,
      part,
    ))
      members.set(m.id, m);
    for (const x of await all<Sub>(
      s,
      `SELECT id, user_id AS userId, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id IN (${marks(part)})`,
      part,
    ))
      subs.set(x.userId, [...(subs.get(x.userId) ?? []), x]);
  }
  const texts = await announcementTexts(s, due);
  if (due.some((r) => parseLocale(members.get(r.userId)?.lang) === 'bn-IN')) await bengaliReady();

  const send = async (row: Row) => {
    // the claim: one conditional update, so that two drains never both send a row; it also reads whether the
    // member withdrew consent (or the announcement was stopped) since the row was queued
    const claimed = (
      await runBatch(s.db, [
        raw<{ off: number }>(
          `UPDATE deliveries SET attempts = attempts + 1, next_at = ?, state = 'sending'
        WHERE id = ? AND state = 'queued' RETURNING ${WITHDRAWN} AS off`,
          Date.now(),
          row.id,
        ),
      ])
    )[0].results[0];
    if (!claimed) return;
    const member = members.get(row.userId);
    let out: Outcome;
    try {
      out = claimed.off
        ? { state: 'skipped', error: 'off' }
        : member
          ? await deliver(s, row, member, subs.get(row.userId) ?? [], texts)
          : { state: 'failed', error: 'no such account' };
    } catch (err) {
      out = { state: 'retry', error: String(err) };
    }
    const retry = out.state === 'retry' && row.attempts + 1 < MAX_ATTEMPTS;
    const state = out.state === 'sent' || out.state === 'skipped' ? out.state : retry ? 'queued' : 'failed';
    if (state !== 'skipped') counts[state === 'sent' ? 'sent' : retry ? 'retried' : 'failed']++;
    if (state === 'failed') log('warn', 'deliveries.failed', { id: row.id, channel: row.channel, error: out.error });
    await runBatch(s.db, [
      raw(
        `UPDATE deliveries SET state = ?, next_at = ?, error = ?, provider_id = ?, sent_at = ? WHERE id = ? AND state = 'sending'`,
        state,
        retry ? Date.now() + backoff(row.attempts + 1) : Date.now(),
        out.error?.slice(0, 300) ?? null,
        out.providerId ?? null,
        state === 'sent' ? Date.now() : null,
        row.id,
      ),
    ]);
  };
  const lane = (c: Channel) => due.filter((r) => r.channel === c);
  // emails through a real provider go one at a time, 600 ms apart (Resend's 2 requests a second)
  const emails = async () => {
    for (const row of lane('email')) {
      await send(row);
      if (s.config.MAIL_PROVIDER === 'http') await new Promise((r) => setTimeout(r, 600));
    }
  };
  await Promise.all([emails(), pool(lane('whatsapp'), PARALLEL, send), pool(lane('push'), PARALLEL, send)]);
  return counts;
}

/** Consent withdrawn since the row was queued, or its announcement stopped (SQL over the row being claimed). */
const WITHDRAWN = `(COALESCE((SELECT granted FROM channel_prefs p WHERE p.user_id = deliveries.user_id
    AND p.kind = deliveries.kind AND p.channel = deliveries.channel), 1) = 0
    AND NOT (deliveries.kind = 'payments' AND deliveries.channel = 'email')
    AND deliveries.event NOT LIKE 'test:%')
  OR EXISTS (SELECT 1 FROM announcements a WHERE deliveries.event = 'ann:' || a.id AND a.state = 'stopped')`;

async function announcementTexts(s: Svc, rows: Row[]) {
  const ids = [
    ...new Set(
      rows.map((r) => (JSON.parse(r.message) as Message & { id?: number }).id).filter((id): id is number => !!id),
    ),
  ];
  const out = new Map<number, AnnouncementText>();
  for (const part of chunks(ids))
    for (const a of await all<AnnouncementText & { id: number }>(
      s,
      `SELECT id, title_en AS titleEn, body_en AS bodyEn, title_bn AS titleBn, body_bn AS bodyBn FROM announcements
        WHERE id IN (${marks(part)})`,
      part,
    ))
      out.set(a.id, a);
  return out;
}

/** The texts of one message in the member's language: title, body, the link and the opt-out link. */
async function contentOf(s: Svc, row: Row, lang: Locale, texts: Map<number, AnnouncementText>, userId: number) {
  const m = JSON.parse(row.message) as Message;
  const cat = notifyCatalogue(lang);
  const stop = `unsubscribe?token=${encodeURIComponent(
    await optOutToken(s.config.PASSWORD_PEPPER, userId, row.kind, row.channel),
  )}`;
  if (m.topic === 'announcement') {
    const a = m.text ?? texts.get(m.id ?? 0);
    if (!a) throw new Error(`announcement ${m.id} is gone`);
    const bn = lang === 'bn-IN';
    const params = { title: bn ? a.titleBn : a.titleEn, body: bn ? a.bodyBn : a.bodyEn };
    return { topic: m.topic, params, title: params.title, body: params.body, link: stop, stop, cat };
  }
  // a transfer rejected for a stock reason: the reason in the member's language (an admin's own words go as written)
  const stock = `notify.rejected.${m.params.reasonCode}`;
  const params = stock in cat ? { ...m.params, reason: cat[stock as NotifyKey] } : m.params;
  return {
    topic: m.topic,
    params,
    title: format(cat[`notify.${m.topic}.title`], params),
    body: format(cat[`notify.${m.topic}.body`], params),
    link: m.link,
    stop,
    cat,
  };
}

async function deliver(
  s: Svc,
  row: Row,
  member: Member,
  subs: Sub[],
  texts: Map<number, AnnouncementText>,
): Promise<Outcome> {
  const lang = parseLocale(member.lang);
  const c = await contentOf(s, row, lang, texts, member.id);
  if (row.channel === 'whatsapp') {
    if (!member.number) return { state: 'failed', error: 'no number' };
    try {
      const id = await sendWhatsApp(s.config, s.env, {
        to: member.number,
        template: TOPICS[c.topic],
        lang: lang === 'bn-IN' ? 'bn' : 'en',
        params: c.params,
        link: c.link,
      });
      return { state: 'sent', providerId: id };
    } catch (err) {
      if (!(err instanceof WhatsAppError)) throw err;
      return { state: err.retry ? 'retry' : 'failed', error: `${err.code} ${err.message}` };
    }
  }
  if (row.channel === 'push') return pushTo(s, subs, c, row);
  // email: announcements only (the payments' and reminders' emails have their own senders)
  const url = `${s.origin}/${c.stop}`;
  const status = await sendMail(s.db, s.config, {
    to: member.email,
    lang,
    // the committee's own title and text, as they wrote them; the footer from the catalogue
    write: (w) => {
      const mail = compose(c.title, [c.body]);
      const footer = w('announce.footer', { url });
      return {
        ...mail,
        text: `${mail.text}\n\n${footer}`,
        html: `${mail.html}\n<p style="color:#555;font-size:12px">${escapeHtml(footer)}</p>
<p style="font-size:12px"><a href="${escapeHtml(url)}">${escapeHtml(w('announce.stop'))}</a></p>`,
      };
    },
    headers: {
      'List-Unsubscribe': `<${s.origin}/api/unsubscribe/oneClick?${c.stop.slice('unsubscribe?'.length)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
  return status === 'failed' ? { state: 'retry', error: 'the mail provider refused it' } : { state: 'sent' };
}

async function pushTo(
  s: Svc,
  subs: Sub[],
  c: { title: string; body: string; link: string; stop: string; cat: ReturnType<typeof notifyCatalogue>; topic: Topic },
  row: Row,
): Promise<Outcome> {
  if (subs.length === 0) return { state: 'failed', error: 'no device' };
  const vapid: Vapid = {
    publicKey: s.config.VAPID_PUBLIC_KEY!,
    privateKey: s.config.VAPID_PRIVATE_KEY!,
    subject: s.config.VAPID_SUBJECT,
  };
  const payload = JSON.stringify({
    title: c.title,
    body: c.body,
    url: `/${c.link}`,
    tag: row.event,
    stop: { url: `/${c.stop}`, label: c.cat['notify.announcement.button'] },
  });
  const results = await Promise.all(
    subs.map(async (sub) => {
      try {
        const send = (req: Request) =>
          isLocalPushEndpoint(s.config, sub.endpoint) ? localApp()(req, s.env) : fetch(req);
        return {
          sub,
          ...(await sendPush(sub, payload, vapid, send, { urgency: row.kind === 'announcements' ? 'high' : 'normal' })),
        };
      } catch (err) {
        return { sub, outcome: 'retry' as const, status: 0, error: String(err) };
      }
    }),
  );
  const gone = results.filter((r) => r.outcome === 'gone').map((r) => r.sub.id);
  if (gone.length > 0) {
    // the browser dropped these subscriptions (404/410): never try them again
    await runBatch(s.db, [raw(`DELETE FROM push_subscriptions WHERE id IN (${marks(gone)})`, ...gone)]);
    log('info', 'push.expired_removed', { count: gone.length });
  }
  const statuses = results.map((r) => r.status).join(',');
  if (results.some((r) => r.outcome === 'sent')) return { state: 'sent', providerId: statuses };
  if (results.some((r) => r.outcome === 'retry')) return { state: 'retry', error: `push service answered ${statuses}` };
  if (gone.length === results.length) return { state: 'failed', error: 'subscription expired' };
  return { state: 'failed', error: `push service refused it (${statuses})` };
}

// ---- WhatsApp's webhook: delivery statuses and STOP replies ----

type WaWebhook = {
  entry?: {
    changes?: {
      value?: {
        statuses?: { id?: string; status?: string; errors?: { code?: number; title?: string }[] }[];
        messages?: { from?: string; type?: string; text?: { body?: string }; button?: { text?: string } }[];
      };
    }[];
  }[];
};

/** GET /api/webhooks/whatsapp: Meta's check when the webhook is set up (hub.verify_token = WHATSAPP_VERIFY_TOKEN). */
export function whatsappChallenge(s: Svc, q: { mode?: string; token?: string; challenge?: string }): string {
  const mine = s.config.WHATSAPP_VERIFY_TOKEN;
  if (q.mode !== 'subscribe' || !mine || !q.token || !timingSafeEqual(q.token, mine)) {
    throw new DomainError('InvalidSignature', say('webhook.badSignature'), 403);
  }
  return q.challenge ?? '';
}

/** Replies that withdraw WhatsApp consent (Meta's opt-out keywords, and the Bengali "stop"). */
const STOP_WORDS = new Set(['STOP', 'UNSUBSCRIBE', 'বন্ধ']);

/**
 * POST /api/webhooks/whatsapp (docs/decisions/231): signed by Meta with the app secret (X-Hub-Signature-256 over the
 * raw body). A `failed` status marks its delivery failed with Meta's code (131026: not on WhatsApp, 131030: not an
 * allowed test number, ...); a STOP reply withdraws every WhatsApp consent of the members with that number.
 */
export async function whatsappWebhook(
  s: Svc,
  { raw: text, signature }: { raw: string; signature: string | undefined },
) {
  const secret = s.config.WHATSAPP_APP_SECRET;
  if (!secret || !signature || !timingSafeEqual(signature, `sha256=${await hmacSha256Hex(secret, text)}`)) {
    throw new DomainError('InvalidSignature', say('webhook.badSignature'), 401);
  }
  let body: WaWebhook;
  try {
    body = JSON.parse(text) as WaWebhook;
  } catch {
    throw new DomainError('BadRequest', say('webhook.notJson'), 400);
  }
  const values = (body.entry ?? []).flatMap((e) => e.changes ?? []).map((c) => c.value ?? {});
  let failed = 0;
  let stopped = 0;
  for (const v of values) {
    for (const st of v.statuses ?? []) {
      if (st.status !== 'failed' || !st.id) continue;
      const e = st.errors?.[0];
      const res = await runBatch(s.db, [
        raw(
          `UPDATE deliveries SET state = 'failed', error = ? WHERE provider_id = ? AND channel = 'whatsapp'`,
          `${e?.code ?? ''} ${e?.title ?? 'failed'}`.trim(),
          st.id,
        ),
      ]);
      failed += changesOf(res);
    }
    for (const m of v.messages ?? []) {
      const said = (m.text?.body ?? m.button?.text ?? '').trim().toUpperCase();
      if (!m.from || !STOP_WORDS.has(said)) continue;
      const { results } = (
        await runBatch(s.db, [
          raw<{
            id: number;
          }>('SELECT user_id AS id FROM whatsapp_numbers WHERE number = ?', `+${m.from}`),
        ])
      )[0];
      for (const u of results) {
        const all = MESSAGE_KINDS.map((kind) => ({ kind, channel: 'whatsapp' as const, on: false }));
        await runBatch(s.db, consentStatements(u.id, all, null, 'whatsapp-stop'));
        stopped++;
      }
    }
  }
  return { failed, stopped };
}
