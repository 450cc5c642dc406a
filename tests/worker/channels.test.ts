// A member's channels: choices and consent with their time, the WhatsApp number, this phone's push
// subscription, and the signed opt-out links of every channel.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getConfig } from '../../worker/lib/config';
import { optOutToken } from '../../worker/services/channels/channels';
import { pushSubscribe } from './channel-helpers';
import { ADMIN, bindings, call, db, loginAs, newUser } from './helpers';

type Pref = { kind: string; channel: string; on: boolean; fixed: boolean; at: number | null };
const pref = (prefs: Pref[], kind: string, channel: string) =>
  prefs.find((p) => p.kind === kind && p.channel === channel)!;
const idOf = async (email: string) =>
  (await db().get<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`))!.id;

describe('choices per kind and channel', () => {
  it('starts from the defaults: email for everything (payments always), WhatsApp and push off', async () => {
    const u = await newUser();
    const r = await call('getChannelPrefs', {}, u.token);
    expect(r.status).toBe(200);
    const prefs = r.body.data.prefs as Pref[];
    expect(prefs).toHaveLength(9);
    expect(pref(prefs, 'payments', 'email')).toEqual({
      kind: 'payments',
      channel: 'email',
      on: true,
      fixed: true,
      at: null,
    });
    expect(pref(prefs, 'announcements', 'email').on).toBe(true);
    expect(pref(prefs, 'reminders', 'whatsapp').on).toBe(false);
    expect(pref(prefs, 'payments', 'push').on).toBe(false);
    expect(r.body.data.whatsapp).toEqual({ available: true, number: null, suggested: `+91${u.mobile}` });
    expect(r.body.data.push).toMatchObject({
      available: true,
      devices: 0,
      vapidPublicKey: getConfig(bindings).VAPID_PUBLIC_KEY,
    });
  });

  it('records each consent with its time and an audit row; a choice made again keeps its time', async () => {
    const u = await newUser();
    const uid = await idOf(u.email);
    const before = Date.now();
    const r = await call(
      'setChannelPrefs',
      {
        whatsapp: '098765 43210',
        prefs: [
          { kind: 'payments', channel: 'whatsapp', on: true },
          { kind: 'announcements', channel: 'email', on: false },
        ],
      },
      u.token,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe('Your message choices are saved.');
    expect(r.body.data.whatsapp.number).toBe('+919876543210');
    const wa = pref(r.body.data.prefs, 'payments', 'whatsapp');
    expect(wa.on).toBe(true);
    expect(wa.at).toBeGreaterThanOrEqual(before);
    expect(pref(r.body.data.prefs, 'announcements', 'email')).toMatchObject({ on: false });
    const audit = await db().all<{ action: string; details: string }>(
      sql`SELECT action, details FROM audit_log WHERE entity_type = 'user' AND entity_id = ${String(uid)} ORDER BY id`,
    );
    expect(audit.map((a) => [a.action, JSON.parse(a.details)])).toEqual([
      ['consent.whatsapp_number', {}],
      ['consent.granted', { kind: 'payments', channel: 'whatsapp', via: 'profile' }],
      ['consent.withdrawn', { kind: 'announcements', channel: 'email', via: 'profile' }],
    ]);
    // the same choices again: nothing new is recorded and the consent keeps its time
    const again = await call(
      'setChannelPrefs',
      { prefs: [{ kind: 'payments', channel: 'whatsapp', on: true }] },
      u.token,
    );
    expect(pref(again.body.data.prefs, 'payments', 'whatsapp').at).toBe(wa.at);
    const n = await db().get<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM audit_log WHERE entity_type = 'user' AND entity_id = ${String(uid)}`,
    );
    expect(n!.n).toBe(3);
  });

  it('refuses bad choices with a reason and changes nothing', async () => {
    const u = await newUser();
    const cases: [unknown, number, string, RegExp][] = [
      [{ prefs: [{ kind: 'payments', channel: 'email', on: false }] }, 400, 'AlwaysSent', /always come/],
      [
        { prefs: [{ kind: 'payments', channel: 'whatsapp', on: true }] },
        400,
        'BadRequest',
        /^whatsapp: enter the number/,
      ],
      [{ whatsapp: '12345', prefs: [] }, 400, 'BadRequest', /^whatsapp: enter the WhatsApp number/],
      [{ prefs: [{ kind: 'payments', channel: 'push', on: true }] }, 400, 'NoDevice', /this phone first/],
      [{ prefs: [{ kind: 'gossip', channel: 'email', on: true }] }, 400, 'BadRequest', /^prefs\.0\.kind/],
      [{ prefs: [{ kind: 'payments', channel: 'sms', on: true }] }, 400, 'BadRequest', /^prefs\.0\.channel/],
      [{ prefs: [{ kind: 'payments', channel: 'push', on: 'yes' }] }, 400, 'BadRequest', /^prefs\.0\.on/],
      [{ prefs: 'all' }, 400, 'BadRequest', /^prefs must be a list/],
    ];
    for (const [body, status, error, desc] of cases) {
      const r = await call('setChannelPrefs', body, u.token);
      expect([r.status, r.body.error], JSON.stringify(body)).toEqual([status, error]);
      expect(r.body.desc).toMatch(desc);
    }
    const rows = await db().all(sql`SELECT * FROM channel_prefs WHERE user_id = ${await idOf(u.email)}`);
    expect(rows).toEqual([]);
  });

  it('answers InsufficientAccess without a session, before looking at the body', async () => {
    for (const path of ['getChannelPrefs', 'setChannelPrefs', 'savePushSubscription', 'removePushSubscription']) {
      const r = await call(path, { prefs: 'nonsense' }, null);
      expect([path, r.status, r.body.error]).toEqual([path, 401, 'InsufficientAccess']);
    }
  });
});

describe("this phone's notifications", () => {
  it('a first phone turns push on for every kind (consent by turning it on); a second keeps the choices', async () => {
    const u = await newUser();
    const sub = await pushSubscribe();
    const r = await call('savePushSubscription', { endpoint: sub.endpoint, keys: sub.keys }, u.token);
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe('Notifications are on for this phone.');
    expect(r.body.data.push.devices).toBe(1);
    for (const kind of ['payments', 'reminders', 'announcements'])
      expect(pref(r.body.data.prefs, kind, 'push').on).toBe(true);
    const uid = await idOf(u.email);
    const via = await db().all<{ via: string }>(
      sql`SELECT via FROM channel_prefs WHERE user_id = ${uid} AND channel = 'push'`,
    );
    expect(via.map((v) => v.via)).toEqual(['push-on', 'push-on', 'push-on']);
    // the member turns announcements off on push, then adds a second phone: the choice stays
    await call('setChannelPrefs', { prefs: [{ kind: 'announcements', channel: 'push', on: false }] }, u.token);
    const second = await pushSubscribe();
    const r2 = await call('savePushSubscription', { endpoint: second.endpoint, keys: second.keys }, u.token);
    expect(r2.body.data.push.devices).toBe(2);
    expect(pref(r2.body.data.prefs, 'announcements', 'push').on).toBe(false);
    // the same phone saved again is still one phone
    await call('savePushSubscription', { endpoint: second.endpoint, keys: second.keys }, u.token);
    const off = await call('removePushSubscription', { endpoint: sub.endpoint }, u.token);
    expect(off.body.data.push.devices).toBe(1);
    expect(off.body.data.message).toBe('Notifications are off for this phone.');
  });

  it('refuses an address that is not a push service and keys that are not a subscription', async () => {
    const u = await newUser();
    const sub = await pushSubscribe();
    const cases: [unknown, RegExp][] = [
      [
        { endpoint: 'https://evil.example.com/x', keys: sub.keys },
        /^endpoint: this is not the address of a web push service/,
      ],
      [{ endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys: sub.keys }, /^endpoint: this is not/],
      [{ endpoint: 'not a url', keys: sub.keys }, /^endpoint must be the push service URL/],
      [{ endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh } }, /^keys\.auth is required/],
      [
        {
          endpoint: sub.endpoint,
          keys: { ...sub.keys, p256dh: `${sub.keys.auth}${sub.keys.auth}${sub.keys.auth}${sub.keys.auth}` },
        },
        /^keys/,
      ],
    ];
    for (const [body, desc] of cases) {
      const r = await call('savePushSubscription', body, u.token);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.desc).toMatch(desc);
    }
    expect((await call('getChannelPrefs', {}, u.token)).body.data.push.devices).toBe(0);
    // a real push service's address is taken
    const fcm = await call(
      'savePushSubscription',
      { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', keys: sub.keys },
      u.token,
    );
    expect(fcm.status).toBe(200);
  });
});

describe('one-tap opt-out links', () => {
  it('a scoped link withdraws that consent only; a tampered scope is refused', async () => {
    const u = await newUser();
    const uid = await idOf(u.email);
    await call(
      'setChannelPrefs',
      {
        whatsapp: '+447700900123',
        prefs: [
          { kind: 'announcements', channel: 'whatsapp', on: true },
          { kind: 'payments', channel: 'whatsapp', on: true },
        ],
      },
      u.token,
    );
    const secret = getConfig(bindings).PASSWORD_PEPPER;
    const token = await optOutToken(secret, uid, 'announcements', 'whatsapp');
    expect(token).toMatch(/^\d+\.\d+\.aw\.[\w-]+$/);
    const r = await call('unsubscribe', { token });
    expect(r.status).toBe(200);
    expect(r.body.data.message).toMatch(/no longer get these messages this way/);
    const prefs = (await call('getChannelPrefs', {}, u.token)).body.data.prefs as Pref[];
    expect(pref(prefs, 'announcements', 'whatsapp').on).toBe(false);
    expect(pref(prefs, 'payments', 'whatsapp').on).toBe(true);
    const via = await db().get<{ via: string }>(
      sql`SELECT via FROM channel_prefs WHERE user_id = ${uid} AND kind = 'announcements' AND channel = 'whatsapp'`,
    );
    expect(via!.via).toBe('link');
    // the same signature under another scope, or a scope that does not exist
    const [id, day, , sig] = token.split('.');
    for (const bad of [`${id}.${day}.pw.${sig}`, `${id}.${day}.zz.${sig}`, `${id}.${day}.re.${sig}`]) {
      const x = await call('unsubscribe', { token: bad });
      expect([bad, x.status, x.body.error]).toEqual([bad, 400, 'InvalidLink']);
    }
    // twice is fine
    expect((await call('unsubscribe', { token })).status).toBe(200);
  });

  it('admins see nothing here that members cannot: the calls are per member', async () => {
    const admin = await loginAs(ADMIN);
    expect((await call('getChannelPrefs', {}, admin)).status).toBe(200);
  });
});

describe('round trips to D1 (docs/decisions/111)', () => {
  async function trips(path: string, body: unknown, token: string) {
    const { exports } = await import('cloudflare:workers');
    const res = await exports.default.fetch(`http://localhost/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Bench-Rows': '1', 'X-Session-Token': token },
      body: JSON.stringify(body),
    });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    await res.text();
    return Number(res.headers.get('X-Bench-Round-Trips'));
  }

  it('reads take one (the session lookup goes with them), writes two', async () => {
    const admin = await loginAs(ADMIN);
    const u = await newUser();
    const volunteer = await loginAs({ email: 'volunteer@example.org', password: 'volunteer-demo-123' });
    const sub = await pushSubscribe();
    const cases: [string, unknown, string, number][] = [
      ['getChannelPrefs', {}, u.token, 1],
      [
        'setChannelPrefs',
        { whatsapp: '+919812345678', prefs: [{ kind: 'reminders', channel: 'whatsapp', on: true }] },
        u.token,
        2,
      ],
      ['savePushSubscription', { endpoint: sub.endpoint, keys: sub.keys }, u.token, 2],
      ['removePushSubscription', { endpoint: sub.endpoint }, u.token, 2],
      ['getAnnouncements', {}, admin, 1],
      ['getAnnouncementAudience', { audience: 'members' }, admin, 1],
      ['getMemberDeliveries', { email: u.email }, admin, 1],
      ['getVenueNotices', {}, volunteer, 1],
    ];
    for (const [path, body, token, budget] of cases)
      expect([path, await trips(path, body, token)]).toEqual([path, budget]);
  });
});
