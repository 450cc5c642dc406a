// A member's own data (docs/decisions/265-267): edit name and mobile, change the email through a
// link to the new address, download everything, delete the account confirmed by the password.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders, users } from '../../schema/index';
import { newUtr } from '../fixtures/bank-statements';
import { guardFailure } from '../../worker/lib/d1-batch';
import { placeOrder } from './cart-fixtures';
import { ADMIN, bindings, call, db, loginAs, MEMBER, newUser, outbox } from './helpers';
import { fillCart, paidOnline } from './refund-fixtures';

const auditRows = async (userId: number, action: string) =>
  (await db().select().from(auditLog).where(eq(auditLog.action, action))).filter((r) => r.entityId === String(userId));
const userRow = async (email: string) => db().select().from(users).where(eq(users.email, email)).get();
const linkIn = (text: string) => /https?:\/\/\S+verifyEmail\?token=\S+/.exec(text)?.[0] ?? '';
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token') ?? '');

describe('updateUserProfile', () => {
  it('changes name and mobile, audited with before and after; the same values write nothing', async () => {
    const u = await newUser();
    const id = (await userRow(u.email))!.id;
    const r = await call('updateUserProfile', { name: '  Mitali Sen ', mobile: '+91 98765-43210' }, u.token);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ name: 'Mitali Sen', mobile: '9876543210' });
    const p = await call('getUserProfile', {}, u.token);
    expect(p.body.data).toMatchObject({ name: 'Mitali Sen', mobile: '9876543210', email: u.email });
    const rows = await auditRows(id, 'user.profile_updated');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.details)).toEqual({
      fields: ['name', 'mobile'],
      before: { name: u.name, mobile: u.mobile },
      after: { name: 'Mitali Sen', mobile: '9876543210' },
    });
    const again = await call('updateUserProfile', { name: 'Mitali Sen', mobile: '9876543210' }, u.token);
    expect(again.status).toBe(200);
    expect(await auditRows(id, 'user.profile_updated')).toHaveLength(1);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const u = await newUser();
    for (const body of [{ name: ' ', mobile: '9876543210' }, { name: 'A' }, { name: 'A', mobile: 'abc' }, {}]) {
      const r = await call('updateUserProfile', body, u.token);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('BadRequest');
      expect(r.body.desc).toMatch(/name|mobile/);
    }
    const p = await call('getUserProfile', {}, u.token);
    expect(p.body.data).toMatchObject({ name: u.name, mobile: u.mobile });
  });

  it('needs a session', async () => {
    const r = await call('updateUserProfile', { name: 'X Y', mobile: '9876543210' });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('InsufficientAccess');
  });
});

describe('changeEmail', () => {
  it('sends a link to the new address; the old stays until the link is opened; audited; the old address is told', async () => {
    const u = await newUser();
    const id = (await userRow(u.email))!.id;
    const next = `new.${crypto.randomUUID().slice(0, 8)}@example.net`;
    const r = await call('changeEmail', { email: next.toUpperCase(), password: u.password }, u.token);
    expect(r.status).toBe(200);
    expect(r.body.data.message).toContain(next);
    // not changed yet
    expect((await call('getUserProfile', {}, u.token)).body.data.email).toBe(u.email);
    expect((await call('login', { email: next, password: u.password })).status).toBe(401);
    const mails = await outbox(next);
    expect(mails).toHaveLength(1);
    const link = linkIn(mails[0]!.text);
    expect(link).toMatch(/\/verifyEmail\?token=/);
    // opened twice at once: changed once, one audit row
    const opened = await Promise.all([1, 2].map(() => call('verifyEmail', { token: tokenOf(link) })));
    expect(opened.map((o) => o.status)).toEqual([200, 200]);
    expect((await call('getUserProfile', {}, u.token)).body.data).toMatchObject({ email: next, emailVerified: true });
    expect(await auditRows(id, 'user.email_changed')).toHaveLength(1);
    expect(await auditRows(id, 'user.email_change_requested')).toHaveLength(1);
    expect((await call('login', { email: next, password: u.password })).status).toBe(200);
    expect((await call('login', { email: u.email, password: u.password })).status).toBe(401);
    const notice = (await outbox(u.email)).find((m) => m.subject === 'Your email address was changed');
    expect(notice?.text).toContain(next);
  });

  it('writes the link in the member’s language', async () => {
    const u = await newUser();
    await call('setLanguage', { lang: 'bn-IN' }, u.token);
    const next = `bn.${crypto.randomUUID().slice(0, 8)}@example.net`;
    expect((await call('changeEmail', { email: next, password: u.password }, u.token)).status).toBe(200);
    const [mail] = await outbox(next);
    expect(mail!.subject).toBe('আপনার নতুন ইমেল ঠিকানাটি নিশ্চিত করুন');
    expect(mail!.text).toContain('আমার নতুন ইমেল ঠিকানা নিশ্চিত করুন');
    expect(mail!.text).not.toMatch(/Please confirm|Until then/);
  });

  it('only the newest link works', async () => {
    const u = await newUser();
    const a = `a.${crypto.randomUUID().slice(0, 8)}@example.net`;
    const b = `b.${crypto.randomUUID().slice(0, 8)}@example.net`;
    await call('changeEmail', { email: a, password: u.password }, u.token);
    await call('changeEmail', { email: b, password: u.password }, u.token);
    const old = await call('verifyEmail', { token: tokenOf(linkIn((await outbox(a))[0]!.text)) });
    expect(old.status).toBe(400);
    expect((await call('getUserProfile', {}, u.token)).body.data.email).toBe(u.email);
    const ok = await call('verifyEmail', { token: tokenOf(linkIn((await outbox(b))[0]!.text)) });
    expect(ok.status).toBe(200);
    expect((await call('getUserProfile', {}, u.token)).body.data.email).toBe(b);
  });

  it('refuses a wrong password, bad input, the same or a taken address, and no session; nothing changes', async () => {
    const u = await newUser();
    const other = await newUser();
    const next = `n.${crypto.randomUUID().slice(0, 8)}@example.net`;
    const wrong = await call('changeEmail', { email: next, password: 'not-my-password' }, u.token);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('WrongPassword');
    const bad = await call('changeEmail', { email: 'not-an-email', password: u.password }, u.token);
    expect(bad.status).toBe(400);
    expect(bad.body.desc).toMatch(/email/);
    expect((await call('changeEmail', { email: next }, u.token)).status).toBe(400);
    const same = await call('changeEmail', { email: u.email, password: u.password }, u.token);
    expect(same.status).toBe(400);
    const taken = await call('changeEmail', { email: other.email, password: u.password }, u.token);
    expect(taken.status).toBe(409);
    expect((await call('changeEmail', { email: next, password: u.password })).status).toBe(401);
    expect(await outbox(next)).toHaveLength(0);
    expect((await call('getUserProfile', {}, u.token)).body.data.email).toBe(u.email);
  });

  it('refuses the link when another account took the address meanwhile', async () => {
    const u = await newUser();
    const next = `t.${crypto.randomUUID().slice(0, 8)}@example.net`;
    await call('changeEmail', { email: next, password: u.password }, u.token);
    await newUser({ email: next });
    const mail = (await outbox(next)).find((m) => m.subject === 'Please confirm your new email address');
    const r = await call('verifyEmail', { token: tokenOf(linkIn(mail!.text)) });
    expect(r.status).toBe(409);
    expect((await call('getUserProfile', {}, u.token)).body.data.email).toBe(u.email);
  });
});

describe('getMyData', () => {
  it('answers everything held about the caller', async () => {
    const { u, orderPkId } = await paidOnline([{ code: 'MABD' }]);
    await call(
      'saveUserExtraInfo',
      { addrLine1: '12 Lake View', city: 'Bengaluru', state: 'Karnataka', pin: '560102' },
      u.token,
    );
    await call('setChannelPrefs', { prefs: [{ kind: 'announcements', channel: 'email', on: false }] }, u.token);
    const r = await call('getMyData', {}, u.token);
    expect(r.status).toBe(200);
    const d = r.body.data;
    const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(d.account).toEqual({
      name: u.name,
      email: u.email,
      mobile: u.mobile,
      emailVerified: false,
      language: null,
      createdAt: iso,
      member: true,
      admin: false,
      volunteer: false,
      pendingEmailChange: null,
    });
    const order = (await db().select().from(orders).where(eq(orders.id, orderPkId)).get())!;
    expect(d.contributions[0]).toMatchObject({
      orderDate: iso,
      paymentDate: iso,
      paymentType: 'Online',
      orderTotal: order.totalPaise / 100,
      refunded: 0,
      userEmail: u.email,
      userMobile: u.mobile,
    });
    expect(d.contributions[0].lines[0].amount).toBeGreaterThan(0);
    expect(d.sessions[0]).toMatchObject({ startedAt: iso, expiresAt: iso, endedAt: null });
    expect(d.emails[0]).toEqual({ subject: expect.any(String), sentAt: iso });
    expect(d.activity.every((a: { at: string }) => iso.asymmetricMatch(a.at))).toBe(true);
    expect(d.address).toMatchObject({ addrLine1: '12 Lake View', city: 'Bengaluru', pin: '560102' });
    expect(d.contributions).toHaveLength(1);
    expect(d.contributions[0]).toMatchObject({ status: 'Success', userName: u.name, orderTotal: expect.any(Number) });
    expect(d.contributions[0].lines[0]).toMatchObject({ code: 'MABD', qty: 1 });
    expect(d.contributions[0].orderRcptId).toMatch(new RegExp(`${orderPkId}$`));
    const ann = d.consent.current.find(
      (c: { kind: string; channel: string }) => c.kind === 'announcements' && c.channel === 'email',
    );
    expect(ann).toMatchObject({ on: false, since: expect.any(String) });
    expect(d.consent.history).toEqual([
      { at: expect.any(String), kind: 'announcements', channel: 'email', granted: false, via: 'profile' },
    ]);
    expect(d.emails.map((e: { subject: string }) => e.subject)).toContain('Please verify your email address');
    expect(d.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(d)).not.toMatch(/pbkdf2|token_hash|tokenHash/);
    // taking the copy is audited, and shows in the copy's own activity
    expect(d.activity.map((a: { action: string }) => a.action)).toContain('user.data_exported');
  });

  it('needs a session', async () => {
    expect((await call('getMyData', {})).status).toBe(401);
  });
});

/** Every value in every table that holds `needle`, as table.column, except the ones `kept` allows. */
async function traces(needles: string[], kept: (table: string, col: string, row: Record<string, unknown>) => boolean) {
  const tables = (
    await bindings.DB.prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
        AND name <> 'd1_migrations'`,
    ).all<{ name: string }>()
  ).results.map((r) => r.name);
  expect(tables.length).toBeGreaterThan(30);
  const found: string[] = [];
  for (const table of tables) {
    const rows = (await bindings.DB.prepare(`SELECT * FROM "${table}"`).all<Record<string, unknown>>()).results;
    for (const row of rows) {
      for (const [col, v] of Object.entries(row)) {
        if (typeof v !== 'string') continue;
        const hit = needles.find((n) => v.toLowerCase().includes(n.toLowerCase()));
        if (hit && !kept(table, col, row)) found.push(`${table}.${col}: ${hit}`);
      }
    }
  }
  return found;
}

describe('deleteAccount', () => {
  it('erases the personal data everywhere except the paid orders’ payer name; login impossible; email free again', async () => {
    const admin = await loginAs(ADMIN);
    const { u, orderPkId: paid } = await paidOnline([{ code: 'MABD' }]);
    const id = (await userRow(u.email))!.id;
    await call(
      'saveUserExtraInfo',
      {
        addrLine1: '12 Lake View Road',
        addrLine2: 'HSR Layout',
        city: 'Bengaluru',
        state: 'Karnataka',
        pin: '560102',
        additionalEmail: `extra.${u.email}`,
        additionalMobile: '9123456780',
        referSource: 'Other',
        referredBy: 'Mitali Ghoshal',
      },
      u.token,
    );
    // a transfer approved by the admin (paid), and one refused (never paid)
    const txn = newUtr();
    await fillCart(u.token, [{ code: 'MHHR' }]);
    const start = await call('startOrder', { offline: true }, u.token);
    const rcpt = start.body.data.orderRcptId;
    await call(
      'handleOfflineOrder',
      { isOffline: true, offlineTxnId: txn, offlineBankName: 'Kotak', orderRcptId: rcpt },
      u.token,
    );
    expect(
      (await call('approveOfflineOrder', { offlineUserId: id, orderPkId: start.body.data.orderPkId }, admin)).status,
    ).toBe(200);
    const rejectedTxn = newUtr();
    await fillCart(u.token, [{ code: 'MUTV' }]);
    const s2 = await call('startOrder', { offline: true }, u.token);
    await call(
      'handleOfflineOrder',
      { isOffline: true, offlineTxnId: rejectedTxn, offlineBankName: 'Canara', orderRcptId: s2.body.data.orderRcptId },
      u.token,
    );
    expect(
      (await call('rejectOfflineOrder', { offlineUserId: id, orderPkId: s2.body.data.orderPkId }, admin)).status,
    ).toBe(200);
    await call('setChannelPrefs', { prefs: [{ kind: 'reminders', channel: 'email', on: false }] }, u.token);
    // an old name and mobile, and an email change asked for but never confirmed
    const oldName = u.name;
    const oldMobile = u.mobile;
    await call('updateUserProfile', { name: 'Renamed Person Q', mobile: '9988776655' }, u.token);
    const unconfirmed = `unconfirmed.${crypto.randomUUID().slice(0, 8)}@example.net`;
    expect((await call('changeEmail', { email: unconfirmed, password: u.password }, u.token)).status).toBe(200);
    const second = await loginAs(u);

    const r = await call('deleteAccount', { password: u.password }, u.token);
    expect(r.status).toBe(200);
    expect(r.body.data.deleted).toBe(true);

    // the sessions are revoked
    expect((await call('getUserProfile', {}, u.token)).status).toBe(401);
    expect((await call('getUserProfile', {}, second)).status).toBe(401);
    // the link sent to the unconfirmed address is gone with its email
    expect(await outbox(unconfirmed)).toEqual([]);

    // the paid orders keep the payer's name and amounts and the payment reference; the rest is gone
    const kept = await db().select().from(orders).where(eq(orders.userId, id));
    const byId = new Map(kept.map((o) => [o.id, o]));
    expect(byId.get(paid)).toMatchObject({ userName: oldName, userEmail: '', userMobile: '', addr1: null, city: null });
    expect(byId.get(paid)!.totalPaise).toBeGreaterThan(0);
    expect(byId.get(start.body.data.orderPkId)).toMatchObject({
      userName: oldName,
      transactionId: txn,
      bankName: null,
    });
    expect(byId.get(s2.body.data.orderPkId)).toMatchObject({ userName: '', transactionId: null, status: 'Rejected' });
    const paidIds = new Set([paid, start.body.data.orderPkId as number]);

    const found = await traces(
      [
        u.email,
        oldMobile,
        '9988776655',
        oldName,
        'Renamed Person Q',
        unconfirmed,
        '12 Lake View Road',
        'Mitali Ghoshal',
        rejectedTxn,
        'Kotak',
        'Canara',
      ],
      // the accounts keep a paid contribution's payer name: on the order and on its numbered receipt
      (table, col, row) =>
        (table === 'orders' && col === 'user_name' && paidIds.has(Number(row.id))) ||
        (table === 'receipts' && col === 'payer_name' && paidIds.has(Number(row.order_id))),
    );
    expect(found).toEqual([]);

    // no reminder or announcement reaches the deleted account: every choice is withdrawn, not forgotten
    const prefs = await bindings.DB.prepare('SELECT granted FROM channel_prefs WHERE user_id = ?').bind(id).all();
    expect(prefs.results.length).toBe(8);
    expect(prefs.results.every((p) => p.granted === 0)).toBe(true);

    // one audit row of the deletion, without personal data
    expect(await auditRows(id, 'user.deleted')).toHaveLength(1);

    // login impossible (after the scan: a login attempt counts against the email typed, whoever it was)
    const login = await call('login', { email: u.email, password: u.password });
    expect(login.status).toBe(401);
    expect(login.body.error).toBe('InvalidCredentials');

    // the address is free to sign up again, as a new account with nothing of the old one
    const again = await call('signUpAndLogin', {
      name: 'New Person',
      email: u.email,
      mobile: '9876501234',
      password: 'another-pass-1',
    });
    expect(again.status).toBe(200);
    const orders2 = await call('getOrders', {}, again.body.data.session);
    expect(orders2.body.data).toEqual([]);
  });

  it('refuses a wrong password, bad input and no session; nothing changes', async () => {
    const u = await newUser();
    const wrong = await call('deleteAccount', { password: 'not-the-password' }, u.token);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('WrongPassword');
    const bad = await call('deleteAccount', { password: 42 }, u.token);
    expect(bad.status).toBe(400);
    expect(bad.body.desc).toMatch(/password/);
    expect((await call('deleteAccount', {}, u.token)).status).toBe(400);
    expect((await call('deleteAccount', { password: u.password })).status).toBe(401);
    expect((await call('getUserProfile', {}, u.token)).status).toBe(200);
    expect((await userRow(u.email))!.deletedAt).toBeNull();
  });

  it('counts password attempts per account: after five wrong ones even the right one waits', async () => {
    const u = await newUser();
    for (let i = 0; i < 5; i++) {
      expect((await call('deleteAccount', { password: `wrong-password-${i}` }, u.token)).status).toBe(401);
    }
    const limited = await call('deleteAccount', { password: u.password }, u.token);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('RateLimited');
    expect((await userRow(u.email))!.deletedAt).toBeNull();
  });

  it('refuses while a money matter is unfinished, naming the contribution', async () => {
    const u = await newUser();
    const orderId = await placeOrder(u.email, 'Pending Approval', [{ code: 'MABD', qty: 1 }]);
    const r = await call('deleteAccount', { password: u.password }, u.token);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('MoneyPending');
    expect(r.body.desc).toContain(String(orderId));
    expect((await userRow(u.email))!.deletedAt).toBeNull();
    expect((await call('getUserProfile', {}, u.token)).status).toBe(200);
  });

  it('refuses while an order is unpaid or a refund is in progress; proceeds once settled', async () => {
    const u = await newUser();
    const unpaid = await placeOrder(u.email, 'Pending Payment', [{ code: 'MABD', qty: 1 }]);
    const first = await call('deleteAccount', { password: u.password }, u.token);
    expect(first.status).toBe(409);
    expect(first.body.desc).toContain(String(unpaid));
    await db().update(orders).set({ status: 'Failed' }).where(eq(orders.id, unpaid));
    const paid = await placeOrder(u.email, 'Success', [{ code: 'MHHR', qty: 1 }]);
    await db().update(orders).set({ refundState: 'Refund Pending' }).where(eq(orders.id, paid));
    const second = await call('deleteAccount', { password: u.password }, u.token);
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('MoneyPending');
    expect(second.body.desc).toContain(String(paid));
    await db().update(orders).set({ refundState: 'Refunded' }).where(eq(orders.id, paid));
    const done = await call('deleteAccount', { password: u.password }, u.token);
    expect(done.status).toBe(200);
  });

  it('refuses an admin account', async () => {
    const admin = await loginAs(ADMIN);
    const r = await call('deleteAccount', { password: ADMIN.password }, admin);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('AdminAccount');
    expect(await userRow(ADMIN.email)).toBeTruthy();
  });

  it('deletions at once erase once: one success, one audit row (three accounts, five presses each)', async () => {
    const people = await Promise.all([1, 2, 3].map(() => newUser()));
    await Promise.all(
      people.map(async (u) => {
        const id = (await userRow(u.email))!.id;
        const results = await Promise.all(
          [1, 2, 3, 4, 5].map(() => call('deleteAccount', { password: u.password }, u.token)),
        );
        expect(results.filter((r) => r.status === 200)).toHaveLength(1);
        for (const r of results.filter((x) => x.status !== 200)) expect([401, 409]).toContain(r.status);
        expect(await auditRows(id, 'user.deleted')).toHaveLength(1);
        expect((await call('login', { email: u.email, password: u.password })).status).toBe(401);
      }),
    );
  });

  it('stays erased: what a request racing the deletion would write about the person is refused or dropped', async () => {
    // a request whose session was looked up just before the deletion's batch writes after it (migrations/0266)
    const u = await newUser();
    const id = (await userRow(u.email))!.id;
    expect((await call('deleteAccount', { password: u.password }, u.token)).status).toBe(200);
    const refused = await placeOrder(`deleted-${id}@deleted.invalid`, 'Pending Payment', [
      { code: 'MABD', qty: 1 },
    ]).then(
      () => null,
      (err: unknown) => guardFailure(err),
    );
    expect(refused).toBe('account_deleted');
    const run = (q: string, ...p: unknown[]) =>
      bindings.DB.prepare(q)
        .bind(...p)
        .run();
    const count = async (table: string) =>
      (await bindings.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`)
        .bind(id)
        .first<{ n: number }>())!.n;
    await run(`INSERT INTO user_extra_info (user_id, addr_line1, city) VALUES (?, '1 Racing Lane', 'Kolkata')`, id);
    await run(`INSERT INTO carts (user_id, kind) VALUES (?, 'CONTRIBUTION')`, id);
    await run(`INSERT INTO whatsapp_numbers (user_id, number, at) VALUES (?, '+919800000000', 1)`, id);
    await run(
      `INSERT INTO user_tokens (user_id, purpose, token_hash, new_email, expires_at) VALUES (?, 'email_change', ?, 'x@example.net', 9e15)`,
      id,
      crypto.randomUUID(),
    );
    await run(
      `INSERT INTO channel_prefs (user_id, kind, channel, granted, at, via) VALUES (?, 'announcements', 'email', 1, 2, 'profile')
        ON CONFLICT (user_id, kind, channel) DO UPDATE SET granted = 1`,
      id,
    );
    for (const table of ['user_extra_info', 'carts', 'whatsapp_numbers', 'user_tokens'])
      expect(await count(table)).toBe(0);
    const on = await bindings.DB.prepare('SELECT COUNT(*) AS n FROM channel_prefs WHERE user_id = ? AND granted = 1')
      .bind(id)
      .first<{ n: number }>();
    expect(on!.n).toBe(0);
  });

  it('leaves other members alone', async () => {
    const member = await loginAs(MEMBER);
    const before = await call('getUserProfile', {}, member);
    const u = await newUser();
    expect((await call('deleteAccount', { password: u.password }, u.token)).status).toBe(200);
    expect((await call('getUserProfile', {}, member)).body.data).toEqual(before.body.data);
  });
});
