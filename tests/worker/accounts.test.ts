import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions, userTokens, users } from '../../schema/index';
import { PBKDF2_ITERATIONS, PBKDF2_MAX_ITERATIONS_ON_WORKERS } from '../../worker/lib/crypto';
import { ADMIN, call, db, loginAs, MEMBER, newUser, outbox } from './helpers';

const userCount = async () => (await db().select({ n: sql<number>`count(*)` }).from(users).get())!.n;

describe('/signUp', () => {
  it('creates an account, sends a verification link and does not log in', async () => {
    const email = `new.${crypto.randomUUID().slice(0, 6)}@example.net`;
    const r = await call('signUp', { name: 'Ananya Sen', mobile: '+91 98765 43210', email, password: 'shubho-bijoya' });
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe(
      'We have sent a verification email to your email address. You can log in now; please verify your email with the link in it.',
    );
    expect(r.body.data.session).toBeUndefined();
    const row = await db().select().from(users).where(eq(users.email, email)).get();
    expect(row).toMatchObject({ name: 'Ananya Sen', mobile: '9876543210', emailVerified: false, isAdmin: false });
    expect(row!.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/);
    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/\/verifyEmail\?token=/);
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const u = await newUser();
    const before = await userCount();
    const r = await call('signUp', {
      name: 'X',
      mobile: '9876543210',
      email: u.email.toUpperCase(),
      password: 'another-pass',
    });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({
      error: 'EmailTaken',
      desc: expect.stringMatching(/already exists/),
      key: expect.any(String),
      params: expect.any(Object),
    });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ mobile: '9876543210', email: 'a@b.co', password: 'longenough' }, /name is required/],
    [{ name: 'A', mobile: '9876543210', email: 'not-an-email', password: 'longenough' }, /email: Email is invalid!/],
    [{ name: 'A', mobile: 'call me', email: 'a@b.co', password: 'longenough' }, /mobile: Mobile number is invalid!/],
    [{ name: 'A', mobile: '9876543210', email: 'a@b.co', password: 'short' }, /password: Password must be at least 8/],
    [
      { name: 'x'.repeat(101), mobile: '9876543210', email: 'a@b.co', password: 'longenough' },
      /name must be at most 100/,
    ],
    [{ name: 42, mobile: '9876543210', email: 'a@b.co', password: 'longenough' }, /name must be text/],
  ])('rejects bad input %# with a desc naming the field and writes nothing', async (body, desc) => {
    const before = await userCount();
    const r = await call('signUp', body);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('BadRequest');
    expect(r.body.desc).toMatch(desc);
    expect(await userCount()).toBe(before);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const r = await call('signUp', undefined, null, { raw: '{"name": ' });
    expect(r).toEqual({
      status: 400,
      body: {
        error: 'BadRequest',
        desc: 'The request body must be a JSON object.',
        key: 'request.invalidJson',
        params: {},
      },
    });
    const arr = await call('signUp', undefined, null, { raw: '[1,2]' });
    expect(arr.status).toBe(400);
  });
});

describe('/signUpAndLogin', () => {
  it('signs up and returns the user info the client stores, with a working session', async () => {
    const u = await newUser({ name: 'Rupa Ghosh' });
    const profile = await call('getUserProfile', {}, u.token);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toEqual({ name: 'Rupa Ghosh', email: u.email, emailVerified: false, mobile: u.mobile });
    const r = await call('signUpAndLogin', { ...u, token: undefined, iid: 'device-1' });
    expect(r.status).toBe(409);
  });

  it('stores the user info fields DECISIONS.md names', async () => {
    const email = `info.${crypto.randomUUID().slice(0, 6)}@example.net`;
    const r = await call('signUpAndLogin', {
      name: 'Info',
      mobile: '9811111111',
      email,
      password: 'password-1',
      iid: 'dev-x',
    });
    expect(r.body.data).toMatchObject({
      admin: false,
      member: false,
      name: 'Info',
      email,
      session: expect.any(String),
    });
    const s = await db().select().from(sessions).where(eq(sessions.iid, 'dev-x')).get();
    expect(s).toBeDefined();
    expect(s!.tokenHash).not.toBe(r.body.data.session); // stored hashed
  });
});

describe('/login', () => {
  it('logs the demo admin and member in with their roles', async () => {
    const admin = await call('login', { ...ADMIN, iid: crypto.randomUUID() });
    expect(admin.status).toBe(200);
    expect(admin.body.data).toMatchObject({ admin: true, member: false, email: ADMIN.email, name: 'Demo Admin' });
    const member = await call('login', { email: ' MEMBER@example.org ', password: ` ${MEMBER.password} ` });
    expect(member.body.data).toMatchObject({ admin: false, member: true });
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrong = await call('login', { email: MEMBER.email, password: 'not-the-password' });
    const unknown = await call('login', { email: 'nobody@example.net', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe('InvalidCredentials');
  });

  it('throttles an account after five failures, even with the right password, and the unknown email alike', async () => {
    const u = await newUser();
    for (let i = 0; i < 5; i++)
      expect((await call('login', { email: u.email, password: 'wrong-wrong' })).status).toBe(401);
    const locked = await call('login', { email: u.email, password: u.password });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe('RateLimited');
    for (let i = 0; i < 5; i++) await call('login', { email: 'ghost@example.net', password: 'wrong-wrong' });
    expect((await call('login', { email: 'ghost@example.net', password: 'wrong-wrong' })).body.error).toBe(
      'RateLimited',
    );
  });

  it.each([
    [{ password: 'x' }, /email is required/],
    [{ email: 'a@b.co' }, /password is required/],
    [{ email: 'a@b', password: 'x' }, /Email is invalid!/],
    [{ email: 'a@b.co', password: 'x'.repeat(201) }, /password must be at most 200/],
  ])('rejects bad input %#', async (body, desc) => {
    const r = await call('login', body);
    expect(r.status).toBe(400);
    expect(r.body.desc).toMatch(desc);
  });
});

describe('sessions and /logout', () => {
  it('revokes the session on logout', async () => {
    const token = await loginAs(MEMBER);
    expect((await call('logout', {}, token)).status).toBe(200);
    const after = await call('getUserProfile', {}, token);
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('InsufficientAccess');
  });

  it('refuses calls without a session or with a forged one before reading the body', async () => {
    for (const token of [null, 'null', 'forged-token-value']) {
      const r = await call('getUserProfile', undefined, token, { raw: '{not json' });
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('InsufficientAccess');
    }
    expect((await call('logout', {})).status).toBe(401);
    expect((await call('sendVerificationEmail', {})).status).toBe(401);
  });

  it('ignores unknown fields (old and newer clients), still refusing wrong types', async () => {
    const token = await loginAs(MEMBER);
    const r = await call('getUserProfile', { userId: 1 }, token);
    expect(r.status).toBe(200);
    expect(r.body.data.email).toBe(MEMBER.email);
    const u = {
      name: 'Strip Me',
      mobile: '9876543210',
      email: `strip.${Date.now()}@example.net`,
      password: 'longenough',
    };
    const signed = await call('signUpAndLogin', { ...u, admin: true, isAdmin: true });
    expect(signed.status).toBe(200);
    expect(signed.body.data.admin).toBe(false);
    const typed = await call('login', { email: u.email, password: 12345678, extra: 'x' });
    expect(typed.status).toBe(400);
    expect(typed.body.desc).toMatch(/password/);
  });
});

describe('email verification', () => {
  it('verifies with the emailed link once, and resends on request', async () => {
    const u = await newUser();
    const resend = await call('sendVerificationEmail', {}, u.token);
    expect(resend.body.data.message).toBe('We have sent verification link, please check your Mail!');
    const mails = await outbox(u.email);
    expect(mails).toHaveLength(2);
    const token = decodeURIComponent(/token=([^\s"&]+)/.exec(mails[0]!.text)![1]!);
    const ok = await call('verifyEmail', { token });
    expect(ok.status).toBe(200);
    expect((await call('getUserProfile', {}, u.token)).body.data.emailVerified).toBe(true);
    const bad = await call('verifyEmail', { token: 'made-up' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('InvalidToken');
  });
});

describe('forgot and change password', () => {
  it('answers the same for known and unknown emails, and emails a code only to the known one', async () => {
    const u = await newUser();
    const known = await call('forgotPasswd', { email: u.email });
    const unknown = await call('forgotPasswd', { email: 'nobody-here@example.net' });
    expect(known).toEqual(unknown);
    expect(known.body.data.message).toBe(
      'An email with temp code has been sent to your registered email id, please check your mail.',
    );
    expect((await outbox(u.email)).filter((m) => /temporary code/i.test(m.subject))).toHaveLength(1);
    expect(await outbox('nobody-here@example.net')).toHaveLength(0);
  });

  it('changes the password with the emailed code once, ends every session and audits it', async () => {
    const u = await newUser();
    const other = await loginAs(u);
    await call('forgotPasswd', { email: u.email });
    const mail = (await outbox(u.email)).find((m) => /temporary code/i.test(m.subject))!;
    const code = /temporary code is: ([A-Z0-9]{8})/.exec(mail.text)![1]!;
    const r = await call('changePasswd', {
      email: u.email,
      tempPasswd: code.toLowerCase(),
      newPasswd: 'brand-new-pass',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe('Your password updated successfully, Please login now!');
    expect((await call('getUserProfile', {}, u.token)).status).toBe(401);
    expect((await call('getUserProfile', {}, other)).status).toBe(401);
    expect((await call('login', { email: u.email, password: u.password })).status).toBe(401);
    expect((await call('login', { email: u.email, password: 'brand-new-pass' })).status).toBe(200);
    const again = await call('changePasswd', { email: u.email, tempPasswd: code, newPasswd: 'third-password' });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('InvalidCode');
    const logged = await db().select().from(auditLog).where(eq(auditLog.action, 'user.password_changed')).all();
    expect(logged.some((l) => JSON.parse(l.details).via === 'code')).toBe(true);
  });

  it('accepts the old password instead of a code, and refuses an expired code', async () => {
    const u = await newUser();
    const r = await call('changePasswd', { email: u.email, tempPasswd: u.password, newPasswd: 'changed-by-old' });
    expect(r.status).toBe(200);
    await call('forgotPasswd', { email: u.email });
    const code = /temporary code is: ([A-Z0-9]{8})/.exec((await outbox(u.email))[0]!.text)![1]!;
    await db()
      .update(userTokens)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(userTokens.purpose, 'password_code'));
    const expired = await call('changePasswd', { email: u.email, tempPasswd: code, newPasswd: 'never-set-pass' });
    expect(expired.status).toBe(400);
  });

  it.each([
    [{ email: 'a@b.co', tempPasswd: 'x' }, /newPasswd is required/],
    [{ email: 'a@b.co', tempPasswd: 'x', newPasswd: 'short' }, /Password must be at least 8/],
    [{ tempPasswd: 'x', newPasswd: 'longenough' }, /email is required/],
  ])('rejects bad input %#', async (body, desc) => {
    const r = await call('changePasswd', body);
    expect(r.status).toBe(400);
    expect(r.body.desc).toMatch(desc);
  });

  it('throttles repeated wrong codes for an account', async () => {
    const u = await newUser();
    for (let i = 0; i < 5; i++)
      await call('changePasswd', { email: u.email, tempPasswd: 'WRONGCOD', newPasswd: 'whatever-1' });
    const r = await call('changePasswd', { email: u.email, tempPasswd: u.password, newPasswd: 'whatever-1' });
    expect(r.status).toBe(429);
  });
});

describe('flags', () => {
  it('answers available for both flags, with or without a session', async () => {
    const m = await call('isMembershipLive', {});
    expect(m.status).toBe(200);
    expect(m.body.data).toEqual({ available: true });
    const token = await loginAs(MEMBER);
    expect((await call('isDailyPassLive', {}, token)).body.data).toEqual({ available: true });
  });

  it('carries both flags in the login answer, as they stand at login', async () => {
    const first = await call('login', MEMBER);
    expect(first.body.data).toMatchObject({ membershipLive: true, dailyPassLive: true });
    const admin = await loginAs(ADMIN);
    expect((await call('updateSettings', { membershipLive: false }, admin)).status).toBe(200);
    try {
      const second = await call('login', MEMBER);
      expect(second.body.data).toMatchObject({ membershipLive: false, dailyPassLive: true });
      const signedUp = await call('signUpAndLogin', {
        name: 'Flag Reader',
        email: `flags.${crypto.randomUUID().slice(0, 8)}@example.net`,
        mobile: '9812345678',
        password: 'correct-horse-1',
      });
      expect(signedUp.body.data).toMatchObject({ membershipLive: false, dailyPassLive: true });
    } finally {
      await call('updateSettings', { membershipLive: true }, admin);
    }
  });
});

describe('passwords', () => {
  it('never uses more PBKDF2 iterations than production Workers allow', () => {
    expect(PBKDF2_MAX_ITERATIONS_ON_WORKERS).toBe(100_000);
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
  });

  it('stores every hash with at most 100,000 iterations', async () => {
    const rows = await db().select({ h: users.passwordHash }).from(users).all();
    for (const { h } of rows) expect(Number(h.split('$')[1])).toBeLessThanOrEqual(100_000);
  });
});

describe('unknown calls', () => {
  it('answers 404 in the envelope', async () => {
    const r = await call('noSuchCall', {});
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('NotFound');
  });
});
