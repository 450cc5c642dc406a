// The membership year: renewal offer, reminder campaigns in cron batches, unsubscribe, report,
// and the festival-year boundary.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { festivalYear, previousFestivalYear } from '../../core/festival';
import { getConfig } from '../../worker/lib/config';
import { runBatch } from '../../worker/lib/d1-batch';
import type { Letter } from '../../worker/lib/mail';
import type { Actor } from '../../worker/lib/session';
import type { Svc } from '../../worker/lib/svc';
import * as renewals from '../../worker/services/channels/renewals';
import { makeOrder } from './admin-fixtures';
import { claim } from './cart-fixtures';
import { ADMIN, bindings, call, db, loginAs, MEMBER, newUser, VOLUNTEER } from './helpers';

const YEAR = festivalYear();
const LAST = previousFestivalYear(YEAR);
const s = (): Svc => ({ db: db(), config: getConfig(bindings), origin: 'http://localhost', env: bindings });
/**
 * A service call as `u` without a request: the read calls' session batch (declared session: 'batch') runs their statements
 * for that user, with every role gate open (the HTTP tests cover the real session lookup and its refusals).
 */
const as = (u: Actor): Svc => ({
  ...s(),
  sessionBatch: async (build) => {
    const me = { userId: sql`${u.userId}`, sessionId: sql`${u.sessionId}`, limit: (rows = -1) => rows };
    return { actor: u, results: (await runBatch(db(), build(me, db()) as never)) as never };
  },
});

let admin: string;
let member: string;
let volunteer: string;

/** A member written straight into D1 (no password needed: these never log in). */
async function person(tag: string): Promise<{ id: number; email: string; name: string }> {
  const email = `${tag}.${crypto.randomUUID().slice(0, 8)}@example.net`;
  const name = `Member ${tag}`;
  const row = await db().get<{ id: number }>(
    sql`INSERT INTO users (name, email, mobile, password_hash) VALUES (${name}, ${email}, '9800000000', 'x') RETURNING id`,
  );
  return { id: row!.id, email, name };
}

async function membership(
  userId: number,
  year: string,
  code = 'MUTV',
  qty = 1,
  status: 'Success' | 'Pending Approval' = 'Success',
) {
  return makeOrder({ userId, fiscalYear: year, status, lines: [{ code, qty }], email: `u${userId}@example.net` });
}

const actorFor = (u: { id: number; email: string; name: string }): Actor => ({
  userId: u.id,
  sessionId: 0,
  name: u.name,
  email: u.email,
  mobile: '9800000000',
  emailVerified: true,
  isAdmin: false,
  isVolunteer: false,
  isMember: true,
});

const adminOf = (): Actor => ({ ...actorFor({ id: 1, email: ADMIN.email, name: 'Admin' }), isAdmin: true });

async function reminderMailsTo(email: string) {
  return (
    await db().all<{ subject: string; text: string; headers: string | null }>(
      sql`SELECT subject, text, headers FROM email_outbox WHERE to_addr = ${email} AND subject LIKE 'Renew your%'`,
    )
  ).map((r) => ({ ...r, headers: r.headers ? (JSON.parse(r.headers) as Record<string, string>) : {} }));
}

beforeAll(async () => {
  admin = await loginAs(ADMIN);
  member = await loginAs(MEMBER);
  volunteer = await loginAs(VOLUNTEER);
});

describe('memberships table (kept by the 0090 triggers)', () => {
  it('follows an order into Success, Pending Approval and out again', async () => {
    const u = await person('trigger');
    const o = await membership(u.id, LAST, 'MUTV', 3, 'Pending Approval');
    const rows = () =>
      db().all<{ paid: number; qty: number }>(sql`SELECT paid, qty FROM memberships WHERE user_id = ${u.id}`);
    expect(await rows()).toEqual([{ paid: 0, qty: 3 }]);
    await db().run(sql`UPDATE orders SET status = 'Success' WHERE id = ${o.id}`);
    expect(await rows()).toEqual([{ paid: 1, qty: 3 }]);
    await db().run(sql`UPDATE orders SET status = 'Rejected' WHERE id = ${o.id}`);
    expect(await rows()).toEqual([]);
  });

  it('counts refunded units out (migrations/0080, 0091): a line refunded whole is no membership', async () => {
    const u = await person('refund');
    const o = await membership(u.id, LAST, 'MUTV', 3);
    const rows = () => db().all<{ qty: number }>(sql`SELECT qty FROM memberships WHERE user_id = ${u.id}`);
    await db().run(sql`UPDATE order_lines SET refunded_qty = 1 WHERE order_id = ${o.id}`);
    expect(await rows()).toEqual([{ qty: 2 }]);
    await db().run(sql`UPDATE order_lines SET refunded_qty = 3 WHERE order_id = ${o.id}`);
    expect(await rows()).toEqual([]);
    expect((await renewals.getRenewal(as(actorFor(u)))).lines).toEqual([]);
    await db().run(sql`UPDATE order_lines SET refunded_qty = 0 WHERE order_id = ${o.id}`);
    expect(await rows()).toEqual([{ qty: 3 }]);
  });
});

describe('/getRenewal', () => {
  it("offers last year's plan and household size, and stops once renewed", async () => {
    const u = await newUser();
    const uid = (await db().get<{ id: number }>(sql`SELECT id FROM users WHERE email = ${u.email}`))!.id;
    await membership(uid, LAST, 'MUTV', 3);
    await membership(uid, LAST, 'MABD', 1);
    const r = await call('getRenewal', {}, u.token);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ fiscalYear: YEAR, lastYear: LAST, renewed: false });
    expect(r.body.data.lines.map((l: { code: string; qty: number }) => [l.code, l.qty])).toEqual([
      ['MUTV', 3],
      ['MABD', 1],
    ]);
    expect(r.body.data.plan).toMatch(/UTSAV/i);
    // the link names this member: it works for them
    expect((await call('getRenewal', { forUser: uid }, u.token)).status).toBe(200);
    await membership(uid, YEAR, 'MUTV', 3, 'Pending Approval');
    expect((await call('getRenewal', {}, u.token)).body.data.renewed).toBe(true);
  });

  it("refuses another member's renewal link and says why; needs a session; checks input", async () => {
    const r = await call('getRenewal', { forUser: 1 }, member);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('NotYourRenewal');
    expect(r.body.desc).toMatch(/another member/);
    expect((await call('getRenewal', {}, null)).status).toBe(401);
    const bad = await call('getRenewal', { forUser: 'x' }, member);
    expect(bad.status).toBe(400);
    expect(bad.body.desc).toMatch(/forUser/);
  });
});

describe('admin calls', () => {
  it('are refused to members and visitors before the input is read', async () => {
    for (const path of [
      'getReminderAudience',
      'previewReminder',
      'sendReminderTest',
      'startReminderCampaign',
      'stopReminderCampaign',
      'getRenewalReport',
    ]) {
      expect((await call(path, { junk: 1 }, member)).status, path).toBe(403);
      expect((await call(path, { junk: 1 }, volunteer)).status, path).toBe(403);
      expect((await call(path, {}, null)).status, path).toBe(401);
    }
    expect((await call('getRenewalReport', { fiscalYear: '2026' }, admin)).status).toBe(400);
    expect((await call('stopReminderCampaign', {}, admin)).status).toBe(400);
  });

  it('preview and test send show the email with its renewal and unsubscribe links', async () => {
    const p = await call('previewReminder', {}, admin);
    expect(p.status).toBe(200);
    expect(p.body.data.subject).toMatch(/^Renew your .+ for /);
    expect(p.body.data.text).toMatch(/\/membership\?renew=\d+/);
    expect(p.body.data.html).toMatch(/\/unsubscribe\?token=/);
    const t = await call('sendReminderTest', {}, admin);
    expect(t.status).toBe(200);
    const mail = await db().get<{ subject: string; text: string; headers: string }>(
      sql`SELECT subject, text, headers FROM email_outbox WHERE to_addr = 'admin@example.org' ORDER BY id DESC LIMIT 1`,
    );
    expect(mail!.subject).toMatch(/^\[Test\] Renew your/);
    expect(JSON.parse(mail!.headers)['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // a test send records nothing
    expect((await db().get<{ n: number }>(sql`SELECT count(*) AS n FROM reminder_sends`))!.n).toBe(0);
  });
});

describe('a reminder campaign', () => {
  it('goes out in batches: a crash mid-batch and parallel cron runs still email each member once', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => person(`aud${i}`)));
    for (const p of people) await membership(p.id, LAST, i2code(p.id), 1 + (p.id % 3));
    const [renewedOne, offOne] = [people[0]!, people[1]!];
    await membership(renewedOne.id, YEAR, 'MUTV', 2);
    await renewals.setEmailPrefs(s(), actorFor(offOne), { renewalReminders: false });
    const audience = people.slice(2);

    const before = await call('getReminderAudience', {}, admin);
    expect(before.status).toBe(200);
    const count = before.body.data.count as number;
    expect(count).toBeGreaterThanOrEqual(audience.length);

    // The admin presses send twice at once: one campaign.
    const starts = await Promise.all([
      call('startReminderCampaign', {}, admin),
      call('startReminderCampaign', {}, admin),
    ]);
    expect(starts.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = starts.find((r) => r.status === 409)!;
    expect(refused.body.error).toBe('CampaignRunning');
    expect(refused.body.desc).toMatch(/already sending/);
    expect((await call('startReminderCampaign', {}, admin)).body.error).toBe('CampaignRunning');

    // First cron run crashes after its third email left (before marking it sent).
    const delivered: Letter[] = [];
    let n = 0;
    const crashing = async (mail: Letter) => {
      delivered.push(mail);
      if (++n === 3) throw new Error('worker killed');
    };
    await expect(renewals.sendReminderBatch(s(), { limit: 5, deliver: crashing })).rejects.toThrow('worker killed');
    expect(delivered).toHaveLength(3);

    // Then cron runs again, twice at the same moment, and again until done.
    const deliver = async (mail: Letter) => {
      delivered.push(mail);
    };
    await Promise.all([
      renewals.sendReminderBatch(s(), { limit: 4, deliver }),
      renewals.sendReminderBatch(s(), { limit: 4, deliver }),
    ]);
    for (let i = 0; i < 20; i++) {
      const r = await renewals.sendReminderBatch(s(), { limit: 4, deliver });
      if (r.campaigns === 0) break;
    }
    const to = delivered.map((m) => m.to);
    expect(new Set(to).size, 'nobody twice').toBe(to.length);
    expect(to.length).toBe(count);
    for (const p of audience) expect(to, p.email).toContain(p.email);
    expect(to).not.toContain(renewedOne.email);
    expect(to).not.toContain(offOne.email);

    const after = await call('getReminderAudience', {}, admin);
    const campaign = after.body.data.campaigns[0];
    expect(campaign).toMatchObject({ state: 'done', audience: count, waiting: 0, unknown: 1 });
    expect(campaign.sent).toBe(count - 1); // the crashed one was delivered but is never retried
    // Once done, another press starts a new campaign (a second reminder), unless nobody is left.
    const again = await call('startReminderCampaign', {}, admin);
    expect(again.status).toBe(200);
    const stop = await call('stopReminderCampaign', { campaignId: again.body.data.campaignId }, admin);
    expect(stop.status).toBe(200);
    expect((await call('stopReminderCampaign', { campaignId: again.body.data.campaignId }, admin)).body.error).toBe(
      'NotSending',
    );
    expect((await renewals.sendReminderBatch(s(), { deliver })).campaigns).toBe(0);
  });

  it('sends through the outbox with List-Unsubscribe headers and a pre-filled renewal link', async () => {
    const p = await person('mailcheck');
    await membership(p.id, LAST, 'MHHR', 2);
    const started = await call('startReminderCampaign', {}, admin);
    expect(started.status).toBe(200);
    for (let i = 0; i < 20; i++) if ((await renewals.sendReminderBatch(s())).campaigns === 0) break;
    const mails = await reminderMailsTo(p.email);
    expect(mails).toHaveLength(1);
    const m = mails[0]!;
    expect(m.text).toContain(`/membership?renew=${p.id}`);
    expect(m.text).toMatch(/HOI HULLOR x 2/i);
    expect(m.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost\/api\/unsubscribe\/oneClick\?token=.+>$/);
    expect(m.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});

describe('unsubscribe', () => {
  it('one click turns reminders off; the profile shows and changes the choice', async () => {
    const u = await newUser();
    const uid = (await db().get<{ id: number }>(sql`SELECT id FROM users WHERE email = ${u.email}`))!.id;
    expect((await call('getEmailPrefs', {}, u.token)).body.data).toEqual({ renewalReminders: true });
    const token = await renewals.unsubscribeToken(getConfig(bindings).PASSWORD_PEPPER, uid);
    const res = await fetchOneClick(token);
    expect(res.status).toBe(200);
    expect((await call('getEmailPrefs', {}, u.token)).body.data).toEqual({ renewalReminders: false });
    // twice changes nothing more
    expect((await call('unsubscribe', { token })).status).toBe(200);
    expect((await call('setEmailPrefs', { renewalReminders: true }, u.token)).status).toBe(200);
    expect((await call('getEmailPrefs', {}, u.token)).body.data).toEqual({ renewalReminders: true });
    expect((await call('setEmailPrefs', { renewalReminders: 'no' }, u.token)).status).toBe(400);
    expect((await call('setEmailPrefs', { renewalReminders: false }, null)).status).toBe(401);
  });

  it('refuses a tampered, foreign-signed or expired link and says why, changing nothing', async () => {
    const u = await person('tamper');
    const secret = getConfig(bindings).PASSWORD_PEPPER;
    const good = await renewals.unsubscribeToken(secret, u.id);
    const [, day, sig] = good.split('.');
    const other = await person('tamper-other');
    const cases = [
      `${other.id}.${day}.${sig}`, // another member's id under this signature
      `${u.id}.${Number(day) + 1}.${sig}`, // a later expiry
      await renewals.unsubscribeToken('some-other-secret', u.id),
      'garbage',
    ];
    for (const token of cases) {
      const r = await call('unsubscribe', { token });
      expect(r.status, token).toBe(400);
      expect(r.body.error, token).toBe('InvalidLink');
    }
    const old = await renewals.unsubscribeToken(secret, u.id, Date.now() - 400 * 24 * 3600 * 1000);
    const expired = await call('unsubscribe', { token: old });
    expect(expired.body.error).toBe('LinkExpired');
    expect(expired.body.desc).toMatch(/expired/);
    expect((await fetchOneClick('x.y.z')).status).toBe(400);
    const prefs = await db().all(sql`SELECT * FROM channel_prefs WHERE user_id IN (${u.id}, ${other.id})`);
    expect(prefs).toEqual([]);
  });

  it('an unsubscribed member still gets the emails about their own orders', async () => {
    // The order emails never read the reminders' choice (channel_prefs): only the reminder audience does.
    const u = await person('orders-mail');
    await renewals.setEmailPrefs(s(), actorFor(u), { renewalReminders: false });
    await membership(u.id, LAST, 'MUTV', 1);
    const a = await renewals.reminderAudience(as(adminOf()));
    const list = (await renewals.renewalReport(as(adminOf()))).notRenewed.find((r) => r.userId === u.id);
    expect(list?.remindersOff).toBe(true);
    expect(a.unsubscribed).toBeGreaterThan(0);
  });
});

describe('renewal report', () => {
  it('counts per plan: last year, renewed, not renewed and new members, with the list to call', async () => {
    const r = await call('getRenewalReport', {}, admin);
    expect(r.status).toBe(200);
    const rep = r.body.data;
    expect(rep.fiscalYear).toBe(YEAR);
    const direct = await db().get<{ n: number }>(
      sql`SELECT count(DISTINCT user_id) AS n FROM memberships WHERE fiscal_year = ${LAST} AND paid = 1`,
    );
    expect(rep.totals.lastYear).toBe(direct!.n);
    expect(rep.totals.renewed + rep.totals.notRenewed).toBe(rep.totals.lastYear);
    expect(new Set(rep.notRenewed.map((x: { userId: number }) => x.userId)).size).toBe(rep.totals.notRenewed);
    const utsav = rep.plans.find((p: { code: string }) => p.code === 'MUTV');
    expect(utsav.renewed).toBeGreaterThanOrEqual(1);
    const fresh = await person('fresh');
    await membership(fresh.id, YEAR, 'MABD', 1);
    const again = (await call('getRenewalReport', {}, admin)).body.data;
    expect(again.totals.newMembers).toBe(rep.totals.newMembers + 1);
    const older = (await call('getRenewalReport', { fiscalYear: LAST }, admin)).body.data;
    expect(older.lastYear).toBe(previousFestivalYear(LAST));
  });
});

describe('the festival-year boundary (India time)', () => {
  // 31 March 2027 23:59 IST = 18:29 UTC; 1 April 2027 00:00 IST = 18:30 UTC.
  const before = Date.UTC(2027, 2, 31, 18, 29);
  const after = Date.UTC(2027, 2, 31, 18, 30);

  it('rolls the year over at midnight in India', async () => {
    expect(festivalYear(before)).toBe('2026-27');
    expect(festivalYear(after)).toBe('2027-28');
    const u = await person('boundary');
    await membership(u.id, '2026-27', 'MUTV', 4);
    const at2359 = await renewals.getRenewal(as(actorFor(u)), {}, before);
    expect(at2359).toMatchObject({ fiscalYear: '2026-27', renewed: true });
    const at0000 = await renewals.getRenewal(as(actorFor(u)), {}, after);
    expect(at0000).toMatchObject({ fiscalYear: '2027-28', lastYear: '2026-27', renewed: false });
    expect(at0000.lines).toEqual([expect.objectContaining({ code: 'MUTV', qty: 4 })]);
    const aud = await renewals.reminderAudience(as(adminOf()), after);
    expect(aud).toMatchObject({ fiscalYear: '2027-28', lastYear: '2026-27' });
    expect(aud.count).toBeGreaterThanOrEqual(1);
    expect((await renewals.reminderAudience(as(adminOf()), before)).fiscalYear).toBe('2026-27');
  });

  it('a campaign still sending when the year rolls over stops instead of sending an out-of-date reminder', async () => {
    const adminActor = { ...actorFor({ id: 1, email: ADMIN.email, name: 'Admin' }), isAdmin: true };
    const started = await renewals.startCampaign(s(), adminActor, before);
    const sent: Letter[] = [];
    const r = await renewals.sendReminderBatch(s(), { at: after, deliver: async (m) => void sent.push(m) });
    expect(r.sent).toBe(0);
    expect(sent).toEqual([]);
    const row = await db().get<{ state: string }>(
      sql`SELECT state FROM reminder_campaigns WHERE id = ${started.campaignId}`,
    );
    expect(row!.state).toBe('stopped');
  });

  it('moves membership, member-priced passes, "Sponsored by" and the Overview with the clock', async () => {
    // The demo member holds UTSAV this year; the API reads the year from the clock on every request.
    const memberId = (await db().get<{ id: number }>(sql`SELECT id FROM users WHERE email = ${MEMBER.email}`))!.id;
    await makeOrder({ userId: memberId, fiscalYear: '2026-27', lines: [{ code: 'MUTV', qty: 2 }] });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(before);
      expect(festivalYear()).toBe('2026-27');
      // sessions expire by the same clock: log in at the faked time
      const m = await loginAs(MEMBER);
      const adm = await loginAs(ADMIN);
      const rOld = (await call('getRenewal', {}, m)).body.data;
      expect(rOld).toMatchObject({ fiscalYear: '2026-27', renewed: true });
      const ovOld = (await call('getOverview', {}, adm)).body.data;
      expect(ovOld.fiscalYear).toBe('2026-27');
      expect(ovOld.totals.orders).toBeGreaterThan(0);
      expect((await call('getUtsavUserCount', {}, m)).body.data.count).toBe(2);
      await claim('SIDL', MEMBER.email, 'sponsored'); // a full sponsorship of 2026-27
      const sponsoredOld = (await call('getProducts', {}, m)).body.data.productsResponses.SPONSORSHIP as {
        code: string;
        sponsoredBy?: string | null;
      }[];
      expect(sponsoredOld.find((p) => p.code === 'SIDL')?.sponsoredBy).toBeTruthy();
      vi.setSystemTime(after);
      const rNew = (await call('getRenewal', {}, m)).body.data;
      expect(rNew).toMatchObject({ fiscalYear: '2027-28', renewed: false });
      const ovNew = (await call('getOverview', {}, adm)).body.data;
      expect(ovNew.fiscalYear).toBe('2027-28');
      expect(ovNew.totals.orders).toBe(0);
      expect((await call('getUtsavUserCount', {}, m)).body.data.count).toBe(0);
      const products = (await call('getProducts', {}, m)).body.data.productsResponses;
      for (const p of products.SPONSORSHIP as { sponsoredBy?: string | null }[])
        expect(p.sponsoredBy ?? null).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

async function fetchOneClick(token: string) {
  const { exports } = await import('cloudflare:workers');
  return exports.default.fetch(`http://localhost/api/unsubscribe/oneClick?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}

function i2code(id: number) {
  return ['MABD', 'MHHR', 'MUTV'][id % 3]!;
}
