// Announcements: composed in English and Bengali for an audience, sent by the cron in batches on each
// member's chosen channels, once per member under parallel runs; a report per channel; a test to oneself; send at
// a time; stop; the operational ones on /venue; and what reached a member, for admins.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { festivalYear, previousFestivalYear } from '../../core/festival';
import { getConfig } from '../../worker/lib/config';
import type { Svc } from '../../worker/lib/svc';
import { runAnnouncementStep } from '../../worker/services/channels/announcements';
import { makeOrder, productByCode } from './admin-fixtures';
import { pushesTo, pushSubscribe, whatsappTo } from './channel-helpers';
import { ADMIN, bindings, call, db, loginAs, MEMBER, newUser, outbox, VOLUNTEER } from './helpers';

const s = (): Svc => ({ db: db(), config: getConfig(bindings), origin: 'http://localhost', env: bindings });
let admin: string;
let volunteer: string;
let member: string;
let dinnerPass: number;

beforeAll(async () => {
  admin = await loginAs(ADMIN);
  volunteer = await loginAs(VOLUNTEER);
  member = await loginAs(MEMBER);
  dinnerPass = (await productByCode('DPDY')).id;
});

let n = 0;
/** A fresh member holding a pass of `code` this festival year, with the channels asked for. */
async function holder(
  code: string,
  opts: { lang?: 'bn'; whatsapp?: boolean; push?: boolean; emailOff?: boolean } = {},
) {
  const u = await newUser();
  const id = (await db().get<{ id: number }>(sql`SELECT id FROM users WHERE email = ${u.email}`))!.id;
  if (opts.lang) await call('setLanguage', { lang: opts.lang }, u.token);
  await makeOrder({ userId: id, email: u.email, name: u.name, lines: [{ code, qty: 1 }] });
  n++;
  const number = `+9196${String(Date.now() % 1e6).padStart(6, '0')}${String(n).padStart(2, '0')}`;
  const prefs: { kind: 'announcements'; channel: string; on: boolean }[] = [];
  if (opts.whatsapp) prefs.push({ kind: 'announcements', channel: 'whatsapp', on: true });
  if (opts.emailOff) prefs.push({ kind: 'announcements', channel: 'email', on: false });
  if (prefs.length) {
    const r = await call('setChannelPrefs', { prefs, ...(opts.whatsapp ? { whatsapp: number } : {}) }, u.token);
    expect(r.status).toBe(200);
  }
  const sub = opts.push ? await pushSubscribe() : null;
  if (sub)
    expect((await call('savePushSubscription', { endpoint: sub.endpoint, keys: sub.keys }, u.token)).status).toBe(200);
  return { ...u, id, number, sub };
}

const text = (tag: string) => ({
  titleEn: `Bhog at one ${tag}`,
  bodyEn: 'The bhog counter opens at 1 pm near the main gate.',
  titleBn: `একটায় ভোগ ${tag}`,
  bodyBn: 'দুপুর একটায় মূল গেটের পাশে ভোগ কাউন্টার খুলবে।',
});

const announce = (body: Record<string, unknown>, token = admin) =>
  call('createAnnouncement', { requestKey: crypto.randomUUID().replace(/-/g, ''), ...body }, token);

const deliveriesOf = (id: number) =>
  db().all<{ user_id: number; channel: string; state: string; error: string | null }>(
    sql`SELECT user_id, channel, state, error FROM deliveries WHERE event = ${`ann:${id}`} ORDER BY user_id, channel`,
  );

describe('an announcement to the holders of a day’s pass', () => {
  it('reaches each holder once on each channel they chose, in their language, and reports per channel', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const a = await holder('DPKP', { lang: 'bn', whatsapp: true, push: true, emailOff: true });
    const b = await holder('DPKP');
    const outsider = await holder('DPAD', { whatsapp: true });
    const kp = (await productByCode('DPKP')).id;
    const r = await announce({ ...text(tag), audience: 'pass', productId: kp, operational: true });
    expect(r.status).toBe(200);
    expect(r.body.data.message).toMatch(/^The announcement is on its way to \d+ members\./);
    const id = r.body.data.announcement.id as number;
    // the cron's step called three times at once over HTTP (beside the first batch the answer started), then again:
    // each member once per channel
    const runs = await Promise.all([1, 2, 3].map(() => call('devSendAnnouncements')));
    expect(runs.map((x) => x.status)).toEqual([200, 200, 200]);
    await runAnnouncementStep(s()); // takes nobody more: the announcement is done
    const wa = (await whatsappTo(a.number)).filter((m) => m.text.includes(tag));
    expect(wa).toHaveLength(1);
    expect(wa[0]).toMatchObject({ template: 'samiti_announcement', lang: 'bn' });
    expect(wa[0]!.request.template.components[0]!.parameters.map((p) => p.text)).toEqual([
      `একটায় ভোগ ${tag}`,
      'দুপুর একটায় মূল গেটের পাশে ভোগ কাউন্টার খুলবে।',
    ]);
    // the button opens the signed opt-out of announcements on WhatsApp
    expect(wa[0]!.request.template.components[1]!.parameters[0]!.text).toMatch(/^unsubscribe\?token=\d+\.\d+\.aw\./);
    const pushes = (await pushesTo(a.sub!.endpoint)).filter((p) => p.payload?.title.includes(tag));
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.headers.urgency).toBe('high');
    expect((await outbox(a.email)).filter((m) => m.subject.includes(tag))).toEqual([]);
    const mails = (await outbox(b.email)).filter((m) => m.subject.includes(tag));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('The bhog counter opens at 1 pm');
    expect(mails[0]!.text).toMatch(/To stop these emails: http:\/\/localhost\/unsubscribe\?token=\d+\.\d+\.ae\./);
    expect((await whatsappTo(outsider.number)).filter((m) => m.text.includes(tag))).toEqual([]);
    // the report: every holder has a row per channel; A's email is off, B has no number nor phone
    const rows = await deliveriesOf(id);
    expect(rows.filter((x) => x.user_id === a.id).map((x) => [x.channel, x.state])).toEqual([
      ['email', 'skipped'],
      ['push', 'sent'],
      ['whatsapp', 'sent'],
    ]);
    expect(rows.filter((x) => x.user_id === b.id).map((x) => [x.channel, x.state, x.error])).toEqual([
      ['email', 'sent', null],
      ['push', 'skipped', 'off'],
      ['whatsapp', 'skipped', 'off'],
    ]);
    const list = await call('getAnnouncements', {}, admin);
    const view = list.body.data.announcements.find((x: { id: number }) => x.id === id);
    expect(view.state).toBe('done');
    expect(view.members).toBe(new Set(rows.map((x) => x.user_id)).size);
    expect(view.report.whatsapp.sent).toBe(rows.filter((x) => x.channel === 'whatsapp' && x.state === 'sent').length);
    expect(view.report.email.off).toBeGreaterThanOrEqual(1);
    expect(view.productName).toBe('Kali Puja Bhog Pass');
    expect(list.body.data.passes.map((p: { code: string }) => p.code)).toContain('DPKP');
    // volunteers see it at the venue; members do not reach that call
    const notices = await call('getVenueNotices', {}, volunteer);
    expect(notices.status).toBe(200);
    expect(notices.body.data.map((x: { titleEn: string }) => x.titleEn)).toContain(`Bhog at one ${tag}`);
    expect((await call('getVenueNotices', {}, member)).body.error).toBe('InsufficientAccess');
  });

  it('sends in batches: one run takes the next members, and finishes when none are left', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const people = [await holder('DPDY'), await holder('DPDY'), await holder('DPDY')];
    const r = await announce({ ...text(tag), audience: 'pass', productId: dinnerPass, sendAt: Date.now() + 3_600_000 });
    const id = r.body.data.announcement.id as number;
    expect(r.body.data.announcement.state).toBe('scheduled');
    expect(r.body.data.message).toMatch(/^The announcement will go out at /);
    // not yet time: nothing happens
    await runAnnouncementStep(s(), { batchSize: 2 });
    expect(await deliveriesOf(id)).toEqual([]);
    const later = Date.now() + 3_700_000;
    let runs = 0;
    let state = 'scheduled';
    while (state !== 'done' && runs < 50) {
      const step = await runAnnouncementStep(s(), { batchSize: 2, at: later });
      expect(step.taken).toBeLessThanOrEqual(6); // two members, three channels each
      runs++;
      state = (await db().get<{ state: string }>(sql`SELECT state FROM announcements WHERE id = ${id}`))!.state;
    }
    expect(state).toBe('done');
    const holders = await db().get<{ n: number }>(
      sql`SELECT COUNT(DISTINCT o.user_id) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE l.product_id = ${dinnerPass} AND o.status = 'Success' AND o.fiscal_year = ${festivalYear()} AND l.refunded_qty < l.qty`,
    );
    expect(runs).toBeGreaterThanOrEqual(Math.ceil(holders!.n / 2));
    const rows = await deliveriesOf(id);
    expect(new Set(rows.map((x) => x.user_id)).size).toBe(holders!.n);
    for (const p of people) expect((await outbox(p.email)).filter((m) => m.subject.includes(tag))).toHaveLength(1);
  });

  it('a stop leaves what is queued unsent; a second stop is refused', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const p = await holder('DPDY');
    const r = await announce({ ...text(tag), audience: 'pass', productId: dinnerPass, sendAt: Date.now() + 3_600_000 });
    const id = r.body.data.announcement.id as number;
    const stop = await call('stopAnnouncement', { id }, admin);
    expect(stop.status).toBe(200);
    expect((await call('stopAnnouncement', { id }, admin)).body.error).toBe('NotRunning');
    await runAnnouncementStep(s(), { at: Date.now() + 3_700_000 });
    expect((await outbox(p.email)).filter((m) => m.subject.includes(tag))).toEqual([]);
    const audit = await db().all<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity_type = 'announcement' AND entity_id = ${String(id)} ORDER BY id`,
    );
    expect(audit.map((x) => x.action)).toEqual(['announcement.created', 'announcement.stopped']);
  });

  it('one per composer: parallel creates with one requestKey make one announcement', async () => {
    const requestKey = `k${crypto.randomUUID().replace(/-/g, '')}`;
    const body = { ...text('twice'), audience: 'volunteers', requestKey, sendAt: Date.now() + 3_600_000 };
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('createAnnouncement', body, admin)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.announcement.id)).size).toBe(1);
    const rows = await db().all(sql`SELECT id FROM announcements WHERE request_key = ${requestKey}`);
    expect(rows).toHaveLength(1);
  });
});

/** Runs the cron's step for one announcement until it is done (a few runs at most). */
async function sendAll(id: number) {
  for (let i = 0; i < 20; i++) {
    await runAnnouncementStep(s(), { id });
    const a = await db().get<{ state: string }>(sql`SELECT state FROM announcements WHERE id = ${id}`);
    if (a!.state === 'done') return;
  }
  throw new Error(`announcement ${id} is not done after 20 runs`);
}

/** What of an announcement reached a member, by its tag: emails, WhatsApp messages and pushes. */
async function reached(m: { email: string; number: string; sub: { endpoint: string } | null }, tag: string) {
  return {
    email: (await outbox(m.email)).filter((x) => x.subject.includes(tag)).length,
    whatsapp: (await whatsappTo(m.number)).filter((x) => x.text.includes(tag)).length,
    push: m.sub ? (await pushesTo(m.sub.endpoint)).filter((x) => x.payload?.title.includes(tag)).length : 0,
  };
}

describe('the other audiences, sent', () => {
  it("sponsors: this year's paid sponsors, each once on each channel they chose; nobody else", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const a = await holder('SSTG', { lang: 'bn', whatsapp: true, push: true, emailOff: true });
    await makeOrder({ userId: a.id, email: a.email, name: a.name, lines: [{ code: 'SDHK', qty: 1 }] }); // two items
    const b = await holder('SIDL');
    const passOnly = await holder('DPKP', { whatsapp: true, push: true });
    const lastYear = await holder('DPKP', { whatsapp: true });
    await makeOrder({
      userId: lastYear.id,
      email: lastYear.email,
      name: lastYear.name,
      fiscalYear: previousFestivalYear(festivalYear()),
      lines: [{ code: 'SPDL', qty: 1 }],
    });
    const refunded = await holder('SLGT', { whatsapp: true });
    await db().run(sql`UPDATE order_lines SET refunded_qty = qty WHERE order_id IN
      (SELECT id FROM orders WHERE user_id = ${refunded.id})`);
    const unpaid = await holder('DPKP');
    await makeOrder({
      userId: unpaid.id,
      email: unpaid.email,
      name: unpaid.name,
      status: 'Pending Approval',
      paymentType: 'Offline',
      transactionId: `UTR${crypto.randomUUID().slice(0, 10)}`,
      lines: [{ code: 'SFLW', qty: 1 }],
    });
    const r = await announce({ ...text(tag), audience: 'sponsors' });
    expect(r.status).toBe(200);
    const id = r.body.data.announcement.id as number;
    await sendAll(id);
    expect(await reached(a, tag)).toEqual({ email: 0, whatsapp: 1, push: 1 });
    expect(await reached(b, tag)).toEqual({ email: 1, whatsapp: 0, push: 0 });
    for (const x of [passOnly, lastYear, refunded, unpaid]) {
      expect(await reached(x, tag)).toEqual({ email: 0, whatsapp: 0, push: 0 });
    }
    const rows = await deliveriesOf(id);
    const to = new Set(rows.map((x) => x.user_id));
    expect([a.id, b.id].every((x) => to.has(x))).toBe(true);
    expect([passOnly, lastYear, refunded, unpaid].filter((x) => to.has(x.id))).toEqual([]);
    // one row per member and channel, whichever of their items made them a sponsor
    expect(rows.filter((x) => x.user_id === a.id).map((x) => [x.channel, x.state])).toEqual([
      ['email', 'skipped'],
      ['push', 'sent'],
      ['whatsapp', 'sent'],
    ]);
    expect(rows).toHaveLength(to.size * 3);
  });

  it("members: this year's paid members, each once on each channel they chose; nobody else", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const a = await holder('MUTV', { lang: 'bn', whatsapp: true, push: true, emailOff: true });
    const b = await holder('MABD');
    const passOnly = await holder('DPKP', { whatsapp: true, push: true });
    const sponsorOnly = await holder('SIDL', { whatsapp: true });
    const lastYear = await holder('DPKP', { whatsapp: true });
    await makeOrder({
      userId: lastYear.id,
      email: lastYear.email,
      name: lastYear.name,
      fiscalYear: previousFestivalYear(festivalYear()),
      lines: [{ code: 'MUTV', qty: 1 }],
    });
    const unpaid = await holder('DPKP');
    await makeOrder({
      userId: unpaid.id,
      email: unpaid.email,
      name: unpaid.name,
      status: 'Pending Approval',
      paymentType: 'Offline',
      transactionId: `UTR${crypto.randomUUID().slice(0, 10)}`,
      lines: [{ code: 'MABD', qty: 1 }],
    });
    const r = await announce({ ...text(tag), audience: 'members' });
    expect(r.status).toBe(200);
    const id = r.body.data.announcement.id as number;
    await sendAll(id);
    expect(await reached(a, tag)).toEqual({ email: 0, whatsapp: 1, push: 1 });
    expect(await reached(b, tag)).toEqual({ email: 1, whatsapp: 0, push: 0 });
    for (const x of [passOnly, sponsorOnly, lastYear, unpaid]) {
      expect(await reached(x, tag)).toEqual({ email: 0, whatsapp: 0, push: 0 });
    }
    const rows = await deliveriesOf(id);
    const to = new Set(rows.map((x) => x.user_id));
    expect([a.id, b.id].every((x) => to.has(x))).toBe(true);
    expect([passOnly, sponsorOnly, lastYear, unpaid].filter((x) => to.has(x.id))).toEqual([]);
    // everyone it went to holds a paid membership of this festival year
    const paid = await db().all<{ uid: number }>(
      sql`SELECT DISTINCT user_id AS uid FROM memberships WHERE fiscal_year = ${festivalYear()} AND paid = 1`,
    );
    expect([...to].sort((x, y) => x - y)).toEqual(paid.map((x) => x.uid).sort((x, y) => x - y));
    expect(rows).toHaveLength(to.size * 3);
  });

  it('volunteers: every volunteer, one made a volunteer today included; members are not', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const fresh = await holder('DPKP', { whatsapp: true });
    const granted = await call('setUserRole', { email: fresh.email, role: 'volunteer', granted: true }, admin);
    expect(granted.status).toBe(200);
    const plain = await holder('MUTV', { whatsapp: true });
    const r = await announce({ ...text(tag), audience: 'volunteers', operational: true });
    expect(r.status).toBe(200);
    const id = r.body.data.announcement.id as number;
    await sendAll(id);
    expect(await reached(fresh, tag)).toEqual({ email: 1, whatsapp: 1, push: 0 });
    expect(await reached({ ...VOLUNTEER, number: '+910000000000', sub: null }, tag)).toEqual({
      email: 1,
      whatsapp: 0,
      push: 0,
    });
    for (const x of [plain, { ...MEMBER, number: '+910000000000', sub: null }]) {
      expect(await reached(x, tag)).toEqual({ email: 0, whatsapp: 0, push: 0 });
    }
    const rows = await deliveriesOf(id);
    const volunteers = await db().all<{ id: number }>(sql`SELECT id FROM users WHERE is_volunteer = 1 ORDER BY id`);
    expect([...new Set(rows.map((x) => x.user_id))]).toEqual(volunteers.map((x) => x.id));
    expect(volunteers.map((x) => x.id)).toContain(fresh.id);
  });

  it('everyone: every account once on each channel it chose, and none to an erased account', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const a = await holder('DPKP', { lang: 'bn', whatsapp: true, push: true, emailOff: true });
    const fresh = await newUser();
    const b = { ...fresh, number: '+910000000000', sub: null };
    const gone = await newUser();
    const goneId = (await db().get<{ id: number }>(sql`SELECT id FROM users WHERE email = ${gone.email}`))!.id;
    expect((await call('deleteAccount', { password: gone.password }, gone.token)).status).toBe(200);
    const r = await announce({ ...text(tag), audience: 'all' });
    expect(r.status).toBe(200);
    const id = r.body.data.announcement.id as number;
    await sendAll(id);
    expect(await reached(a, tag)).toEqual({ email: 0, whatsapp: 1, push: 1 });
    expect(await reached(b, tag)).toEqual({ email: 1, whatsapp: 0, push: 0 });
    expect((await outbox(`deleted-${goneId}@deleted.invalid`)).filter((x) => x.subject.includes(tag))).toEqual([]);
    // the seeded volunteer and admin are accounts too
    for (const who of [VOLUNTEER, ADMIN])
      expect(await reached({ ...who, number: '+910000000000', sub: null }, tag)).toEqual({
        email: 1,
        whatsapp: 0,
        push: 0,
      });
    const rows = await deliveriesOf(id);
    const users = await db().all<{ id: number }>(sql`SELECT id FROM users ORDER BY id`);
    expect([...new Set(rows.map((x) => x.user_id))]).toEqual(users.map((x) => x.id));
    expect(rows).toHaveLength(users.length * 3);
    expect(rows.filter((x) => x.user_id === goneId).map((x) => [x.channel, x.state, x.error])).toEqual([
      ['email', 'skipped', 'off'],
      ['push', 'skipped', 'off'],
      ['whatsapp', 'skipped', 'off'],
    ]);
  });
});

describe('the composer', () => {
  it('counts the audience and its reach per channel, for admins only', async () => {
    const r = await call('getAnnouncementAudience', { audience: 'pass', productId: dinnerPass }, admin);
    expect(r.status).toBe(200);
    expect(r.body.data.members).toBeGreaterThan(0);
    expect(Object.keys(r.body.data.reach)).toEqual(['email', 'whatsapp', 'push']);
    // everyone is every account but the erased ones, which nothing reaches
    const gone = await newUser();
    expect((await call('deleteAccount', { password: gone.password }, gone.token)).status).toBe(200);
    const all = await call('getAnnouncementAudience', { audience: 'all' }, admin);
    const live = await db().get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM users WHERE deleted_at IS NULL`);
    expect(all.body.data.members).toBe(live!.n);
    expect(all.body.data.reach.email).toBeLessThanOrEqual(live!.n);
    expect((await call('getAnnouncementAudience', { audience: 'pass' }, admin)).body.desc).toMatch(
      /^productId is required/,
    );
    for (const token of [member, volunteer]) {
      expect((await call('getAnnouncementAudience', { audience: 'all' }, token)).body.error).toBe('InsufficientAccess');
    }
  });

  it('sends a test to the admin on every channel the admin has, recording it, without the members', async () => {
    const me = await newUser();
    const adminOf = await db().get<{ id: number }>(sql`SELECT id FROM users WHERE email = ${me.email}`);
    await db().run(sql`UPDATE users SET is_admin = 1 WHERE id = ${adminOf!.id}`);
    await call('setChannelPrefs', { whatsapp: '+919811112222', prefs: [] }, me.token);
    const r = await call('sendAnnouncementTest', text('test'), me.token);
    expect(r.status).toBe(200);
    expect(r.body.data.channels).toEqual([
      { channel: 'email', state: 'sent' },
      { channel: 'whatsapp', state: 'sent' },
      { channel: 'push', state: 'skipped' },
    ]);
    expect((await outbox(me.email)).filter((m) => m.subject === 'Bhog at one test')).toHaveLength(1);
    expect((await whatsappTo('+919811112222')).filter((m) => m.text.includes('Bhog at one test'))).toHaveLength(1);
  });

  it('refuses bad input with the field named, and anyone but an admin before reading it', async () => {
    const good = { ...text('bad'), audience: 'pass', productId: dinnerPass };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, titleBn: '' }, /^titleBn is required/],
      [{ ...good, bodyEn: 'x'.repeat(601) }, /^bodyEn must be at most 600 characters/],
      [{ ...good, audience: 'everybody' }, /^audience must be one of/],
      [{ ...good, productId: undefined }, /^productId is required for the holders of a pass/],
      [{ ...good, productId: (await productByCode('MUTV')).id }, /^productId: no daily pass has this id/],
      [{ ...good, sendAt: Date.now() + 90 * 24 * 3600_000 }, /^sendAt: choose a time within the next 60 days/],
      [{ ...good, requestKey: 'short' }, /^requestKey must be 8 to 64/],
    ];
    for (const [body, desc] of cases) {
      const r = await call('createAnnouncement', { requestKey: crypto.randomUUID().replace(/-/g, ''), ...body }, admin);
      expect([r.status, r.body.error], JSON.stringify(body).slice(0, 80)).toEqual([400, 'BadRequest']);
      expect(r.body.desc).toMatch(desc);
    }
    for (const path of [
      'createAnnouncement',
      'sendAnnouncementTest',
      'stopAnnouncement',
      'getAnnouncements',
      'getMemberDeliveries',
    ]) {
      for (const [token, status] of [
        [null, 401],
        [member, 403],
        [volunteer, 403],
      ] as const) {
        const r = await call(path, { nonsense: true }, token);
        expect([path, r.status, r.body.error]).toEqual([path, status, 'InsufficientAccess']);
      }
    }
    expect((await call('getVenueNotices', {}, null)).status).toBe(401);
  });
});

describe('what reached a member', () => {
  it('lists the deliveries and the emails of one member, newest first', async () => {
    const m = await holder('DPKP', { whatsapp: true });
    await call('setChannelPrefs', { prefs: [{ kind: 'payments', channel: 'whatsapp', on: true }] }, m.token);
    await makeOrder({
      userId: m.id,
      email: m.email,
      name: m.name,
      status: 'Pending Approval',
      paymentType: 'Offline',
      transactionId: `UTR${Date.now()}`,
    });
    const order = await db().get<{ id: number }>(
      sql`SELECT id FROM orders WHERE user_id = ${m.id} AND status = 'Pending Approval'`,
    );
    await call('approveOfflineOrder', { offlineUserId: m.id, orderPkId: order!.id }, admin);
    await outbox(m.email); // what the answer left running is done
    const r = await call('getMemberDeliveries', { email: m.email.toUpperCase() }, admin);
    expect(r.status).toBe(200);
    expect(r.body.data.member).toMatchObject({ id: m.id, email: m.email });
    const d = r.body.data.deliveries as {
      channel: string;
      topic: string | null;
      ref: string | null;
      what: string;
      state: string;
    }[];
    const rcpt = `SMT${String(order!.id).padStart(6, '0')}`;
    expect(d).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'whatsapp', topic: 'verified', ref: rcpt, state: 'sent' }),
        expect.objectContaining({ channel: 'email', what: `Contribution confirmed: ${rcpt}`, state: 'sent' }),
      ]),
    );
    const unknown = await call('getMemberDeliveries', { email: 'nobody@example.net' }, admin);
    expect([unknown.status, unknown.body.error]).toEqual([404, 'NotFound']);
    expect((await call('getMemberDeliveries', {}, admin)).body.desc).toMatch(/^email is required/);
  });
});
