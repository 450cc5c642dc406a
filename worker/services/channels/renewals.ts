// The membership year (docs/decisions/090-093): one-tap renewal, renewal reminder campaigns sent
// in batches by the cron, one-click unsubscribe and the renewal report. Memberships are read from the
// `memberships` table that migrations/0090's triggers keep from orders, by index, never from the orders.
import type {
  CampaignView,
  EmailPrefs,
  MailPreview,
  NotRenewedMember,
  ReminderAudience,
  RenewalLine,
  RenewalOffer,
  RenewalPlanRow,
  RenewalReport,
} from '../../../core/contracts/renewals';
import { festivalYear, previousFestivalYear } from '../../../core/festival';
import type { Bindings } from '../../env';
import { raw, runBatch, sqlOf } from '../../lib/d1-batch';
import type { Db } from '../../lib/db';
import { DomainError, say, told } from '../../lib/errors';
import { log } from '../../lib/log';
import { compose, escapeHtml, type Letter, letterIn, linkText, sendMail } from '../../lib/mail';
import type { Actor } from '../../lib/session';
import { cronSvc, type Svc, sessionBatchOf } from '../../lib/svc';
import { choiceSql, consentStatements, noChannelSql, optOut, optOutToken, verifyOptOutToken } from './channels';
import { drainDeliveries, enqueueStatement } from './deliveries';
import { seedLastYearOrder } from '../transitions/order-details';

/** Emails one cron run sends at most: a few thousand members go out over a few hours, never in one burst. */
export const REMINDER_BATCH_SIZE = 50;
/** Pause between two emails through a real provider (Resend's default limit is 2 requests a second). */
export const REMINDER_INTERVAL_MS = 600;

const DAY_MS = 24 * 60 * 60 * 1000;

type Env = Pick<Svc, 'db'>;

// ---- SQL fragments over the memberships table (m = a row of the year the reminder is about) ----

/** The member holds (or awaits verification of) a membership in year ?. */
const RENEWED = 'EXISTS (SELECT 1 FROM memberships r WHERE r.fiscal_year = ? AND r.user_id = m.user_id)';
/** No channel carries the member's reminders: they turned off the email and chose no other. */
const REMINDERS_OFF = noChannelSql('m.user_id', 'reminders');
/** The reminder's email is on for member m (the member's choice, or the default). */
const EMAIL_ON = choiceSql('m.user_id', 'reminders', 'email');

// ---------------------------------------------------------------------------------------------------------
// One-tap renewal

/**
 * Last festival year's plans of the caller, still on sale, and whether this year's membership is in place: read
 * with the session lookup in one round trip (session: 'batch'), keyed by the session's user.
 */
export async function getRenewal(
  s: Svc,
  { forUser }: { forUser?: number } = {},
  at = Date.now(),
): Promise<RenewalOffer> {
  const year = festivalYear(at);
  const lastYear = previousFestivalYear(year);
  const { actor, results } = await sessionBatchOf(s)(
    (me, db) =>
      [
        db.all<{
          year: string;
          productId: number;
          qty: number;
          code: string;
          name: string;
          available: number;
          type: string;
        }>(
          sqlOf(
            `SELECT m.fiscal_year AS year, m.product_id AS productId, SUM(m.qty) AS qty,
        p.code AS code, p.name AS name, p.available AS available, p.type AS type
      FROM memberships m JOIN products p ON p.id = m.product_id
      WHERE m.user_id = ? AND (m.fiscal_year = ? OR (m.fiscal_year = ? AND m.paid = 1))
      GROUP BY m.fiscal_year, m.product_id`,
            me.userId,
            year,
            lastYear,
          ),
        ),
      ] as const,
  );
  if (forUser !== undefined && forUser !== actor.userId) {
    throw new DomainError('NotYourRenewal', say('renewal.notYours'), 403);
  }
  const [rows] = results;
  const renewed = rows.some((r) => r.year === year);
  const lines: RenewalLine[] = rows
    .filter((r) => r.year === lastYear && r.available === 1 && r.type === 'MEMBERSHIP')
    .map((r) => ({ productId: r.productId, code: r.code, name: r.name, qty: Number(r.qty) }))
    .sort((a, b) => b.qty - a.qty || a.productId - b.productId);
  return { fiscalYear: year, lastYear, renewed, lines, plan: lines[0]?.name ?? null };
}

// ---------------------------------------------------------------------------------------------------------
// Email choices and unsubscribe

/** The caller's email choices, read with the session lookup in one round trip (session: 'batch'). */
export async function getEmailPrefs(s: Svc): Promise<EmailPrefs> {
  const { results } = await sessionBatchOf(s)(
    (me, db) =>
      [
        db.all<{ on: number }>(
          sqlOf(
            `SELECT granted AS "on" FROM channel_prefs WHERE user_id = ? AND kind = 'reminders' AND channel = 'email'`,
            me.userId,
          ),
        ),
      ] as const,
  );
  return { renewalReminders: results[0][0]?.on !== 0 };
}

/** The reminders' email choice, one of the member's channel choices (worker/services/channels/channels.ts), with its audit row. */
export async function setEmailPrefs(s: Svc, actor: Actor, { renewalReminders }: { renewalReminders: boolean }) {
  const change = { kind: 'reminders', channel: 'email', on: renewalReminders } as const;
  await runBatch(s.db, consentStatements(actor.userId, [change], actor.userId, 'profile'));
  return { renewalReminders, ...told('prefs.saved') };
}

/** "<userId>.<expiry day>.<signature>": names the member, expires, and cannot be made without the secret. */
export function unsubscribeToken(secret: string, userId: number, at = Date.now()): Promise<string> {
  return optOutToken(secret, userId, 'reminders', 'email', at);
}

/**
 * The signed link of a reminder email (the page, and RFC 8058's one-click POST): no session needed. The links of
 * the other channels and kinds are the same link with a scope, and withdraw that consent.
 */
export async function unsubscribe(
  s: Svc,
  { token, via }: { token: string; via: 'link' | 'one-click' },
  at = Date.now(),
) {
  const invalid = () => new DomainError('InvalidLink', say('unsubscribe.invalid'), 400);
  const o = await verifyOptOutToken(s.config.PASSWORD_PEPPER, token, at, {
    invalid,
    expired: () => new DomainError('LinkExpired', say('unsubscribe.expired'), 400),
  });
  if (!(await optOut(s, o, via))) throw invalid();
  return o.kind === 'reminders' && o.channel === 'email' ? told('unsubscribe.done') : told('channels.stopped');
}

// ---------------------------------------------------------------------------------------------------------
// The reminder email

type Recipient = {
  userId: number;
  name: string;
  email: string;
  lines: { name: string; qty: number }[];
  /** the member's reminders go by email (otherwise only on their other channels) */
  emailOn?: boolean;
};

/** The renewal reminder, written by key in its reader's language (docs/decisions/195). */
export async function reminderMail(
  s: Pick<Svc, 'config' | 'origin'>,
  r: Recipient,
  year: string,
  lastYear: string,
  at = Date.now(),
): Promise<Letter> {
  const plan = r.lines[0]?.name ?? 'membership';
  const token = await unsubscribeToken(s.config.PASSWORD_PEPPER, r.userId, at);
  const renewUrl = `${s.origin}/membership?renew=${r.userId}`;
  const pageUrl = `${s.origin}/unsubscribe?token=${encodeURIComponent(token)}`;
  const oneClickUrl = `${s.origin}/api/unsubscribe/oneClick?token=${encodeURIComponent(token)}`;
  return {
    to: r.email,
    headers: { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    write: (w) => {
      const lines = r.lines.map((l) => w('renewal.line', { name: l.name, qty: l.qty })).join(', ');
      const mail = compose(
        w('renewal.mailSubject', { plan, year }),
        [
          w('renewal.mailGreeting', { name: r.name }),
          w('renewal.mailBody', { lastYear, year, lines }),
          w('renewal.mailAction'),
        ],
        { href: renewUrl, label: w('renewal.mailLink', { plan, year }) },
      );
      // the unsubscribe link, as every link: alone on its line in the text, an <a href> in the HTML
      const footer = w('renewal.mailFooter', { lastYear });
      const unsubscribe = { label: w('renewal.mailUnsubscribe'), href: pageUrl };
      return {
        ...mail,
        text: `${mail.text}\n\n${footer}\n${linkText(unsubscribe)}`,
        html: `${mail.html}\n<p style="color:#555;font-size:12px">${escapeHtml(footer)}<br><a href="${escapeHtml(pageUrl)}">${escapeHtml(unsubscribe.label)}</a></p>`,
      };
    },
  };
}

/** Names, addresses and last year's plans of the given members (at most 100 ids: D1's parameter limit). */
async function recipients(s: Env, lastYear: string, userIds: number[]): Promise<Map<number, Recipient>> {
  if (userIds.length === 0) return new Map();
  const { results } = (
    await runBatch(s.db, [
      raw<RecipientRow>(
        `SELECT u.id AS userId, u.name AS userName, u.email AS email, p.name AS plan, SUM(m.qty) AS qty,
        ${EMAIL_ON} AS emailOn
      FROM memberships m JOIN users u ON u.id = m.user_id JOIN products p ON p.id = m.product_id
      WHERE m.fiscal_year = ? AND m.paid = 1 AND m.user_id IN (${userIds.map(() => '?').join(',')})
      GROUP BY m.user_id, m.product_id ORDER BY m.user_id, SUM(m.qty) DESC, m.product_id`,
        lastYear,
        ...userIds,
      ),
    ])
  )[0];
  return recipientsOf(results);
}

function recipientsOf(rows: RecipientRow[]): Map<number, Recipient> {
  const out = new Map<number, Recipient>();
  for (const row of rows) {
    const r = out.get(row.userId) ?? {
      userId: row.userId,
      name: row.userName,
      email: row.email,
      lines: [],
      emailOn: row.emailOn !== 0,
    };
    r.lines.push({ name: row.plan, qty: Number(row.qty) });
    out.set(row.userId, r);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Audience and campaigns (admins)

const audienceWhere = `m.fiscal_year = ? AND m.paid = 1 AND NOT ${RENEWED}`;

/** Members to remind and members who unsubscribed; `limit` caps the members counted (a role gate, or -1). */
function audienceCountsSql(year: string, lastYear: string, limit: unknown = -1): [string, ...unknown[]] {
  return [
    `SELECT COUNT(*) AS total, COALESCE(SUM(off), 0) AS off FROM (
        SELECT m.user_id, ${REMINDERS_OFF} AS off FROM memberships m WHERE ${audienceWhere} GROUP BY m.user_id
        LIMIT ?)`,
    lastYear,
    year,
    limit,
  ];
}

function audienceCountsOf(row: { total: number; off: number } | undefined | null) {
  const total = Number(row?.total ?? 0);
  const off = Number(row?.off ?? 0);
  return { count: total - off, unsubscribed: off };
}

async function audienceCounts(s: Env, year: string, lastYear: string) {
  return audienceCountsOf(
    (await runBatch(s.db, [raw<{ total: number; off: number }>(...audienceCountsSql(year, lastYear))]))[0].results[0],
  );
}

type CampaignRow = CampaignView & { queued: number; skipped: number };

/** The year's last 20 campaigns; `limit` is a role gate (me.limit(20)) in a session batch. */
function campaignsSql(year: string, limit: unknown = 20): [string, ...unknown[]] {
  return [
    `SELECT c.id, c.fiscal_year AS fiscalYear, c.state, c.audience, c.created_at AS createdAt,
        c.finished_at AS finishedAt, u.name AS createdBy,
        (SELECT COUNT(*) FROM reminder_sends x WHERE x.campaign_id = c.id AND x.state = 'sent') AS sent,
        (SELECT COUNT(*) FROM reminder_sends x WHERE x.campaign_id = c.id AND x.state = 'queued') AS queued,
        (SELECT COUNT(*) FROM reminder_sends x WHERE x.campaign_id = c.id AND x.state = 'sending') AS unknown,
        (SELECT COUNT(*) FROM reminder_sends x WHERE x.campaign_id = c.id AND x.state = 'skipped') AS skipped
      FROM reminder_campaigns c LEFT JOIN users u ON u.id = c.created_by
      WHERE c.fiscal_year = ? ORDER BY c.id DESC LIMIT ?`,
    year,
    limit,
  ];
}

function campaignsOf(results: CampaignRow[]): CampaignView[] {
  // waiting: an estimate while sending (members who renew or unsubscribe meanwhile drop out)
  return results.map(({ queued, skipped, ...c }) => ({
    ...c,
    sent: Number(c.sent),
    unknown: Number(c.unknown),
    waiting:
      c.state === 'sending'
        ? Math.max(Number(queued), c.audience - Number(c.sent) - Number(c.unknown) - Number(skipped))
        : 0,
  }));
}

/**
 * /getReminderAudience: the counts and the campaigns, read with the session lookup in one round trip
 * (session: 'batch'); aggregated only for an admin (`me.limit()`).
 */
export async function reminderAudience(s: Svc, at = Date.now()): Promise<ReminderAudience> {
  const year = festivalYear(at);
  const lastYear = previousFestivalYear(year);
  const { results } = await sessionBatchOf(s)(
    (me, db) =>
      [
        db.all<{ total: number; off: number }>(sqlOf(...audienceCountsSql(year, lastYear, me.limit()))),
        db.all<CampaignRow>(sqlOf(...campaignsSql(year, me.limit(20)))),
      ] as const,
  );
  const [counts, campaigns] = results;
  return { fiscalYear: year, lastYear, ...audienceCountsOf(counts[0]), campaigns: campaignsOf(campaigns) };
}

type RecipientRow = { userId: number; userName: string; email: string; plan: string; qty: number; emailOn?: number };
type Sample = readonly [RecipientRow[], { name: string }[]];

/**
 * The first member of the audience with last year's plans, and the first membership plan: two statements for one
 * batch; `limit` gates them by role in a session batch (me.limit(n)), -1 otherwise.
 */
function sampleQueries(db: Db, year: string, lastYear: string, limit: (rows: number) => unknown) {
  return [
    db.all<RecipientRow>(
      sqlOf(
        `SELECT u.id AS userId, u.name AS userName, u.email AS email, p.name AS plan, SUM(m.qty) AS qty
      FROM memberships m JOIN users u ON u.id = m.user_id JOIN products p ON p.id = m.product_id
      WHERE m.fiscal_year = ? AND m.paid = 1 AND m.user_id = (
        SELECT m.user_id FROM memberships m WHERE ${audienceWhere} AND NOT ${REMINDERS_OFF}
        ORDER BY m.user_id LIMIT ?)
      GROUP BY m.user_id, m.product_id ORDER BY m.user_id, SUM(m.qty) DESC, m.product_id`,
        lastYear,
        lastYear,
        year,
        limit(1),
      ),
    ),
    db.all<{ name: string }>(
      sqlOf(`SELECT name FROM products WHERE type = 'MEMBERSHIP' ORDER BY sort_order, id LIMIT ?`, limit(1)),
    ),
  ] as const;
}

/** The first member of the audience, or the admin with a sample plan when nobody is left to remind. */
function sampleOf(actor: Actor, [people, plans]: Sample): Recipient {
  const found = recipientsOf(people).values().next().value;
  if (found) return found;
  return {
    userId: actor.userId,
    name: actor.name,
    email: actor.email,
    lines: [{ name: plans[0]?.name ?? 'UTSAV', qty: 1 }],
  };
}

/** /previewReminder: the sample read with the session lookup in one round trip (session: 'batch'), admins only. */
export async function previewReminder(s: Svc, at = Date.now()): Promise<MailPreview> {
  const year = festivalYear(at);
  const lastYear = previousFestivalYear(year);
  const { actor, results } = await sessionBatchOf(s)((me, db) => sampleQueries(db, year, lastYear, me.limit));
  const mail = letterIn(await reminderMail(s, sampleOf(actor, results), year, lastYear, at), 'en');
  return { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
}

/** The preview's email, to the admin, with links made for the admin's own account. Records nothing. */
export async function sendReminderTest(s: Svc, actor: Actor, at = Date.now()) {
  const year = festivalYear(at);
  const lastYear = previousFestivalYear(year);
  const sample = sampleOf(
    actor,
    await runBatch(
      s.db,
      sampleQueries(s.db, year, lastYear, () => -1),
    ),
  );
  const mail = await reminderMail(s, { ...sample, userId: actor.userId, email: actor.email }, year, lastYear, at);
  await sendMail(s.db, s.config, {
    ...mail,
    write: (w, lang) => {
      const written = mail.write(w, lang);
      return { ...written, subject: w('renewal.testPrefix', { subject: written.subject }) };
    },
  });
  return told('renewal.testSent', { email: actor.email });
}

/**
 * Starts the campaign of this festival year. The partial unique index on reminder_campaigns lets one
 * campaign per year be sending: a second start (or a double press) inserts nothing and is refused; the
 * audit row is written in the same batch only when the campaign row was.
 */
export async function startCampaign(s: Svc, actor: Actor, at = Date.now()) {
  const year = festivalYear(at);
  const lastYear = previousFestivalYear(year);
  const { count } = await audienceCounts(s, year, lastYear);
  if (count === 0) throw new DomainError('NoAudience', say('renewal.noAudience', { lastYear }), 409);
  const [ins] = await runBatch(s.db, [
    raw(
      `INSERT INTO reminder_campaigns (fiscal_year, from_year, state, audience, created_by, created_at)
        VALUES (?, ?, 'sending', ?, ?, ?) ON CONFLICT DO NOTHING`,
      year,
      lastYear,
      count,
      actor.userId,
      at,
    ),
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
        SELECT ?, 'reminder.campaign_started', 'reminder_campaign', last_insert_rowid(), ? WHERE changes() = 1`,
      actor.userId,
      JSON.stringify({ fiscalYear: year, audience: count }),
    ),
  ]);
  if (ins?.meta.changes !== 1) {
    throw new DomainError('CampaignRunning', say('renewal.campaignRunning', { year }), 409);
  }
  return {
    campaignId: Number(ins.meta.last_row_id),
    audience: count,
    ...told('renewal.campaignStarted', { count }),
  };
}

/**
 * Ends a sending campaign in one batch: the conditional update decides, and its audit row is written only
 * when it changed the campaign. Resolves to true when this call ended it.
 */
async function finishCampaign(
  s: Env,
  campaignId: number,
  state: 'done' | 'stopped',
  action: string,
  actorId: number | null,
): Promise<boolean> {
  const [res] = await runBatch(s.db, [
    raw(
      `UPDATE reminder_campaigns SET state = ?, finished_at = ? WHERE id = ? AND state = 'sending'`,
      state,
      Date.now(),
      campaignId,
    ),
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
        SELECT ?, ?, 'reminder_campaign', ?, '{}' WHERE changes() = 1`,
      actorId,
      action,
      String(campaignId),
    ),
  ]);
  return res?.meta.changes === 1;
}

export async function stopCampaign(s: Svc, actor: Actor, { campaignId }: { campaignId: number }) {
  if (!(await finishCampaign(s, campaignId, 'stopped', 'reminder.campaign_stopped', actor.userId))) {
    throw new DomainError('NotSending', say('renewal.campaignNotSending'), 409);
  }
  return told('renewal.campaignStopped');
}

// ---------------------------------------------------------------------------------------------------------
// The cron's batch send

export type BatchOptions = {
  limit?: number;
  intervalMs?: number;
  /** Delivers one email; tests pass one that fails on purpose. Default: sendMail (outbox, then provider). */
  deliver?: (mail: Letter) => Promise<void>;
  at?: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One cron run: for each sending campaign, claim the next members (INSERT ... ON CONFLICT DO NOTHING on
 * (campaign, member): what the insert returns is this run's), then send each claimed email after moving
 * its row queued -> sending in one conditional update (a parallel run moves it at most once). A crash
 * leaves rows `queued` (sent by the next run) or one row `sending` (maybe delivered: never retried).
 */
export async function sendReminderBatch(s: Svc, opts: BatchOptions = {}) {
  const limit = opts.limit ?? REMINDER_BATCH_SIZE;
  const intervalMs = opts.intervalMs ?? (s.config.MAIL_PROVIDER === 'http' ? REMINDER_INTERVAL_MS : 0);
  const deliver = opts.deliver ?? ((mail: Letter) => sendMail(s.db, s.config, mail));
  const { results: campaigns } = (
    await runBatch(s.db, [
      raw<{ id: number; year: string; lastYear: string }>(
        `SELECT id, fiscal_year AS year, from_year AS lastYear FROM reminder_campaigns WHERE state = 'sending' ORDER BY id`,
      ),
    ])
  )[0];
  let sent = 0;
  let skipped = 0;
  const thisYear = festivalYear(opts.at ?? Date.now());
  for (const c of campaigns) {
    if (c.year !== thisYear) {
      // The festival year rolled over while it was sending: its "renew for <year>" is out of date.
      await finishCampaign(s, c.id, 'stopped', 'reminder.campaign_year_ended', null);
      continue;
    }
    const budget = limit - sent;
    if (budget <= 0) break;
    // Rows a crashed run left queued go first; then claim the next members after the highest one
    // already claimed (the primary key answers that).
    const left = (
      await runBatch(s.db, [
        raw<{ n: number }>(`SELECT COUNT(*) AS n FROM reminder_sends WHERE campaign_id = ? AND state = 'queued'`, c.id),
      ])
    )[0].results[0];
    const room = budget - Number(left?.n ?? 0);
    if (room > 0) {
      await runBatch(s.db, [
        raw(
          `INSERT INTO reminder_sends (campaign_id, user_id, state, claimed_at)
          SELECT ?, m.user_id, 'queued', ? FROM memberships m
          WHERE ${audienceWhere} AND NOT ${REMINDERS_OFF}
            AND m.user_id > (SELECT COALESCE(MAX(user_id), 0) FROM reminder_sends WHERE campaign_id = ?)
          GROUP BY m.user_id ORDER BY m.user_id LIMIT ?
          ON CONFLICT DO NOTHING`,
          c.id,
          opts.at ?? Date.now(),
          c.lastYear,
          c.year,
          c.id,
          room,
        ),
      ]);
    }
    const { results: queued } = (
      await runBatch(s.db, [
        raw<{ userId: number }>(
          `SELECT user_id AS userId FROM reminder_sends WHERE campaign_id = ? AND state = 'queued' ORDER BY user_id LIMIT ?`,
          c.id,
          budget,
        ),
      ])
    )[0];
    if (queued.length === 0) {
      await finishCampaign(s, c.id, 'done', 'reminder.campaign_done', null);
      continue;
    }
    const people = await recipients(
      s,
      c.lastYear,
      queued.map((q) => q.userId),
    );
    for (const q of queued) {
      // queued -> sending, unless the member renewed or unsubscribed since the claim, or the campaign
      // was stopped: one statement decides, and only one run can move a row.
      const moved = (
        await runBatch(s.db, [
          raw<{ state: string }>(
            `UPDATE reminder_sends SET state = CASE
            WHEN EXISTS (SELECT 1 FROM memberships r WHERE r.fiscal_year = ? AND r.user_id = reminder_sends.user_id)
              OR ${noChannelSql('reminder_sends.user_id', 'reminders')}
            THEN 'skipped' ELSE 'sending' END
          WHERE campaign_id = ? AND user_id = ? AND state = 'queued'
            AND EXISTS (SELECT 1 FROM reminder_campaigns WHERE id = ? AND state = 'sending')
          RETURNING state`,
            c.year,
            c.id,
            q.userId,
            c.id,
          ),
        ])
      )[0].results[0];
      if (moved?.state !== 'sending') {
        if (moved) skipped++;
        continue;
      }
      const who = people.get(q.userId);
      if (who) {
        // WhatsApp and push, where the member chose them, queued first: the email's trouble never stops them
        await remindElsewhere(s, c.id, who, c.year);
        if (who.emailOn) {
          if (sent > 0 && intervalMs > 0) await sleep(intervalMs);
          await deliver(await reminderMail(s, who, c.year, c.lastYear, opts.at));
        }
        sent++;
      }
      await runBatch(s.db, [
        raw(
          `UPDATE reminder_sends SET state = 'sent', sent_at = ? WHERE campaign_id = ? AND user_id = ? AND state = 'sending'`,
          Date.now(),
          c.id,
          q.userId,
        ),
      ]);
    }
  }
  // what this run queued on WhatsApp and push goes out now (the cron's drain retries what fails)
  for (const c of campaigns) await drainDeliveries(s, { event: `reminder:${c.id}` });
  return { campaigns: campaigns.length, sent, skipped };
}

/** The reminder on the member's other chosen channels: queued once per campaign and member. */
function remindElsewhere(s: Svc, campaignId: number, r: Recipient, year: string) {
  const plan = r.lines[0]?.name ?? 'membership';
  return runBatch(s.db, [
    enqueueStatement(s, {
      event: `reminder:${campaignId}`,
      kind: 'reminders',
      members: { sql: 'SELECT ? AS uid', params: [r.userId] },
      message: { topic: 'reminder', params: { name: r.name, plan, year }, link: `membership?renew=${r.userId}` },
      channels: ['whatsapp', 'push'],
    }),
  ]);
}

/** The cron step (worker/index.ts): one batch of every sending campaign. */
export async function runReminderStep(env: Bindings) {
  const result = await sendReminderBatch(cronSvc(env));
  if (result.campaigns > 0) log('info', 'reminders.batch', result);
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// The renewal report (Overview)

type PlanCount = { productId: number; holders: number; renewed: number };

/**
 * /getRenewalReport: every count, the list to call and the plans, read with the session lookup in one round trip
 * (session: 'batch'); each statement is gated by `me.limit()`, so for anyone but an admin no membership is read.
 */
export async function renewalReport(
  s: Svc,
  { fiscalYear }: { fiscalYear?: string } = {},
  at = Date.now(),
): Promise<RenewalReport> {
  const year = fiscalYear ?? festivalYear(at);
  const lastYear = previousFestivalYear(year);
  const { results } = await sessionBatchOf(s)(
    (me, db) =>
      [
        // last year's holders per plan, and how many of them hold a membership this year
        db.all<PlanCount>(
          sqlOf(
            `SELECT m.product_id AS productId, COUNT(DISTINCT m.user_id) AS holders,
          COUNT(DISTINCT CASE WHEN ${RENEWED} THEN m.user_id END) AS renewed
        FROM memberships m WHERE m.fiscal_year = ? AND m.paid = 1 GROUP BY m.product_id LIMIT ?`,
            year,
            lastYear,
            me.limit(),
          ),
        ),
        // this year's holders per plan who held no paid membership last year
        db.all<{ productId: number; n: number }>(
          sqlOf(
            `SELECT m.product_id AS productId, COUNT(DISTINCT m.user_id) AS n FROM memberships m
        WHERE m.fiscal_year = ? AND NOT EXISTS (
          SELECT 1 FROM memberships l WHERE l.fiscal_year = ? AND l.paid = 1 AND l.user_id = m.user_id)
        GROUP BY m.product_id LIMIT ?`,
            year,
            lastYear,
            me.limit(),
          ),
        ),
        db.all<{ lastYear: number | null; renewed: number | null; newMembers: number | null }>(
          sqlOf(
            `SELECT
          (SELECT COUNT(DISTINCT m.user_id) FROM memberships m WHERE m.fiscal_year = ? AND m.paid = 1 LIMIT ?) AS lastYear,
          (SELECT COUNT(DISTINCT m.user_id) FROM memberships m WHERE m.fiscal_year = ? AND m.paid = 1 AND ${RENEWED}
            LIMIT ?) AS renewed,
          (SELECT COUNT(DISTINCT m.user_id) FROM memberships m WHERE m.fiscal_year = ? AND NOT EXISTS (
            SELECT 1 FROM memberships l WHERE l.fiscal_year = ? AND l.paid = 1 AND l.user_id = m.user_id)
            LIMIT ?) AS newMembers`,
            lastYear,
            me.limit(),
            lastYear,
            year,
            me.limit(),
            year,
            lastYear,
            me.limit(),
          ),
        ),
        db.all<Omit<NotRenewedMember, 'remindersOff'> & { remindersOff: number }>(
          sqlOf(
            `SELECT m.user_id AS userId, u.name AS name, u.email AS email, u.mobile AS mobile, p.name AS plan,
          SUM(m.qty) AS qty, ${REMINDERS_OFF} AS remindersOff
        FROM memberships m JOIN users u ON u.id = m.user_id JOIN products p ON p.id = m.product_id
        WHERE ${audienceWhere}
        GROUP BY m.user_id, m.product_id ORDER BY u.name COLLATE NOCASE, m.user_id LIMIT ?`,
            lastYear,
            year,
            me.limit(),
          ),
        ),
        // the catalogue (a few dozen rows): the membership plans and any plan held in either year
        db.all<{ id: number; code: string; name: string; type: string; live: number }>(
          sqlOf(
            // live: of the live catalogue; other years' plans show only when someone holds them
            `SELECT id, code, name, type, (publish_at <= ? AND festival_year = (SELECT max(lp.festival_year)
               FROM products lp WHERE lp.publish_at <= ? AND lp.code <> 'DNP')) AS live
             FROM products ORDER BY sort_order, id LIMIT ?`,
            at,
            at,
            me.limit(),
          ),
        ),
      ] as const,
  );
  const [perPlan, fresh, totals, notRenewed, catalogue] = results;
  const planIds = new Set<number>();
  const held = new Map<number, PlanCount>();
  for (const r of perPlan) {
    held.set(r.productId, r);
    planIds.add(r.productId);
  }
  const fresher = new Map<number, number>();
  for (const r of fresh) {
    fresher.set(r.productId, Number(r.n));
    planIds.add(r.productId);
  }
  const products = catalogue.filter((p) => (p.type === 'MEMBERSHIP' && p.live === 1) || planIds.has(p.id));
  const plans: RenewalPlanRow[] = products.map((p) => {
    const h = held.get(p.id);
    const holders = Number(h?.holders ?? 0);
    const renewed = Number(h?.renewed ?? 0);
    return {
      code: p.code,
      name: p.name,
      lastYear: holders,
      renewed,
      notRenewed: holders - renewed,
      newMembers: fresher.get(p.id) ?? 0,
    };
  });
  const tot = totals[0];
  const lastYearCount = Number(tot?.lastYear ?? 0);
  const renewedCount = Number(tot?.renewed ?? 0);
  return {
    fiscalYear: year,
    lastYear,
    plans,
    totals: {
      lastYear: lastYearCount,
      renewed: renewedCount,
      notRenewed: lastYearCount - renewedCount,
      newMembers: Number(tot?.newMembers ?? 0),
    },
    notRenewed: notRenewed.map((r) => ({ ...r, qty: Number(r.qty), remindersOff: r.remindersOff === 1 })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Local mode only (the route refuses elsewhere): last year's paid membership for the caller, so that the
// renewal can be tried (and the e2e test can run) on a fresh local database.

export async function devLastYearMembership(
  s: Svc,
  actor: Actor,
  { code, qty }: { code: string; qty: number },
  at = Date.now(),
) {
  const lastYear = previousFestivalYear(festivalYear(at));
  const p = (
    await runBatch(s.db, [
      raw<{ id: number; name: string; code: string; type: string; price: number }>(
        `SELECT id, name, code, type, price_paise AS price FROM products WHERE code = ? AND type = 'MEMBERSHIP'`,
        code,
      ),
    ])
  )[0].results[0];
  if (!p) throw new DomainError('NotFound', say('renewal.notAPlan', { code }), 404);
  const total = p.price * qty;
  const lastYearDay = at - 365 * DAY_MS;
  const order = seedLastYearOrder({
    userId: actor.userId,
    fiscalYear: lastYear,
    totalPaise: total,
    at: lastYearDay,
    name: actor.name,
    email: actor.email,
    mobile: actor.mobile,
  });
  await runBatch(s.db, [
    raw(order.raw, ...order.params),
    raw(
      `INSERT INTO order_lines (order_id, product_id, type, code, name, qty, unit_price_paise, max_price_paise,
          sell_price_paise) VALUES (last_insert_rowid(), ?, 'MEMBERSHIP', ?, ?, ?, ?, ?, ?)`,
      p.id,
      p.code,
      p.name,
      qty,
      p.price,
      total,
      total,
    ),
  ]);
  return { fiscalYear: lastYear, code: p.code, qty };
}
