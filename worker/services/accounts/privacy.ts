// A member's own data (docs/decisions/265-267): correct it (name and mobile at once, the email
// through a link to the new address), take a copy of everything held about them, and delete the account, confirmed
// by the password. Consent per kind of message lives in worker/services/channels/channels.ts; its history is shown here.
import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CHANNELS, type Channel, isFixed, MESSAGE_KINDS, type MessageKind } from '../../../core/channels';
import type {
  changeEmailRequest,
  deleteAccountRequest,
  MyData,
  updateUserProfileRequest,
} from '../../../core/contracts/accounts';
import { formatRcptId } from '../../../core/ids';
import { paiseToRupees } from '../../../core/money';
import { users, userTokens } from '../../../schema/index';
import { afterChange } from '../../lib/audit';
import { randomToken, sha256Hex, verifyPassword } from '../../lib/crypto';
import { isUniqueViolation, raw, runBatch, type Statement, sqlOf } from '../../lib/d1-batch';
import { DomainError, say, told } from '../../lib/errors';
import { compose, sendMail } from '../../lib/mail';
import type { Actor } from '../../lib/session';
import type { Svc } from '../../lib/svc';
import { claimQuery, rateLimited, VERIFY_TTL, verifyEmail, withinLimit } from './accounts';
import { prefsOf } from '../channels/channels';
import { eraseOrders, PAID_SQL } from '../transitions/order-details';
import { offerFreedUnits, releaseOffers } from '../catalogue/waitlist';

const wrongPassword = () => new DomainError('WrongPassword', say('privacy.wrongPassword'), 401);

/**
 * The caller's password, checked once the attempt is counted (throttled per account like login), read in one round
 * trip with the count and any further reads the caller needs (`more`, answered in order).
 */
async function checkPassword(s: Svc, actor: Actor, password: string, more: SQL[] = []) {
  const [claimed, found, ...rest] = (await runBatch(s.db, [
    claimQuery(s, 'privacy', actor.email),
    s.db
      .select({ hash: users.passwordHash, lang: users.lang, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, actor.userId)),
    ...more.map((q) => s.db.all<Row>(q)),
  ] as unknown as [Statement])) as unknown as [
    { failures: number } | undefined,
    { hash: string; lang: 'en' | 'bn-IN' | null; deletedAt: number | null }[],
    ...Row[][],
  ];
  if (!withinLimit('privacy', claimed)) throw rateLimited();
  const row = found[0];
  if (!row || row.deletedAt !== null) throw new DomainError('AccountDeleted', say('privacy.alreadyDeleted'), 409);
  if (!(await verifyPassword(password, row.hash, s.config.PASSWORD_PEPPER)).ok) throw wrongPassword();
  return { ...row, more: rest };
}

/**
 * /updateUserProfile: name and mobile, validated as at sign-up. One conditional update (only when a value
 * differs) with its audit row naming what was there before and what is there now; a save of the same values
 * writes nothing. Orders keep the name and mobile they were placed with (they are records of that contribution).
 */
export async function updateProfile(s: Svc, actor: Actor, input: z.output<typeof updateUserProfileRequest>) {
  const before = { name: actor.name, mobile: actor.mobile };
  const after = { name: input.name, mobile: input.mobile };
  const fields = (['name', 'mobile'] as const).filter((k) => before[k] !== after[k]);
  if (fields.length === 0) return { ...after, ...told('privacy.nothingChanged') };
  await runBatch(s.db, [
    raw(
      `UPDATE users SET name = ?, mobile = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL
        AND (name <> ? OR mobile <> ?)`,
      after.name,
      after.mobile,
      Date.now(),
      actor.userId,
      after.name,
      after.mobile,
    ),
    afterChange({
      actorId: actor.userId,
      action: 'user.profile_updated',
      entityType: 'user',
      entityId: actor.userId,
      details: {
        fields,
        before: Object.fromEntries(fields.map((k) => [k, before[k]])),
        after: Object.fromEntries(fields.map((k) => [k, after[k]])),
      },
    }),
  ]);
  return { ...after, ...told('privacy.profileSaved') };
}

/**
 * /changeEmail: a link to the NEW address (decision 147's layout); the account keeps its address until the link is
 * opened (/verifyEmail). Only the newest request's link works. Confirmed by the password: a stolen session alone
 * must not be able to move the account (and its password resets) to another address.
 */
export async function requestEmailChange(s: Svc, actor: Actor, input: z.output<typeof changeEmailRequest>) {
  if (input.email === actor.email) {
    // the desc names the field, as an input problem's does (core/contracts/common.ts); the key is the sentence
    const same = say('privacy.sameEmail');
    throw new DomainError('BadRequest', { ...same, text: `email: ${same.text}` }, 400);
  }
  const row = await checkPassword(s, actor, input.password, [
    sqlOf('SELECT id FROM users WHERE email = ?', input.email),
  ]);
  if (row.more[0]?.[0]) throw new DomainError('EmailTaken', say('auth.emailTaken'), 409);
  const token = randomToken(24);
  const at = Date.now();
  await runBatch(s.db, [
    // only the newest link works
    s.db
      .update(userTokens)
      .set({ usedAt: at })
      .where(
        and(eq(userTokens.userId, actor.userId), eq(userTokens.purpose, 'email_change'), isNull(userTokens.usedAt)),
      ),
    s.db.insert(userTokens).values({
      userId: actor.userId,
      purpose: 'email_change',
      tokenHash: await sha256Hex(token),
      newEmail: input.email,
      expiresAt: at + VERIFY_TTL,
    }),
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details) VALUES (?, 'user.email_change_requested', 'user', ?, ?)`,
      actor.userId,
      String(actor.userId),
      JSON.stringify({ from: actor.email, to: input.email }),
    ),
  ]);
  const href = `${s.origin}/verifyEmail?token=${encodeURIComponent(token)}`;
  await sendMail(s.db, s.config, {
    to: input.email,
    lang: row.lang ?? 'en',
    write: (w) =>
      compose(w('emailChange.subject'), [w('mail.greeting', { name: actor.name }), w('emailChange.body')], {
        href,
        label: w('emailChange.link'),
      }),
  });
  return told('privacy.emailLinkSent', { email: input.email, old: actor.email });
}

/**
 * The link of /changeEmail, opened (/verifyEmail with an email_change token): the address changes in one
 * conditional statement that uses the token up, so a replayed or parallel link changes it once; another account
 * that took the address meanwhile is refused by the unique index. The old address is told.
 */
export async function confirmEmailChange(s: Svc, token: { id: number; userId: number; newEmail: string | null }) {
  const newEmail = token.newEmail;
  if (!newEmail) throw new DomainError('InvalidToken', say('verification.invalid'), 400);
  const user = await s.db
    .select({ email: users.email, name: users.name, lang: users.lang, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, token.userId))
    .get();
  if (!user || user.deletedAt !== null) throw new DomainError('InvalidToken', say('verification.invalid'), 400);
  const at = Date.now();
  let results: { meta: { changes?: number } }[];
  try {
    results = await runBatch(s.db, [
      raw(`UPDATE user_tokens SET used_at = ? WHERE id = ? AND used_at IS NULL`, at, token.id),
      raw(
        `UPDATE users SET email = ?, email_verified = 1, updated_at = ? WHERE id = ? AND deleted_at IS NULL AND changes() = 1`,
        newEmail,
        at,
        token.userId,
      ),
      afterChange({
        actorId: token.userId,
        action: 'user.email_changed',
        entityType: 'user',
        entityId: token.userId,
        details: { before: user.email, after: newEmail },
      }),
    ]);
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError('EmailTaken', say('privacy.emailChangeTaken'), 409);
    throw err;
  }
  const changed = (results[1]?.meta.changes ?? 0) > 0;
  if (!changed) {
    // the same link opened twice (or at once): done already when the account has that address now
    const now = await s.db.select({ email: users.email }).from(users).where(eq(users.id, token.userId)).get();
    if (now?.email === newEmail) return told('privacy.emailChanged', { email: newEmail });
    throw new DomainError('InvalidToken', say('verification.invalid'), 400);
  }
  await sendMail(s.db, s.config, {
    to: user.email,
    lang: user.lang ?? 'en',
    write: (w) =>
      compose(w('emailChanged.subject'), [
        w('mail.greeting', { name: user.name }),
        w('emailChanged.body', { email: newEmail }),
      ]),
  });
  return told('privacy.emailChanged', { email: newEmail });
}

type Row = Record<string, unknown>;
const all = async <T = Row>(s: Svc, q: string, ...params: unknown[]) =>
  (await runBatch(s.db, [raw<T>(q, ...params)]))[0].results;

/** A row as the export writes it: camelCase names, times (`…_at`, `…_date`) in ISO 8601, paise in rupees. */
function shaped(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    const name = k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    if (k.endsWith('_paise')) out[name.slice(0, -5)] = paiseToRupees(Number(v));
    else out[name] = /(^|_)(at|date)$/.test(k) && typeof v === 'number' ? new Date(v).toISOString() : v;
  }
  return out;
}

// what /getMyData reads, in the order of its answer; `?` is the member's id (the emails: their address)
const MY_DATA_SQL = [
  `SELECT name, email, email_verified, mobile, lang AS language, created_at, is_member AS member, is_admin AS admin,
    is_volunteer AS volunteer FROM users WHERE id = ?`,
  `SELECT addr_line1, addr_line2, city, state, pin, additional_email, additional_mobile, refer_source, referred_by
    FROM user_extra_info WHERE user_id = ?`,
  `SELECT id, fiscal_year, created_at AS order_date, payment_date, status, payment_type, total_paise AS order_total_paise,
    user_name, user_email, user_mobile, NULLIF(trim(concat_ws(', ', addr1, addr2, city, state, pin), ', '), '') AS address,
    transaction_id, bank_name, refund_state, refunded_paise, pass_collected FROM orders WHERE user_id = ? ORDER BY id`,
  `SELECT l.order_id, l.name, l.code, l.qty, l.sell_price_paise AS amount_paise FROM order_lines l
    JOIN orders o ON o.id = l.order_id WHERE o.user_id = ? ORDER BY l.id`,
  'SELECT kind, channel, granted, at FROM channel_prefs WHERE user_id = ?',
  `SELECT at, json_extract(details, '$.kind') AS kind, json_extract(details, '$.channel') AS channel,
    action = 'consent.granted' AS granted, json_extract(details, '$.via') AS via FROM audit_log
    WHERE entity_type = 'user' AND entity_id = CAST(CAST(? AS INTEGER) AS TEXT) AND action IN ('consent.granted', 'consent.withdrawn')
    ORDER BY at, id`,
  'SELECT number FROM whatsapp_numbers WHERE user_id = ?',
  'SELECT created_at AS added_at FROM push_subscriptions WHERE user_id = ? ORDER BY id',
  'SELECT channel, kind, state, created_at, sent_at FROM deliveries WHERE user_id = ? ORDER BY id',
  `SELECT subject, created_at AS sent_at FROM email_outbox WHERE to_addr = (SELECT email FROM users WHERE id = ?)
    ORDER BY id`,
  `SELECT created_at AS started_at, expires_at, revoked_at AS ended_at, iid AS device FROM sessions WHERE user_id = ?
    ORDER BY id`,
  `SELECT at, action FROM audit_log WHERE (entity_type = 'user' AND entity_id = CAST(CAST(?1 AS INTEGER) AS TEXT)) OR actor_id = ?1
    ORDER BY at, id`,
  `SELECT new_email AS email, created_at AS requested_at FROM user_tokens WHERE user_id = ? AND purpose = 'email_change'
    AND used_at IS NULL AND expires_at > unixepoch('subsec') * 1000 ORDER BY id DESC LIMIT 1`,
  `SELECT r.number, r.kind, r.order_id, r.amount_paise, r.issued_at, r.billing_name, r.pan, r.gstin
    FROM receipts r JOIN orders o ON o.id = r.order_id WHERE o.user_id = ? ORDER BY r.id`,
  `SELECT p.name AS product, w.qty, w.state, w.created_at AS joined_at FROM waitlist_entries w
    JOIN products p ON p.id = w.product_id WHERE w.user_id = ? ORDER BY w.id`,
];

/**
 * /getMyData: everything held about the caller, from every table that names them (the account, address, orders
 * with their lines, consent and its history, phones, messages and emails sent, sessions, their audit trail), in one
 * batch with its own audit row (taking a copy is on the record too). Secrets (password hash, token hashes, push
 * keys) are not data about the member and are left out.
 */
export async function myData(s: Svc, actor: Actor): Promise<MyData> {
  const id = actor.userId;
  const [, ...answers] = await runBatch(s.db, [
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details) VALUES (?1, 'user.data_exported', 'user', CAST(CAST(?1 AS INTEGER) AS TEXT), '{}')`,
      id,
    ),
    ...MY_DATA_SQL.map((q) => raw(q, id)),
  ]);
  const [
    user,
    extra,
    orders,
    lines,
    prefs,
    history,
    number,
    devices,
    messages,
    emails,
    sessions,
    activity,
    pending,
    receipts,
    waiting,
  ] = answers.map((a) => a.results);
  const { emailVerified, member, admin, volunteer, ...account } = shaped(user![0]!);
  const [change] = pending!;
  const on = (v: unknown) => v === 1;
  return {
    exportedAt: new Date().toISOString(),
    account: {
      ...(account as Pick<MyData['account'], 'name' | 'email' | 'mobile' | 'language' | 'createdAt'>),
      emailVerified: on(emailVerified),
      member: on(member),
      admin: on(admin),
      volunteer: on(volunteer),
      pendingEmailChange: change ? (shaped(change) as MyData['account']['pendingEmailChange']) : null,
    },
    address: extra![0] ? (shaped(extra![0]) as MyData['address']) : null,
    contributions: orders!.map(({ id: orderId, ...o }) => ({
      orderRcptId: formatRcptId(Number(orderId)),
      ...(shaped(o) as Omit<MyData['contributions'][number], 'orderRcptId' | 'lines'>),
      lines: lines!
        .filter((l) => l.order_id === orderId)
        .map(({ order_id: _, ...l }) => shaped(l) as MyData['contributions'][number]['lines'][number]),
    })),
    consent: {
      current: prefsOf(prefs as { kind: MessageKind; channel: Channel; granted: number; at: number }[]).map((c) => ({
        kind: c.kind,
        channel: c.channel,
        on: c.on,
        since: c.at === null ? null : new Date(c.at).toISOString(),
        fixed: c.fixed,
      })),
      history: history!.map((h) => ({ ...shaped(h), granted: on(h.granted) }) as MyData['consent']['history'][number]),
      whatsappNumber: (number![0]?.number as string | undefined) ?? null,
      pushDevices: devices!.map((d) => shaped(d) as { addedAt: string }),
    },
    receipts: receipts!.map(({ order_id: orderId, ...r }) => ({
      ...(shaped(r) as Omit<MyData['receipts'][number], 'orderRcptId'>),
      orderRcptId: formatRcptId(Number(orderId)),
    })),
    waitingLists: waiting!.map((w) => shaped(w) as MyData['waitingLists'][number]),
    messages: messages!.map((m) => shaped(m) as MyData['messages'][number]),
    emails: emails!.map((e) => shaped(e) as MyData['emails'][number]),
    sessions: sessions!.map((r) => shaped(r) as MyData['sessions'][number]),
    activity: activity!.map((a) => shaped(a) as MyData['activity'][number]),
  };
}

/**
 * An unfinished money matter of the member's (docs/decisions/266): an order not yet paid or awaiting the
 * transfer's verification, a refund asked for or pending, or a failed refund nobody has retried or settled by hand.
 * SQL over `?` = the user's id; the deletion's guard and the read that names the order for the message.
 */
const UNSETTLED_SQL = `SELECT o.id FROM orders o WHERE o.user_id = ? AND (
    o.status IN ('Pending Payment', 'Pending Approval') OR o.refund_state = 'Refund Pending'
    OR EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND (r.status IN ('requested', 'pending')
      OR (r.status = 'failed' AND NOT EXISTS (SELECT 1 FROM refunds x WHERE x.retry_of = r.id)))))
  ORDER BY o.id LIMIT 1`;

/**
 * /deleteAccount (docs/decisions/265-266), confirmed by the password. One D1 batch: the account's row is erased by a
 * guarded UPDATE (still there, not an admin, the password checked still the one stored, no unfinished money
 * matter) whose audit row follows it; every other statement runs only when the account is erased, so a refused
 * deletion changes nothing and two parallel deletions erase once (one audit row). Kept: paid orders' payer name,
 * lines, amounts and payment references (the accounts); everything else that names the member is erased or
 * anonymised. The row itself stays (orders refer to it) with a placeholder email, so the address is free to sign
 * up again as a new account.
 */
export async function deleteAccount(s: Svc, actor: Actor, input: z.output<typeof deleteAccountRequest>) {
  if (actor.isAdmin) throw new DomainError('AdminAccount', say('privacy.adminCannotDelete'), 409);
  const id = actor.userId;
  const { hash, more } = await checkPassword(s, actor, input.password, [
    sqlOf(UNSETTLED_SQL, id),
    // every address the account had or asked for: their emails and their traces in the audit trail go
    sqlOf(
      `SELECT details FROM audit_log WHERE entity_type = 'user' AND entity_id = ?
        AND action IN ('user.email_change_requested', 'user.email_changed')`,
      String(id),
    ),
  ]);
  const [unsettled, changes] = more as [{ id: number }[], { details: string }[]];
  if (unsettled[0]) {
    throw new DomainError('MoneyPending', say('privacy.moneyPending', { rcpt: formatRcptId(unsettled[0].id) }), 409);
  }
  const at = Date.now();
  const addresses = new Set([actor.email]);
  for (const c of changes) {
    const d = JSON.parse(c.details) as Record<string, unknown>;
    for (const v of [d.from, d.to, d.before, d.after]) if (typeof v === 'string') addresses.add(v);
  }
  const done = `EXISTS (SELECT 1 FROM users WHERE id = ${Number(id)} AND deleted_at IS NOT NULL)`;
  const deviceKey = `loginDevice:${actor.email}#`;
  const results = await runBatch(s.db, [
    raw(
      `UPDATE users SET name = '', email = 'deleted-' || id || '@deleted.invalid', mobile = '', password_hash = 'deleted',
        email_verified = 0, is_admin = 0, is_volunteer = 0, is_member = 0, lang = NULL, deleted_at = ?, updated_at = ?
        WHERE id = ? AND deleted_at IS NULL AND is_admin = 0 AND password_hash = ? AND NOT EXISTS (${UNSETTLED_SQL})`,
      at,
      at,
      id,
      hash,
      id,
    ),
    afterChange({
      actorId: id,
      action: 'user.deleted',
      entityType: 'user',
      entityId: id,
      details: { via: 'profile' },
    }),
    // sessions end; the device ids go
    raw(`UPDATE sessions SET revoked_at = COALESCE(revoked_at, ?), iid = NULL WHERE user_id = ? AND ${done}`, at, id),
    raw(`DELETE FROM user_tokens WHERE user_id = ? AND ${done}`, id),
    raw(
      `DELETE FROM throttles WHERE (key IN (?, ?, ?, ?, ?) OR substr(key, 1, ?) = ?) AND ${done}`,
      `login:${actor.email}`,
      `forgot:${actor.email}`,
      `change:${actor.email}`,
      `verify:${actor.email}`,
      `privacy:${actor.email}`,
      deviceKey.length,
      deviceKey,
    ),
    raw(`DELETE FROM user_extra_info WHERE user_id = ? AND ${done}`, id),
    raw(`DELETE FROM cart_lines WHERE user_id = ? AND ${done}`, id),
    raw(`DELETE FROM carts WHERE user_id = ? AND ${done}`, id),
    // paid orders keep the payer's name, lines, amounts and payment reference; the rest goes (transitions/order-details.ts)
    ...eraseOrders(id, done),
    // every kind of message withdrawn on every channel (not merely forgotten: without a row the defaults would send
    // reminders and announcements by email again); the rows name no one
    ...MESSAGE_KINDS.flatMap((kind) =>
      CHANNELS.filter((channel) => !isFixed(kind, channel)).map((channel) =>
        raw(
          `INSERT INTO channel_prefs (user_id, kind, channel, granted, at, via) SELECT ?, ?, ?, 0, ?, 'account-deleted'
            WHERE ${done} ON CONFLICT (user_id, kind, channel) DO UPDATE SET granted = 0, at = excluded.at, via = excluded.via`,
          id,
          kind,
          channel,
          at,
        ),
      ),
    ),
    raw(`DELETE FROM whatsapp_numbers WHERE user_id = ? AND ${done}`, id),
    raw(`DELETE FROM push_subscriptions WHERE user_id = ? AND ${done}`, id),
    raw(`DELETE FROM deliveries WHERE user_id = ? AND ${done}`, id),
    // a place in a waiting list goes with the account; units an offer held return (docs/decisions/246)
    releaseOffers(`w.user_id = ? AND ${done}`, id),
    raw(
      `UPDATE waitlist_entries SET state = 'left', updated_at = ?
         WHERE user_id = ? AND state IN ('waiting', 'offered') AND ${done}`,
      at,
      id,
    ),
    ...[...addresses].map((a) => raw(`DELETE FROM email_outbox WHERE to_addr = ? AND ${done}`, a)),
    // the audit trail keeps what happened and when, not who they were: the orders' rows lose the bank's name, and
    // those of orders never paid the reference the member typed
    raw(
      `UPDATE audit_log SET details = json_remove(details, '$.bankName') WHERE entity_type = 'order'
        AND entity_id IN (SELECT CAST(id AS TEXT) FROM orders WHERE user_id = ?)
        AND json_valid(details) AND json_extract(details, '$.bankName') IS NOT NULL AND ${done}`,
      id,
    ),
    raw(
      `UPDATE audit_log SET details = json_remove(details, '$.transactionId') WHERE entity_type = 'order'
        AND entity_id IN (SELECT CAST(id AS TEXT) FROM orders WHERE user_id = ? AND NOT ${PAID_SQL})
        AND json_valid(details) AND json_extract(details, '$.transactionId') IS NOT NULL AND ${done}`,
      id,
    ),
    raw(
      `UPDATE audit_log SET details = '{"erased":true}' WHERE entity_type = 'user' AND entity_id = ?
        AND action IN ('user.profile_updated', 'user.email_change_requested', 'user.email_changed') AND ${done}`,
      String(id),
    ),
    ...[...addresses].map((a) =>
      raw(
        `UPDATE audit_log SET details = replace(details, ?, '[erased]') WHERE instr(details, ?) > 0 AND ${done}`,
        a,
        a,
      ),
    ),
    raw(
      `UPDATE audit_log SET details = replace(details, ?, '"[erased]"') WHERE instr(details, ?) > 0 AND ${done}`,
      JSON.stringify(actor.mobile),
      JSON.stringify(actor.mobile),
    ),
  ]);
  if ((results[0]?.meta.changes ?? 0) === 0) {
    // refused by the guard: a parallel deletion won, or something changed since the reads above
    const now = await s.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, id)).get();
    if (now?.deletedAt != null) throw new DomainError('AccountDeleted', say('privacy.alreadyDeleted'), 409);
    const again = await all<{ id: number }>(s, UNSETTLED_SQL, id);
    if (again[0]) {
      throw new DomainError('MoneyPending', say('privacy.moneyPending', { rcpt: formatRcptId(again[0].id) }), 409);
    }
    throw wrongPassword();
  }
  // the units an offer of the account held go to the next in line
  await offerFreedUnits(s);
  return { deleted: true as const, ...told('privacy.deleted') };
}

/**
 * /verifyEmail: a link from an email. An email change's link (/changeEmail) confirms the new address; any other is
 * the sign-up's verification (worker/services/accounts/accounts.ts), as before.
 */
export async function openEmailLink(s: Svc, input: { token: string }) {
  const change = await s.db
    .select({ id: userTokens.id, userId: userTokens.userId, newEmail: userTokens.newEmail })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, await sha256Hex(input.token)),
        eq(userTokens.purpose, 'email_change'),
        gt(userTokens.expiresAt, Date.now()),
      ),
    )
    .get();
  return change ? confirmEmailChange(s, change) : verifyEmail(s, input);
}
