import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  changePasswdRequest,
  forgotPasswdRequest,
  loginRequest,
  signUpAndLoginRequest,
  UserInfo,
  UserProfile,
} from '../../../core/contracts/accounts';
import type { KeyedMessage } from '../../../core/contracts/common';
import { sessions, throttles, users, userTokens } from '../../../schema/index';
import { audit } from '../../lib/audit';
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  randomCode,
  randomToken,
  sha256Hex,
  verifyPassword,
} from '../../lib/crypto';
import { isUniqueViolation, runBatch } from '../../lib/d1-batch';
import { DomainError, say, told } from '../../lib/errors';
import { compose, sendMail, trackMail } from '../../lib/mail';
import type { Actor } from '../../lib/session';
import { type Svc, sessionBatchOf } from '../../lib/svc';
import { getSettings, pickSettings, settingsQuery } from '../admin/settings';
import type { LiveFlag } from '../../../core/contracts/catalogue';

/** /isMembershipLive and /isDailyPassLive: whether that part of the shop is open (public). */
export async function isLive(s: Svc, flag: 'membershipLive' | 'dailyPassLive'): Promise<LiveFlag> {
  const settings = await getSettings(s.db, [flag]);
  return { available: settings[flag] };
}

const MINUTE = 60_000;
const PASSWORD_CODE_TTL = 30 * MINUTE;
export const VERIFY_TTL = 7 * 24 * 60 * MINUTE;

/**
 * Per-account throttling (decision 071): at most `max` attempts per key within the window. Attempts are
 * counted BEFORE the slow work (the password hash, the mail), by one atomic upsert whose answer decides,
 * so parallel requests cannot all pass a check made before any of them was counted.
 */
const LIMITS = {
  login: { max: 5, windowMs: 15 * MINUTE },
  // a device that signed in to the account before keeps its own allowance when strangers used up the account's
  loginDevice: { max: 5, windowMs: 15 * MINUTE },
  forgot: { max: 3, windowMs: 15 * MINUTE },
  change: { max: 5, windowMs: 15 * MINUTE },
  verify: { max: 3, windowMs: 15 * MINUTE },
  // a member's own data (worker/services/accounts/privacy.ts): the password that confirms an email change or a deletion
  privacy: { max: 5, windowMs: 15 * MINUTE },
} as const;
type Limit = keyof typeof LIMITS;

export const rateLimited = () => new DomainError('RateLimited', say('auth.rateLimited'), 429);

/**
 * Counts one attempt, as a statement for a batch: its answer (the count) decides, through withinLimit(). One
 * statement, so parallel requests cannot all pass a check made before any of them was counted.
 */
export function claimQuery(s: Svc, kind: Limit, id: string) {
  const { windowMs } = LIMITS[kind];
  const at = Date.now();
  return s.db.get<{ failures: number } | undefined>(sql`INSERT INTO throttles (key, failures, window_start)
     VALUES (${`${kind}:${id}`}, 1, ${at})
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN excluded.window_start - window_start > ${windowMs} THEN 1 ELSE failures + 1 END,
       window_start = CASE WHEN excluded.window_start - window_start > ${windowMs} THEN excluded.window_start ELSE window_start END
     RETURNING failures`);
}

export const withinLimit = (kind: Limit, row: { failures: number } | undefined | null) =>
  (row?.failures ?? Number.POSITIVE_INFINITY) <= LIMITS[kind].max;

/** Counts one attempt and answers whether it is within the limit. */
export async function claimAttempt(s: Svc, kind: Limit, id: string): Promise<boolean> {
  return withinLimit(kind, (await runBatch(s.db, [claimQuery(s, kind, id)]))[0]);
}

/** A device (the client's user-iid) that signed in to this account before. */
async function isKnownDevice(s: Svc, email: string, iid: string | null | undefined): Promise<boolean> {
  if (!iid) return false;
  const row = await s.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(users.email, email), eq(sessions.iid, iid)))
    .limit(1)
    .get();
  return !!row;
}

type UserRow = typeof users.$inferSelect;

/** A new session for the user: its token, and the insert that stores its hash. */
async function newSession(s: Svc, user: UserRow, iid: string | null | undefined) {
  const token = randomToken(32);
  const insert = s.db.insert(sessions).values({
    userId: user.id,
    tokenHash: await sha256Hex(token),
    iid: iid ?? null,
    expiresAt: Date.now() + s.config.SESSION_TTL_DAYS * 24 * 60 * MINUTE,
  });
  return { token, insert };
}

function userInfo(user: UserRow, token: string, flags: { membershipLive: boolean; dailyPassLive: boolean }): UserInfo {
  return {
    session: token,
    admin: user.isAdmin,
    volunteer: user.isVolunteer,
    member: user.isMember,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    membershipLive: flags.membershipLive,
    dailyPassLive: flags.dailyPassLive,
    lang: user.lang ?? null, // the account's language, null until chosen
  };
}

async function startSession(s: Svc, user: UserRow, iid: string | null | undefined): Promise<UserInfo> {
  const { token, insert } = await newSession(s, user, iid);
  const [, flags] = await Promise.all([
    runBatch(s.db, [insert]),
    getSettings(s.db, ['membershipLive', 'dailyPassLive']),
  ]);
  return userInfo(user, token, flags);
}

async function sendVerification(s: Svc, user: Pick<UserRow, 'id' | 'email' | 'name'>) {
  const token = randomToken(24);
  await runBatch(s.db, [
    s.db.insert(userTokens).values({
      userId: user.id,
      purpose: 'email_verification',
      tokenHash: await sha256Hex(token),
      expiresAt: Date.now() + VERIFY_TTL,
    }),
  ]);
  const href = `${s.origin}/verifyEmail?token=${encodeURIComponent(token)}`;
  await sendMail(s.db, s.config, {
    to: user.email,
    write: (w) =>
      compose(w('verify.subject'), [w('mail.greeting', { name: user.name }), w('verify.body')], {
        href,
        label: w('verify.link'),
      }),
  });
}

/** /signUp answers the message that a verification link was sent, /signUpAndLogin the new session. */
export async function signUp(
  s: Svc,
  input: z.output<typeof signUpAndLoginRequest>,
  opts: { login: false },
): Promise<KeyedMessage>;
export async function signUp(
  s: Svc,
  input: z.output<typeof signUpAndLoginRequest>,
  opts: { login: true },
): Promise<UserInfo>;
export async function signUp(
  s: Svc,
  input: z.output<typeof signUpAndLoginRequest>,
  opts: { login: boolean },
): Promise<UserInfo | KeyedMessage> {
  const existing = await s.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
  if (existing) throw new DomainError('EmailTaken', say('auth.emailTaken'), 409);
  const passwordHash = await hashPassword(input.password, s.config.PASSWORD_PEPPER);
  let user: UserRow;
  try {
    user = (
      await runBatch(s.db, [
        s.db
          .insert(users)
          .values({
            name: input.name,
            email: input.email,
            mobile: input.mobile,
            passwordHash,
            lang: input.lang ?? null,
          })
          .returning(),
      ])
    )[0][0]!;
  } catch (err) {
    // Two sign-ups racing for one email: the unique index lets exactly one through.
    if (isUniqueViolation(err)) throw new DomainError('EmailTaken', say('auth.emailTaken'), 409);
    throw err;
  }
  await sendVerification(s, user);
  if (!opts.login) return told('signup.verifySent');
  return startSession(s, user, input.iid);
}

/**
 * Two D1 round trips (docs/decisions/111): the attempt count with the account and the settings, then, after the
 * password hash (CPU), the attempts cleared with the new session. A rate-limited account costs a device that
 * signed in before two more.
 */
export async function login(s: Svc, input: z.output<typeof loginRequest>): Promise<UserInfo> {
  // the account is read beside the count, and used only once the count allows the attempt
  const [claimed, found, settingRows] = await runBatch(s.db, [
    claimQuery(s, 'login', input.email),
    s.db.select().from(users).where(eq(users.email, input.email)).limit(1),
    settingsQuery(s.db),
  ] as const);
  if (!withinLimit('login', claimed)) {
    // Strangers' guesses have used up the account's attempts: that must not lock its owner out, so a
    // device that signed in here before (its iid) gets attempts of its own.
    const known = await isKnownDevice(s, input.email, input.iid);
    if (!known || !(await claimAttempt(s, 'loginDevice', `${input.email}#${input.iid}`))) throw rateLimited();
  }
  const user = found[0];
  // An unknown email costs the same hash as a wrong password, so timing tells nothing.
  const check = await verifyPassword(
    input.password,
    user?.passwordHash ?? DUMMY_PASSWORD_HASH,
    s.config.PASSWORD_PEPPER,
  );
  if (!user || !check.ok) throw new DomainError('InvalidCredentials', say('auth.invalidCredentials'), 401);
  const passwordHash = check.needsRehash ? await hashPassword(input.password, s.config.PASSWORD_PEPPER) : null;
  const { token, insert } = await newSession(s, user, input.iid);
  await runBatch(s.db, [
    s.db.delete(throttles).where(eq(throttles.key, `login:${input.email}`)),
    ...(input.iid ? [s.db.delete(throttles).where(eq(throttles.key, `loginDevice:${input.email}#${input.iid}`))] : []),
    ...(passwordHash ? [s.db.update(users).set({ passwordHash }).where(eq(users.id, user.id))] : []),
    insert,
  ]);
  return userInfo(user, token, pickSettings(settingRows, ['membershipLive', 'dailyPassLive']));
}

/** /logout: the session revokes itself in the batch of its own lookup (one round trip, docs/decisions/111). */
export async function logout(s: Svc) {
  await sessionBatchOf(s)(
    (me, db) =>
      [db.update(sessions).set({ revokedAt: Date.now() }).where(sql`${sessions.id} = ${me.sessionId}`)] as const,
  );
}

/**
 * /forgotPasswd answers the same, in the same time, for any email: only the atomic attempt count is awaited;
 * looking the account up, writing the code and sending it happen after the answer (waitUntil).
 */
export async function forgotPassword(s: Svc, input: z.output<typeof forgotPasswdRequest>) {
  if (!(await claimAttempt(s, 'forgot', input.email))) throw rateLimited();
  const work = trackMail(sendPasswordCode(s, input.email));
  if (s.defer) s.defer(work);
  else await work;
  return told('password.codeSent');
}

async function sendPasswordCode(s: Svc, email: string) {
  const user = await s.db.select().from(users).where(eq(users.email, email)).get();
  if (!user) return;
  const code = randomCode(8);
  const at = Date.now();
  await runBatch(s.db, [
    // only the newest code works
    s.db
      .update(userTokens)
      .set({ usedAt: at })
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'password_code'), isNull(userTokens.usedAt))),
    s.db.insert(userTokens).values({
      userId: user.id,
      purpose: 'password_code',
      tokenHash: await sha256Hex(`${user.id}:${code}`),
      expiresAt: at + PASSWORD_CODE_TTL,
    }),
  ]);
  await sendMail(s.db, s.config, {
    to: user.email,
    write: (w) =>
      compose(
        w('code.subject'),
        [w('mail.greeting', { name: user.name }), w('code.code', { code }), w('code.valid'), w('code.ignore')],
        { href: `${s.origin}/changePasswd?email=${encodeURIComponent(user.email)}`, label: w('code.link') },
      ),
  });
}

export async function changePassword(s: Svc, input: z.output<typeof changePasswdRequest>) {
  if (!(await claimAttempt(s, 'change', input.email))) throw rateLimited();
  const user = await s.db.select().from(users).where(eq(users.email, input.email)).get();
  const at = Date.now();
  let codeId: number | null = null;
  if (user) {
    // The code is consumed by this one conditional update: of parallel requests with one code, exactly
    // one gets its row back; the others fall through to the old-password check and fail.
    const code = (
      await runBatch(s.db, [
        s.db
          .update(userTokens)
          .set({ usedAt: at })
          .where(
            and(
              eq(userTokens.tokenHash, await sha256Hex(`${user.id}:${input.tempPasswd.toUpperCase()}`)),
              eq(userTokens.purpose, 'password_code'),
              isNull(userTokens.usedAt),
              gt(userTokens.expiresAt, at),
            ),
          )
          .returning({ id: userTokens.id }),
      ])
    )[0][0];
    codeId = code?.id ?? null;
  }
  const oldOk =
    codeId === null &&
    (await verifyPassword(input.tempPasswd, user?.passwordHash ?? DUMMY_PASSWORD_HASH, s.config.PASSWORD_PEPPER)).ok;
  if (!user || (codeId === null && !oldOk)) throw new DomainError('InvalidCode', say('auth.invalidCode'), 400);
  const passwordHash = await hashPassword(input.newPasswd, s.config.PASSWORD_PEPPER);
  await runBatch(s.db, [
    s.db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, user.id)),
    // a password change ends every session of the account
    s.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt))),
    s.db
      .update(userTokens)
      .set({ usedAt: at })
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'password_code'), isNull(userTokens.usedAt))),
    s.db.delete(throttles).where(eq(throttles.key, `login:${user.email}`)),
    s.db.delete(throttles).where(eq(throttles.key, `change:${user.email}`)),
    audit(s.db, {
      actorId: user.id,
      action: 'user.password_changed',
      entityType: 'user',
      entityId: user.id,
      details: { via: codeId !== null ? 'code' : 'old_password' },
    }),
  ]);
  return told('password.updated');
}

/** /getUserProfile: the caller as the session lookup read them; no statement of its own. */
export function profileOf(_s: Svc, actor: Actor): UserProfile {
  return { name: actor.name, email: actor.email, emailVerified: actor.emailVerified, mobile: actor.mobile };
}

export async function resendVerification(s: Svc, actor: Actor) {
  if (!actor.emailVerified) {
    if (!(await claimAttempt(s, 'verify', actor.email))) throw rateLimited();
    await sendVerification(s, { id: actor.userId, email: actor.email, name: actor.name });
  }
  return told('verification.sent');
}

export async function verifyEmail(s: Svc, input: { token: string }) {
  const { token } = input;
  const at = Date.now();
  const row = await s.db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, await sha256Hex(token)),
        eq(userTokens.purpose, 'email_verification'),
        gt(userTokens.expiresAt, at),
      ),
    )
    .get();
  if (!row) throw new DomainError('InvalidToken', say('verification.invalid'), 400);
  await runBatch(s.db, [
    s.db.update(users).set({ emailVerified: true, updatedAt: at }).where(eq(users.id, row.userId)),
    s.db
      .update(userTokens)
      .set({ usedAt: at })
      .where(and(eq(userTokens.id, row.id), isNull(userTokens.usedAt))),
  ]);
  return told('verification.done');
}
