// A member's channels (docs/decisions/230): which channel carries which kind of message, the consent
// behind each choice with its time (channel_prefs, and an audit row per change), the WhatsApp number, the web
// push subscriptions of their phones, and the signed one-tap opt-out links every channel carries.
import type * as z from 'zod';
import {
  CHANNELS,
  type Channel,
  defaultOn,
  isFixed,
  MESSAGE_KINDS,
  type MessageKind,
  toE164,
} from '../../../core/channels';
import type {
  ChannelPref,
  ChannelPrefs,
  channelPrefsRequest,
  pushSubscriptionRequest,
} from '../../../core/contracts/channels';
import type { Config } from '../../lib/config';
import { fromBase64Url, hmacSha256, timingSafeEqual, toBase64Url } from '../../lib/crypto';
import { raw, runBatch, sqlOf } from '../../lib/d1-batch';
import { DomainError, say, told } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { type Svc, sessionBatchOf } from '../../lib/svc';

type Env = Pick<Svc, 'db'>;
type PrefRow = { kind: MessageKind; channel: Channel; granted: number; at: number };
export type ConsentChange = { kind: MessageKind; channel: Channel; on: boolean };

export const whatsappAvailable = (c: Config) => c.WHATSAPP_PROVIDER !== 'none';
export const pushAvailable = (c: Config) => !!(c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY);

/** Every kind and channel with the member's choice, or the default; when a choice was made, its time. */
export function prefsOf(rows: PrefRow[]): ChannelPref[] {
  const made = new Map(rows.map((r) => [`${r.kind}/${r.channel}`, r]));
  return MESSAGE_KINDS.flatMap((kind) =>
    CHANNELS.map((channel) => {
      const fixed = isFixed(kind, channel);
      const row = fixed ? undefined : made.get(`${kind}/${channel}`);
      return { kind, channel, fixed, on: row ? row.granted === 1 : defaultOn(kind, channel), at: row?.at ?? null };
    }),
  );
}

/** SQL: whether `channel` carries `kind` to the member `user` names (their choice, or the default). */
export const choiceSql = (user: string, kind: MessageKind, channel: Channel) =>
  isFixed(kind, channel)
    ? '1'
    : `COALESCE((SELECT granted FROM channel_prefs p WHERE p.user_id = ${user} AND p.kind = '${kind}'
        AND p.channel = '${channel}'), ${defaultOn(kind, channel) ? 1 : 0})`;

/** SQL: no channel carries `kind` to the member `user` names. */
export const noChannelSql = (user: string, kind: MessageKind) =>
  `NOT (${CHANNELS.map((c) => choiceSql(user, kind, c)).join(' OR ')})`;

// the member's choices, number and devices: the same three reads for their own profile and for an admin
const PREFS_SQL = 'SELECT kind, channel, granted, at FROM channel_prefs WHERE user_id = ?';
// the number on record, or the account's mobile (digits) as a suggestion
const NUMBER_SQL = `SELECT w.number, u.mobile FROM users u LEFT JOIN whatsapp_numbers w ON w.user_id = u.id WHERE u.id = ?`;
const DEVICES_SQL = 'SELECT COUNT(*) AS n FROM push_subscriptions WHERE user_id = ?';

type NumberRow = { number: string | null; mobile: string };

function answer(s: Svc, prefs: PrefRow[], n: NumberRow | undefined, devices: number): ChannelPrefs {
  return {
    prefs: prefsOf(prefs),
    whatsapp: {
      available: whatsappAvailable(s.config),
      number: n?.number ?? null,
      suggested: n?.number ?? (n ? toE164(n.mobile) : null),
    },
    push: {
      available: pushAvailable(s.config),
      vapidPublicKey: pushAvailable(s.config) ? s.config.VAPID_PUBLIC_KEY! : null,
      devices,
    },
  };
}

/** /getChannelPrefs: read with the session lookup in one round trip (session: 'batch'). */
export async function getChannelPrefs(s: Svc): Promise<ChannelPrefs> {
  const { results } = await sessionBatchOf(s)(
    (me, db) =>
      [
        db.all<PrefRow>(sqlOf(PREFS_SQL, me.userId)),
        db.all<NumberRow>(sqlOf(NUMBER_SQL, me.userId)),
        db.all<{ n: number }>(sqlOf(DEVICES_SQL, me.userId)),
      ] as const,
  );
  const [prefs, number, devices] = results;
  return answer(s, prefs, number[0], Number(devices[0]?.n ?? 0));
}

/**
 * The statements that record consent changes: each choice is written only when it differs from the one on
 * record (so a choice keeps the time it was made), followed by its audit row only when it was written
 * (`changes()` of the statement before). An unknown account changes nothing.
 */
export function consentStatements(
  userId: number,
  changes: ConsentChange[],
  actorId: number | null,
  via: string,
  /** a further condition (SQL) every write needs, e.g. "this is the member's first phone" */
  guard = '1',
) {
  const at = Date.now();
  return changes.flatMap((c) => [
    raw(
      `INSERT INTO channel_prefs (user_id, kind, channel, granted, at, via) SELECT id, ?, ?, ?, ?, ? FROM users WHERE id = ?
        AND ? <> COALESCE((SELECT granted FROM channel_prefs WHERE user_id = ? AND kind = ? AND channel = ?), ?) AND ${guard}
        ON CONFLICT (user_id, kind, channel) DO UPDATE SET granted = excluded.granted, at = excluded.at, via = excluded.via`,
      c.kind,
      c.channel,
      c.on ? 1 : 0,
      at,
      via,
      userId,
      c.on ? 1 : 0,
      userId,
      c.kind,
      c.channel,
      defaultOn(c.kind, c.channel) ? 1 : 0,
    ),
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details) SELECT ?, ?, 'user', ?, ? WHERE changes() = 1`,
      actorId,
      c.on ? 'consent.granted' : 'consent.withdrawn',
      String(userId),
      JSON.stringify({ kind: c.kind, channel: c.channel, via }),
    ),
  ]);
}

/** Reads a member's choices, number and devices (after a write, in the same batch). */
const readBack = (userId: number) => [raw(PREFS_SQL, userId), raw(NUMBER_SQL, userId), raw(DEVICES_SQL, userId)];

function answerOf(s: Svc, results: D1Result[]): ChannelPrefs {
  const [prefs, number, devices] = results.slice(-3) as [
    D1Result<PrefRow>,
    D1Result<NumberRow>,
    D1Result<{ n: number }>,
  ];
  return answer(s, prefs.results, number.results[0], Number(devices.results[0]?.n ?? 0));
}
type D1Result<T = unknown> = { results: T[]; meta: { changes?: number } };

/**
 * /setChannelPrefs: the member's choices (and the WhatsApp number) in one batch with their audit rows, read back.
 * Refused, with nothing changed: turning off the payments' email, WhatsApp or push where they are not offered, a
 * number that is not a phone number, WhatsApp without a number, push without a phone that has it on.
 */
export async function setChannelPrefs(
  s: Svc,
  input: z.output<typeof channelPrefsRequest>,
): Promise<ChannelPrefs & { message: string }> {
  const number = input.whatsapp ? toE164(input.whatsapp) : undefined;
  if (number === null) throw new DomainError('BadRequest', say('channels.whatsappNumber'), 400);
  for (const p of input.prefs) {
    if (isFixed(p.kind, p.channel) && !p.on) throw new DomainError('AlwaysSent', say('channels.alwaysEmail'), 400);
    if (!p.on) continue;
    if (p.channel === 'whatsapp' && !whatsappAvailable(s.config)) {
      throw new DomainError('ChannelUnavailable', say('channels.whatsappUnavailable'), 400);
    }
    if (p.channel === 'push' && !pushAvailable(s.config)) {
      throw new DomainError('ChannelUnavailable', say('channels.pushUnavailable'), 400);
    }
  }
  // the number and phones on record, read with the session lookup (session: 'batch'): one round trip, then the write
  const {
    actor,
    results: [known, devices],
  } = await sessionBatchOf(s)(
    (me, db) =>
      [db.all<NumberRow>(sqlOf(NUMBER_SQL, me.userId)), db.all<{ n: number }>(sqlOf(DEVICES_SQL, me.userId))] as const,
  );
  if (input.prefs.some((p) => p.on && p.channel === 'whatsapp') && !number && !known[0]?.number) {
    throw new DomainError('BadRequest', say('channels.whatsappNeedsNumber'), 400);
  }
  if (input.prefs.some((p) => p.on && p.channel === 'push') && !Number(devices[0]?.n)) {
    throw new DomainError('NoDevice', say('channels.pushNeedsDevice'), 400);
  }
  const numberWrites = number
    ? [
        raw(
          `INSERT INTO whatsapp_numbers (user_id, number, at) VALUES (?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET number = excluded.number, at = excluded.at WHERE number <> excluded.number`,
          actor.userId,
          number,
          Date.now(),
        ),
        raw(
          `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
            SELECT ?, 'consent.whatsapp_number', 'user', ?, '{}' WHERE changes() = 1`,
          actor.userId,
          String(actor.userId),
        ),
      ]
    : [];
  const changes = input.prefs.filter((p) => !isFixed(p.kind, p.channel));
  const results = (await runBatch(s.db, [
    ...numberWrites,
    ...consentStatements(actor.userId, changes, actor.userId, 'profile'),
    ...readBack(actor.userId),
  ])) as D1Result[];
  return { ...answerOf(s, results), ...told('channels.saved') };
}

// Push services browsers use (Chrome/Android: FCM; Firefox: Mozilla autopush; Safari: Apple; Edge: WNS). The
// Worker posts to the address a browser gives; it is not a way to make the Worker call anything else.
const PUSH_HOSTS = /(^|\.)(googleapis\.com|push\.services\.mozilla\.com|push\.apple\.com|notify\.windows\.com)$/;

/** Local mode's stand-in push service (worker/dev/push.ts) lives under /dev/push/ on the app's own origin. */
export const isLocalPushEndpoint = (config: Config, endpoint: string) =>
  config.isLocal && new URL(endpoint).pathname.startsWith('/dev/push/');

/**
 * /savePushSubscription: this phone's subscription, for the caller (a phone used before by another account is
 * this account's now). A member's first phone turns push on for every kind of message, recorded as consent
 * given by turning notifications on; later phones keep the choices made.
 */
export async function savePushSubscription(
  s: Svc,
  actor: Actor,
  sub: z.output<typeof pushSubscriptionRequest>,
): Promise<ChannelPrefs & { message: string }> {
  if (!pushAvailable(s.config)) throw new DomainError('ChannelUnavailable', say('channels.pushUnavailable'), 400);
  const url = new URL(sub.endpoint);
  if (!isLocalPushEndpoint(s.config, sub.endpoint) && (url.protocol !== 'https:' || !PUSH_HOSTS.test(url.hostname))) {
    throw new DomainError('BadRequest', say('channels.pushEndpoint'), 400);
  }
  if (fromBase64Url(sub.keys.p256dh).length !== 65 || fromBase64Url(sub.keys.auth).length !== 16) {
    throw new DomainError('BadRequest', say('channels.pushKeys'), 400);
  }
  // A first phone (no phone on record, and no push choice but the ones turning push on made) grants push for every
  // kind: decided in the batch, before this phone is written, so that one round trip does it all.
  const firstPhone = `NOT EXISTS (SELECT 1 FROM push_subscriptions WHERE user_id = ${actor.userId})
    AND NOT EXISTS (SELECT 1 FROM channel_prefs WHERE user_id = ${actor.userId} AND channel = 'push' AND via <> 'push-on')`;
  const all = MESSAGE_KINDS.map((kind) => ({ kind, channel: 'push' as const, on: true }));
  const results = (await runBatch(s.db, [
    ...consentStatements(actor.userId, all, actor.userId, 'push-on', firstPhone),
    raw(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth`,
      actor.userId,
      sub.endpoint,
      sub.keys.p256dh,
      sub.keys.auth,
      Date.now(),
    ),
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details) VALUES (?, 'push.subscribed', 'user', ?, ?)`,
      actor.userId,
      String(actor.userId),
      JSON.stringify({ service: url.hostname }),
    ),
    ...readBack(actor.userId),
  ])) as D1Result[];
  return { ...answerOf(s, results), ...told('channels.pushOn') };
}

/** /removePushSubscription: this phone gets no more notifications (the choices stay for the member's other phones). */
export async function removePushSubscription(s: Svc, actor: Actor, { endpoint }: { endpoint: string }) {
  const results = (await runBatch(s.db, [
    raw('DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?', endpoint, actor.userId),
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
        SELECT ?, 'push.unsubscribed', 'user', ?, '{}' WHERE changes() = 1`,
      actor.userId,
      String(actor.userId),
    ),
    ...readBack(actor.userId),
  ])) as D1Result[];
  return { ...answerOf(s, results), ...told('channels.pushOff') };
}

// ---------------------------------------------------------------------------------------------------------
// One-tap opt-out: a signed link per member, kind and channel (decision 092's token, with a scope)

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long an opt-out link works. */
export const OPT_OUT_VALID_DAYS = 365;

const SCOPES: Record<string, [MessageKind, Channel]> = {};
for (const k of MESSAGE_KINDS) for (const c of CHANNELS) SCOPES[k[0]! + c[0]!] = [k, c];

async function signature(secret: string, userId: number, day: number, scope: string) {
  // the renewal reminders' email links (v1, decision 092) have no scope and stay valid
  const text =
    scope === 're' ? `samiti:unsubscribe:v1:${userId}:${day}` : `samiti:unsubscribe:v2:${userId}:${day}:${scope}`;
  return toBase64Url((await hmacSha256(secret, text)).slice(0, 16));
}

/**
 * `<userId>.<expiry day>.<signature>` for renewal reminders by email (decision 092), `<userId>.<expiry day>.<scope>.
 * <signature>` for any other kind and channel (scope: their initials, e.g. `aw` = announcements on WhatsApp).
 */
export async function optOutToken(
  secret: string,
  userId: number,
  kind: MessageKind,
  channel: Channel,
  at = Date.now(),
): Promise<string> {
  const day = Math.floor(at / DAY_MS) + OPT_OUT_VALID_DAYS;
  const scope = kind[0]! + channel[0]!;
  const sig = await signature(secret, userId, day, scope);
  return scope === 're' ? `${userId}.${day}.${sig}` : `${userId}.${day}.${scope}.${sig}`;
}

export type OptOut = { userId: number; kind: MessageKind; channel: Channel };

/** The member, kind and channel of a genuine, unexpired link; InvalidLink or LinkExpired otherwise. */
export async function verifyOptOutToken(
  secret: string,
  token: string,
  at: number,
  errors: { invalid: () => DomainError; expired: () => DomainError },
): Promise<OptOut> {
  const m = /^(\d{1,12})\.(\d{1,9})\.(?:([a-z]{2})\.)?([A-Za-z0-9_-]{10,40})$/.exec(token.trim());
  const scope = m ? (m[3] ?? 're') : '';
  const what = SCOPES[scope];
  if (!m || !what || (m[3] && scope === 're')) throw errors.invalid();
  const userId = Number(m[1]);
  const day = Number(m[2]);
  let given: string;
  try {
    given = toBase64Url(fromBase64Url(m[4]!));
  } catch {
    throw errors.invalid();
  }
  if (!timingSafeEqual(given, await signature(secret, userId, day, scope))) throw errors.invalid();
  // Checked after the signature: only a genuine link learns that it expired.
  if (day * DAY_MS < at) throw errors.expired();
  return { userId, kind: what[0], channel: what[1] };
}

/** Withdraws the consent an opt-out link names, with its audit row; false when no such account exists. */
export async function optOut(s: Env, o: OptOut, via: string): Promise<boolean> {
  if (isFixed(o.kind, o.channel)) return true; // the payments' email cannot be stopped, and no link offers it
  const [, , exists] = (await runBatch(s.db, [
    ...consentStatements(o.userId, [{ kind: o.kind, channel: o.channel, on: false }], null, via),
    raw('SELECT 1 AS found FROM users WHERE id = ?', o.userId),
  ])) as D1Result[];
  return (exists?.results.length ?? 0) > 0;
}
