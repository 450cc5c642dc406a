// Announcements (docs/decisions/233): the committee's news in English and Bengali to an audience, on
// each member's chosen channels, sent by the cron in batches like renewal reminders; a report per channel; the
// operational ones on /venue; and each member's deliveries for admins.
import type * as z from 'zod';
import { type Audience as AudienceName, CHANNELS, type Channel, type MessageKind } from '../../../core/channels';
import type {
  AnnouncementsView,
  AnnouncementView,
  AudienceCount,
  ChannelReport,
  createAnnouncementRequest,
  DeliveryView,
  MemberDeliveries,
  TestSendResult,
  VenueNotice,
} from '../../../core/contracts/channels';
import { festivalYear } from '../../../core/festival';
import type { Bindings } from '../../env';
import { randomToken } from '../../lib/crypto';
import { raw, runBatch, sqlOf } from '../../lib/d1-batch';
import { DomainError, say, told } from '../../lib/errors';
import { log } from '../../lib/log';
import { trackMail } from '../../lib/mail';
import type { Actor } from '../../lib/session';
import { cronSvc, type Svc, sessionBatchOf } from '../../lib/svc';
import { type AnnouncementText, type Audience, drainDeliveries, enqueueStatement } from './deliveries';

/** Members one cron run takes on per announcement (up to three deliveries each, sent by the same run's drain). */
export const ANNOUNCE_BATCH_SIZE = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

type Target = { audience: AudienceName; productId?: number | null; fiscalYear: string };

/** The members of an audience, as a statement answering `uid` (each member once). */
export function audienceOf(a: Target): Audience {
  switch (a.audience) {
    case 'pass':
      return {
        sql: `SELECT DISTINCT o.user_id AS uid FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE l.product_id = ? AND l.refunded_qty < l.qty AND o.fiscal_year = ? AND o.status = 'Success'`,
        params: [a.productId ?? 0, a.fiscalYear],
      };
    case 'members':
      return {
        sql: 'SELECT DISTINCT user_id AS uid FROM memberships WHERE fiscal_year = ? AND paid = 1',
        params: [a.fiscalYear],
      };
    case 'sponsors':
      return {
        sql: `SELECT DISTINCT o.user_id AS uid FROM orders o JOIN order_lines l ON l.order_id = o.id
          WHERE o.fiscal_year = ? AND o.status = 'Success' AND l.type = 'SPONSORSHIP' AND l.refunded_qty < l.qty`,
        params: [a.fiscalYear],
      };
    case 'volunteers':
      return { sql: 'SELECT id AS uid FROM users WHERE is_volunteer = 1', params: [] };
    default:
      return { sql: 'SELECT id AS uid FROM users', params: [] };
  }
}

// How many of an audience each channel reaches today (chosen, with a number or a phone).
const on = (channel: Channel) =>
  `COALESCE((SELECT granted FROM channel_prefs p WHERE p.user_id = a.uid AND p.kind = 'announcements' AND p.channel = '${channel}'), ${channel === 'email' ? 1 : 0})`;
const REACH = `COUNT(*) AS members, COALESCE(SUM(${on('email')}), 0) AS email,
  COALESCE(SUM(${on('whatsapp')} AND EXISTS (SELECT 1 FROM whatsapp_numbers w WHERE w.user_id = a.uid)), 0) AS whatsapp,
  COALESCE(SUM(${on('push')} AND EXISTS (SELECT 1 FROM push_subscriptions x WHERE x.user_id = a.uid)), 0) AS push`;
/** An erased account (docs/decisions/265) keeps its row for its paid orders, but is nobody to reach. */
const NOT_ERASED = 'NOT EXISTS (SELECT 1 FROM users d WHERE d.id = x.uid AND d.deleted_at IS NOT NULL)';
type ReachRow = { members: number; email: number; whatsapp: number; push: number };

const reachOf = (r: ReachRow | undefined): AudienceCount => ({
  members: Number(r?.members ?? 0),
  reach: { email: Number(r?.email ?? 0), whatsapp: Number(r?.whatsapp ?? 0), push: Number(r?.push ?? 0) },
});

/** /getAnnouncementAudience: the audience's size and reach per channel, with the session lookup (admins only). */
export async function audienceCount(
  s: Svc,
  input: { audience: AudienceName; productId?: number },
  at = Date.now(),
): Promise<AudienceCount> {
  const a = audienceOf({ ...input, fiscalYear: festivalYear(at) });
  const { results } = await sessionBatchOf(s)(
    (me, db) =>
      [
        db.all<ReachRow>(
          sqlOf(
            `SELECT ${REACH} FROM (SELECT uid FROM (${a.sql}) x WHERE ${NOT_ERASED} LIMIT ?) a`,
            ...a.params,
            me.limit(),
          ),
        ),
      ] as const,
  );
  return reachOf(results[0][0]);
}

// ---- the composer: test to oneself, create (now or at a time), stop ----

/**
 * /sendAnnouncementTest: the texts to the admin on every channel the admin has (email; WhatsApp with a number;
 * push with a phone), whatever the admin's own choices, at once; records the deliveries like any other.
 */
export async function sendTest(s: Svc, actor: Actor, text: AnnouncementText): Promise<TestSendResult> {
  const event = `test:${randomToken(9)}`;
  await runBatch(s.db, [
    enqueueStatement(s, {
      event,
      kind: 'announcements',
      members: { sql: 'SELECT ? AS uid', params: [actor.userId] },
      message: { topic: 'announcement', text },
      channels: [...CHANNELS],
      force: true,
    }),
  ]);
  await trackMail(drainDeliveries(s, { event }));
  const { results } = (
    await runBatch(s.db, [
      raw<{
        channel: Channel;
        state: DeliveryView['state'];
      }>('SELECT channel, state FROM deliveries WHERE event = ? ORDER BY id', event),
    ])
  )[0];
  results.sort((a, b) => CHANNELS.indexOf(a.channel) - CHANNELS.indexOf(b.channel));
  return { ...told('announce.testSent'), channels: results };
}

type Row = {
  id: number;
  titleEn: string;
  bodyEn: string;
  titleBn: string;
  bodyBn: string;
  audience: AudienceName;
  productId: number | null;
  productName: string | null;
  fiscalYear: string;
  operational: number;
  state: AnnouncementView['state'];
  sendAt: number;
  createdAt: number;
  createdBy: string | null;
  finishedAt: number | null;
};
const COLUMNS = `a.id, a.title_en AS titleEn, a.body_en AS bodyEn, a.title_bn AS titleBn, a.body_bn AS bodyBn,
  a.audience, a.product_id AS productId, p.name AS productName, a.fiscal_year AS fiscalYear, a.operational, a.state,
  a.send_at AS sendAt, a.created_at AS createdAt, u.name AS createdBy, a.finished_at AS finishedAt
  FROM announcements a LEFT JOIN users u ON u.id = a.created_by LEFT JOIN products p ON p.id = a.product_id`;

/**
 * /createAnnouncement: the announcement, sent now (its first batch right after the answer) or at `sendAt` by the
 * cron. Read with the session lookup (the pass named, the audience's size), then one batch: the insert keyed by
 * the composer's requestKey (a double click or a retry creates nothing more and answers the same) and its audit row.
 */
export async function createAnnouncement(
  s: Svc,
  input: z.output<typeof createAnnouncementRequest>,
  at = Date.now(),
): Promise<{ message: string; announcement: AnnouncementView }> {
  const fiscalYear = festivalYear(at);
  const a = audienceOf({ ...input, fiscalYear });
  const { actor, results } = await sessionBatchOf(s)(
    (me, db) =>
      [
        db.all<{ id: number }>(
          sqlOf(
            `SELECT id FROM products WHERE id = ? AND type = 'DAILY_PASS' LIMIT ?`,
            input.productId ?? 0,
            me.limit(1),
          ),
        ),
        db.all<ReachRow>(
          sqlOf(
            `SELECT ${REACH} FROM (SELECT uid FROM (${a.sql}) x WHERE ${NOT_ERASED} LIMIT ?) a`,
            ...a.params,
            me.limit(),
          ),
        ),
      ] as const,
  );
  const [pass, reach] = results;
  if (input.audience === 'pass' && pass.length === 0) throw new DomainError('BadRequest', say('announce.noPass'), 400);
  if (input.sendAt && input.sendAt > at + 60 * DAY_MS)
    throw new DomainError('BadRequest', say('announce.tooLate'), 400);
  const count = reachOf(reach[0]).members;
  if (count === 0) throw new DomainError('NoAudience', say('announce.noAudience'), 409);
  const sendAt = Math.max(input.sendAt ?? at, at);
  const state = sendAt <= at + 60_000 ? 'sending' : 'scheduled';
  const [ins, , row] = (await runBatch(s.db, [
    raw(
      `INSERT INTO announcements (title_en, body_en, title_bn, body_bn, audience, product_id, fiscal_year, operational,
          state, send_at, request_key, created_by, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (request_key) DO NOTHING`,
      input.titleEn,
      input.bodyEn,
      input.titleBn,
      input.bodyBn,
      input.audience,
      input.audience === 'pass' ? input.productId : null,
      fiscalYear,
      input.operational ? 1 : 0,
      state,
      sendAt,
      input.requestKey,
      actor.userId,
      at,
    ),
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
        SELECT ?, 'announcement.created', 'announcement', last_insert_rowid(), ? WHERE changes() = 1`,
      actor.userId,
      JSON.stringify({ audience: input.audience, productId: input.productId ?? null, members: count, sendAt }),
    ),
    raw(`SELECT ${COLUMNS} WHERE a.request_key = ?`, input.requestKey),
  ])) as [{ meta: { changes?: number } }, unknown, { results: Row[] }];
  const made = row.results[0]!;
  if (ins.meta.changes === 1 && made.state === 'sending') {
    // the first batch goes out right after the answer; the cron sends the rest
    s.defer?.(trackMail(runAnnouncementStep(s, { id: made.id })));
  }
  // just made: nothing sent yet (a repeated request answers the same, and the list shows its report)
  const view = viewsOf([made], [])[0]!;
  const message =
    made.state === 'scheduled'
      ? told('announce.scheduled', { sendAt: made.sendAt })
      : told('announce.created', { count });
  return { ...message, announcement: view };
}

/** /stopAnnouncement: nothing more goes out (queued deliveries are skipped); what was sent stays sent. */
export async function stopAnnouncement(s: Svc, actor: Actor, { id }: { id: number }) {
  const [res] = await runBatch(s.db, [
    raw(
      `UPDATE announcements SET state = 'stopped', finished_at = ? WHERE id = ? AND state IN ('scheduled', 'sending')`,
      Date.now(),
      id,
    ),
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
        SELECT ?, 'announcement.stopped', 'announcement', ?, '{}' WHERE changes() = 1`,
      actor.userId,
      String(id),
    ),
  ]);
  if (res?.meta.changes !== 1) throw new DomainError('NotRunning', say('announce.notRunning'), 409);
  return told('announce.stopped');
}

// ---- the list and its report ----

type ReportRow = { event: string; channel: Channel; state: string; error: string | null; n: number; members: number };

function reportOf(rows: ReportRow[], event: string): { members: number; report: Record<Channel, ChannelReport> } {
  const report = Object.fromEntries(
    CHANNELS.map((c) => [c, { sent: 0, failed: 0, waiting: 0, off: 0, unreachable: 0 }]),
  ) as Record<Channel, ChannelReport>;
  let members = 0;
  for (const r of rows) {
    if (r.event !== event) continue;
    const n = Number(r.n);
    const into = report[r.channel];
    if (r.channel === 'email') members += n; // one email row per member
    if (r.state === 'sent') into.sent += n;
    else if (r.state === 'failed') into.failed += n;
    else if (r.state === 'skipped') into[r.error === 'off' ? 'off' : 'unreachable'] += n;
    else into.waiting += n;
  }
  return { members, report };
}

const REPORT_SQL = `SELECT event, channel, state, CASE WHEN error = 'off' THEN 'off' END AS error, COUNT(*) AS n
  FROM deliveries WHERE event IN (%) GROUP BY event, channel, state, CASE WHEN error = 'off' THEN 'off' END`;

function viewsOf(rows: Row[], report: ReportRow[]): AnnouncementView[] {
  return rows.map(({ fiscalYear: _, operational, ...r }) => ({
    ...r,
    operational: operational === 1,
    ...reportOf(report, `ann:${r.id}`),
  }));
}

/** /getAnnouncements: the latest 20 with their reports and the daily passes, with the session lookup (admins). */
export async function getAnnouncements(s: Svc): Promise<AnnouncementsView> {
  const { results } = await sessionBatchOf(s)(
    (me, db) =>
      [
        db.all<Row>(sqlOf(`SELECT ${COLUMNS} ORDER BY a.id DESC LIMIT ?`, me.limit(20))),
        db.all<ReportRow>(
          sqlOf(
            REPORT_SQL.replace('%', `SELECT 'ann:' || id FROM announcements ORDER BY id DESC LIMIT ?`),
            me.limit(20),
          ),
        ),
        db.all<{ id: number; name: string; code: string }>(
          sqlOf(
            // the live catalogue's passes: after a rollover, last year's copies are not offered
            `SELECT id, name, code FROM products WHERE type = 'DAILY_PASS' AND code <> 'DNP' AND publish_at <= ?
               AND festival_year = (SELECT max(lp.festival_year) FROM products lp WHERE lp.publish_at <= ? AND lp.code <> 'DNP')
             ORDER BY sort_order, id LIMIT ?`,
            Date.now(),
            Date.now(),
            me.limit(50),
          ),
        ),
      ] as const,
  );
  const [rows, report, passes] = results;
  return { announcements: viewsOf(rows, report), passes };
}

// ---- the cron's step ----

/**
 * One run: announcements whose time has come start sending; each sending one takes on its next members (ids
 * above the highest already taken: INSERT ... ON CONFLICT DO NOTHING, so two runs at once take each member once)
 * and is done when no member is left and nothing of it waits; then what is due is sent.
 */
export async function runAnnouncementStep(s: Svc, opts: { id?: number; at?: number; batchSize?: number } = {}) {
  const at = opts.at ?? Date.now();
  await runBatch(s.db, [
    raw(`UPDATE announcements SET state = 'sending' WHERE state = 'scheduled' AND send_at <= ?`, at),
  ]);
  const { results: sending } = (
    await runBatch(s.db, [
      raw<Target & { id: number }>(
        `SELECT id, audience, product_id AS productId, fiscal_year AS fiscalYear FROM announcements
      WHERE state = 'sending' ${opts.id ? 'AND id = ?' : ''} ORDER BY id`,
        ...(opts.id ? [opts.id] : []),
      ),
    ])
  )[0];
  let taken = 0;
  const exhausted: number[] = [];
  for (const a of sending) {
    const event = `ann:${a.id}`;
    const members = audienceOf(a);
    const [claim] = await runBatch(s.db, [
      enqueueStatement(s, {
        event,
        kind: 'announcements',
        members: {
          sql: `SELECT uid FROM (${members.sql})
            WHERE uid > (SELECT COALESCE(MAX(user_id), 0) FROM deliveries WHERE event = ?) ORDER BY uid LIMIT ?`,
          params: [...members.params, event, opts.batchSize ?? ANNOUNCE_BATCH_SIZE],
        },
        message: { topic: 'announcement', id: a.id },
        channels: [...CHANNELS],
      }),
    ]);
    const added = claim?.meta.changes ?? 0;
    taken += added;
    if (added === 0) exhausted.push(a.id);
  }
  // what is due now, the rows just queued included
  const drained = await drainDeliveries(s, {
    ...(opts.id ? { event: `ann:${opts.id}` } : {}),
    ...(opts.at ? { at: opts.at } : {}),
  });
  // done: no member left to take, and nothing of it waiting (a retry keeps it sending until it is sent or failed)
  for (const id of exhausted) {
    await runBatch(s.db, [
      raw(
        `UPDATE announcements SET state = 'done', finished_at = ? WHERE id = ? AND state = 'sending'
        AND NOT EXISTS (SELECT 1 FROM deliveries WHERE event = ? AND state IN ('queued', 'sending'))`,
        Date.now(),
        id,
        `ann:${id}`,
      ),
    ]);
  }
  if (sending.length > 0 || drained.sent + drained.failed > 0)
    log('info', 'announcements.batch', { taken, ...drained });
  return { announcements: sending.length, taken, ...drained };
}

/** The cron step (worker/index.ts): scheduled and sending announcements, then every delivery that is due. */
export async function runChannelsStep(env: Bindings) {
  return runAnnouncementStep(cronSvc(env));
}

// ---- volunteers at the venue ----

/** /getVenueNotices: the operational announcements of the last day, newest first (staff; beside the session). */
export async function venueNotices(s: Svc, at = Date.now()): Promise<VenueNotice[]> {
  const { results } = (
    await runBatch(s.db, [
      raw<VenueNotice>(
        `SELECT id, title_en AS titleEn, body_en AS bodyEn, title_bn AS titleBn, body_bn AS bodyBn, send_at AS at
      FROM announcements WHERE operational = 1 AND state IN ('sending', 'done') AND send_at > ?
      ORDER BY send_at DESC LIMIT 3`,
        at - DAY_MS,
      ),
    ])
  )[0];
  return results;
}

// ---- a member's deliveries (admins) ----

type DeliveryRow = {
  id: number;
  channel: Channel;
  kind: MessageKind;
  event: string;
  message: string;
  title: string | null;
  state: DeliveryView['state'];
  attempts: number;
  error: string | null;
  at: number;
};

/**
 * /getMemberDeliveries: what was sent to one member on which channel and how it went: the queued channels'
 * deliveries (a skipped one says why: opted out, no number or phone) and the outbox's emails, newest first. One round
 * trip with the session.
 */
export async function memberDeliveries(s: Svc, { email }: { email: string }): Promise<MemberDeliveries> {
  const addr = email.trim().toLowerCase();
  const user = 'SELECT id FROM users WHERE email = ?';
  const { results } = await sessionBatchOf(s)(
    (me, db) =>
      [
        db.all<MemberDeliveries['member']>(
          sqlOf('SELECT id, name, email, mobile FROM users WHERE email = ? LIMIT ?', addr, me.limit(1)),
        ),
        db.all<DeliveryRow>(
          sqlOf(
            `SELECT d.id, d.channel, d.kind, d.event, d.message, a.title_en AS title, d.state, d.attempts, d.error,
                COALESCE(d.sent_at, d.created_at) AS at
              FROM deliveries d LEFT JOIN announcements a ON d.event = 'ann:' || a.id
              WHERE d.user_id = (${user}) ORDER BY d.id DESC LIMIT ?`,
            addr,
            me.limit(100),
          ),
        ),
        db.all<{ id: number; subject: string; status: string; error: string | null; at: number }>(
          sqlOf(
            `SELECT id, subject, status, error, created_at AS at FROM email_outbox WHERE to_addr = ? ORDER BY id DESC LIMIT ?`,
            addr,
            me.limit(50),
          ),
        ),
      ] as const,
  );
  const [member, rows, emails] = results;
  if (!member[0]) throw new DomainError('NotFound', say('deliveries.noMember', { email: addr }), 404);
  const described = (r: DeliveryRow) => {
    const m = JSON.parse(r.message) as { topic: string; params?: Record<string, string>; text?: { titleEn: string } };
    if (m.topic === 'announcement') return { topic: null, ref: null, what: r.title ?? m.text?.titleEn ?? '' };
    return { topic: m.topic as DeliveryView['topic'], ref: m.params?.rcpt ?? m.params?.year ?? null, what: '' };
  };
  const deliveries: DeliveryView[] = [
    ...rows.map((r) => ({
      id: `d${r.id}`,
      channel: r.channel,
      kind: r.kind,
      ...described(r),
      state: r.state,
      attempts: r.attempts,
      error: r.error,
      at: r.at,
    })),
    ...emails.map((e) => ({
      id: `e${e.id}`,
      channel: 'email' as const,
      kind: null,
      topic: null,
      ref: null,
      what: e.subject,
      state: e.status === 'failed' ? ('failed' as const) : ('sent' as const),
      attempts: 1,
      error: e.error,
      at: e.at,
    })),
  ].sort((x, y) => y.at - x.at);
  return { member: member[0], deliveries };
}
