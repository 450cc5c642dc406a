// Messages on WhatsApp and web push against the local stand-ins: the Cloud API's request shape and its
// refusals, push payloads encrypted per RFC 8291 with a VAPID JWT (decrypted here by the test's own code), retries
// with backoff, once per member and event under parallel triggers, opt-out honoured, expired subscriptions removed.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '../../worker/lib/config';
import type { Svc } from '../../worker/lib/svc';
import { sendWhatsApp, WhatsAppError } from '../../worker/lib/whatsapp';
import { drainDeliveries, notify } from '../../worker/services/channels/deliveries';
import { reconcileRefunds } from '../../worker/services/refunds/refunds';
import * as renewals from '../../worker/services/channels/renewals';
import { festivalYear, previousFestivalYear } from '../../core/festival';
import { formatINR } from '../../core/money';
import type { Actor } from '../../worker/lib/session';
import { makeOrder } from './admin-fixtures';
import { paidOnline, setMode, until } from './refund-fixtures';
import {
  cloudApi,
  decryptPushBody,
  pushExpire,
  pushForget,
  pushMode,
  pushSubscribe,
  pushesTo,
  readVapid,
  type Subscription,
  type WaSent,
  whatsappFlush,
  whatsappMode,
  whatsappReply,
  whatsappTo,
} from './channel-helpers';
import { ADMIN, bindings, call, db, loginAs, newUser, outbox } from './helpers';

const s = (): Svc => ({ db: db(), config: getConfig(bindings), origin: 'http://localhost', env: bindings });
let admin: string;
beforeAll(async () => {
  admin = await loginAs(ADMIN);
});

let numbers = 0;
/** A member with WhatsApp (a fresh number) and this phone's push on for payments, in the given language. */
async function member(opts: { lang?: 'bn' | 'en'; whatsapp?: boolean; push?: boolean } = {}) {
  const u = await newUser();
  const id = (await db().get<{ id: number }>(sql`SELECT id FROM users WHERE email = ${u.email}`))!.id;
  if (opts.lang === 'bn') await call('setLanguage', { lang: 'bn' }, u.token);
  numbers++;
  const number = `+9197${String(Date.now() % 1e6).padStart(6, '0')}${String(numbers).padStart(2, '0')}`;
  if (opts.whatsapp !== false) {
    const r = await call(
      'setChannelPrefs',
      { whatsapp: number, prefs: [{ kind: 'payments', channel: 'whatsapp', on: true }] },
      u.token,
    );
    expect(r.status).toBe(200);
  }
  let sub: Subscription | null = null;
  if (opts.push !== false) {
    sub = await pushSubscribe();
    expect((await call('savePushSubscription', { endpoint: sub.endpoint, keys: sub.keys }, u.token)).status).toBe(200);
  }
  return { ...u, id, number, sub };
}

/** A direct transfer waiting for approval (the member says they paid; the admin has not looked yet). */
const pendingTransfer = (m: { id: number; email: string; name: string }) =>
  makeOrder({
    userId: m.id,
    email: m.email,
    name: m.name,
    status: 'Pending Approval',
    paymentType: 'Offline',
    transactionId: `UTR${crypto.randomUUID().slice(0, 10)}`,
    lines: [{ code: 'DPAD', qty: 2 }],
  });

/** A direct transfer waiting for approval, approved by the admin: the member hears "transfer verified". */
async function approvedTransfer(m: { id: number; email: string; name: string }) {
  const o = await pendingTransfer(m);
  const r = await call('approveOfflineOrder', { offlineUserId: m.id, orderPkId: o.id }, admin);
  expect(r.status).toBe(200);
  await outbox(m.email); // waits for what the answer left running (the channels' drain)
  return o;
}

const rows = (event: string) =>
  db().all<{ channel: string; state: string; attempts: number; error: string | null; next_at: number }>(
    sql`SELECT channel, state, attempts, error, next_at FROM deliveries WHERE event = ${event} ORDER BY channel`,
  );

describe('WhatsApp through the Cloud API', () => {
  it("sends the approved template in the member's language, in the Cloud API's shape", async () => {
    const m = await member({ lang: 'bn', push: false });
    const o = await approvedTransfer(m);
    const sent = await whatsappTo(m.number);
    expect(sent).toHaveLength(1);
    const rcpt = `SMT${String(o.id).padStart(6, '0')}`;
    expect(sent[0]!.request).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: m.number,
      type: 'template',
      template: {
        name: 'samiti_transfer_verified',
        language: { code: 'bn' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: m.name },
              { type: 'text', text: rcpt },
              { type: 'text', text: '₹500.00' },
            ],
          },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: `profile?pass=${rcpt}` }] },
        ],
      },
    });
    expect(sent[0]!.text).toContain(`নমস্কার ${m.name}`);
    const [push, wa] = await rows(`order.confirmed:${o.id}`);
    expect(push).toMatchObject({ channel: 'push', state: 'skipped', error: 'off' }); // never turned on
    expect(wa).toMatchObject({ channel: 'whatsapp', state: 'sent', attempts: 1 });
    // the email went as before
    expect((await outbox(m.email)).some((x) => x.subject.includes(rcpt))).toBe(true);
  });

  it('refuses what Meta refuses, with its codes and shapes', async () => {
    const good = {
      messaging_product: 'whatsapp',
      to: '+919876543210',
      type: 'template',
      template: {
        name: 'samiti_refund_done',
        language: { code: 'en' },
        components: [
          { type: 'body', parameters: ['A', 'SMT000001', '₹1.00'].map((text) => ({ type: 'text', text })) },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'profile' }] },
        ],
      },
    };
    expect((await cloudApi(good)).status).toBe(200);
    const tpl = good.template;
    const body = tpl.components[0]!;
    const cases: [unknown, number, number][] = [
      [{ ...good, template: { ...tpl, name: 'samiti_unknown' } }, 404, 132001],
      [{ ...good, template: { ...tpl, language: { code: 'fr' } } }, 404, 132001],
      [
        {
          ...good,
          template: { ...tpl, components: [{ ...body, parameters: body.parameters.slice(1) }, tpl.components[1]] },
        },
        400,
        132000,
      ],
      [
        {
          ...good,
          template: {
            ...tpl,
            components: [{ ...body, parameters: [...body.parameters, body.parameters[0]] }, tpl.components[1]],
          },
        },
        400,
        132000,
      ],
      [{ ...good, template: { ...tpl, components: [body] } }, 400, 132000],
      [
        {
          ...good,
          template: {
            ...tpl,
            components: [
              { ...body, parameters: [{ type: 'text', text: 'two\nlines' }, ...body.parameters.slice(1)] },
              tpl.components[1],
            ],
          },
        },
        400,
        132018,
      ],
      [{ ...good, to: '09876543210' }, 400, 100],
      [{ ...good, to: '+91 98765 43210' }, 400, 100],
      [{ ...good, messaging_product: undefined }, 400, 100],
      [{ ...good, type: 'text', text: { body: 'hello' } }, 400, 131047],
    ];
    for (const [req, status, code] of cases) {
      const r = await cloudApi(req);
      expect([r.status, r.body.error?.code], JSON.stringify(req).slice(0, 200)).toEqual([status, code]);
      expect(r.body.error?.message).toMatch(new RegExp(`^\\(#${code}\\) `));
    }
    const token = await cloudApi(good, 'wrong-token');
    expect([token.status, token.body.error?.code]).toEqual([401, 190]);
  });

  it("the client turns Meta's refusals into errors that say whether to try again", async () => {
    const config = getConfig(bindings);
    const send = (template: string) =>
      sendWhatsApp(config, bindings, {
        to: '+919876543210',
        template: template as 'samiti_refund_done',
        lang: 'en',
        params: { name: 'A', rcpt: 'SMT000001', amount: '₹1.00' },
        link: 'profile',
      });
    await expect(send('samiti_nope')).rejects.toMatchObject({ code: 132001, retry: false });
    await whatsappMode({ fail: 1, code: 130429 });
    const err = await send('samiti_refund_done').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WhatsAppError);
    expect(err).toMatchObject({ code: 130429, retry: true });
    expect(await send('samiti_refund_done')).toMatch(/^wamid\./);
  });

  it('retries with backoff when Meta is busy, and a failure there blocks no other channel', async () => {
    const m = await member();
    await whatsappMode({ fail: 2, code: 131000 });
    const o = await approvedTransfer(m);
    const event = `order.confirmed:${o.id}`;
    let [push, wa] = await rows(event);
    expect(push).toMatchObject({ state: 'sent' });
    expect(wa).toMatchObject({ state: 'queued', attempts: 1 });
    expect(wa!.error).toMatch(/131000/);
    const firstWait = wa!.next_at - Date.now();
    expect(firstWait).toBeGreaterThan(50_000); // about a minute
    // not due yet: nothing happens
    await drainDeliveries(s(), { event });
    expect((await rows(event))[1]).toMatchObject({ state: 'queued', attempts: 1 });
    // the cron a little later: Meta is still busy, and the next wait is longer
    await drainDeliveries(s(), { event, at: Date.now() + 61_000 });
    [push, wa] = await rows(event);
    expect(wa).toMatchObject({ state: 'queued', attempts: 2 });
    expect(wa!.next_at - Date.now()).toBeGreaterThan(4 * firstWait * 0.9);
    await drainDeliveries(s(), { event, at: Date.now() + 5 * 61_000 });
    expect((await rows(event))[1]).toMatchObject({ state: 'sent', attempts: 3 });
    expect(await whatsappTo(m.number)).toHaveLength(1);
    expect(await pushesTo(m.sub!.endpoint)).toHaveLength(1);
    // the order is paid and its email went out, whatever WhatsApp did
    const order = await db().get<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${o.id}`);
    expect(order!.status).toBe('Success');
  });

  it('gives up after five tries, and a refusal that will not change is not tried again', async () => {
    const m = await member({ push: false });
    await whatsappMode({ fail: 9, code: 131000 });
    const o = await approvedTransfer(m);
    const event = `order.confirmed:${o.id}`;
    for (let i = 1; i < 5; i++) await drainDeliveries(s(), { event, at: Date.now() + 4 ** i * 61_000 });
    expect((await rows(event))[1]).toMatchObject({ state: 'failed', attempts: 5 });
    await whatsappMode({ fail: 0 });
    // a number Meta does not take fails at once, with Meta's code
    await db().run(sql`UPDATE whatsapp_numbers SET number = '+0000' WHERE user_id = ${m.id}`);
    const o2 = await approvedTransfer(m);
    expect((await rows(`order.confirmed:${o2.id}`))[1]).toMatchObject({ state: 'failed', attempts: 1 });
    expect((await rows(`order.confirmed:${o2.id}`))[1]!.error).toMatch(/^100 \(#100\) Invalid parameter/);
  });

  it("takes Meta's status webhook (131026: not on WhatsApp) and a STOP reply, signed with the app secret", async () => {
    const m = await member({ push: false });
    await whatsappMode({ unreachable: [m.number] });
    const o = await approvedTransfer(m);
    expect((await rows(`order.confirmed:${o.id}`))[1]).toMatchObject({ state: 'sent' });
    const flushed = await whatsappFlush();
    expect(flushed.body.status).toBe(200);
    expect((await rows(`order.confirmed:${o.id}`))[1]).toMatchObject({
      state: 'failed',
      error: '131026 Message undeliverable',
    });
    await whatsappMode({ unreachable: [] });
    // the member replies STOP: every WhatsApp consent is withdrawn (the one given), and the next message is skipped
    await whatsappReply(m.number, 'stop');
    const prefs = await db().all<{ kind: string; granted: number; via: string }>(
      sql`SELECT kind, granted, via FROM channel_prefs WHERE user_id = ${m.id} AND channel = 'whatsapp' ORDER BY kind`,
    );
    expect(prefs.map((p) => [p.kind, p.granted, p.via])).toEqual([['payments', 0, 'whatsapp-stop']]);
    const o2 = await approvedTransfer(m);
    expect((await rows(`order.confirmed:${o2.id}`))[1]).toMatchObject({ state: 'skipped', error: 'off' });
    expect(await whatsappTo(m.number)).toHaveLength(1);
    // a forged webhook changes nothing
    const forged = await call('webhooks/whatsapp', { entry: [] }, null, {
      headers: { 'x-hub-signature-256': 'sha256=00' },
    });
    expect([forged.status, forged.body.error]).toEqual([401, 'InvalidSignature']);
  });

  it("answers Meta's subscription check with the challenge, and only with the verify token", async () => {
    const get = (q: string) => fetchText(`http://localhost/api/webhooks/whatsapp?${q}`);
    expect(
      await get('hub.mode=subscribe&hub.verify_token=local-whatsapp-verify-token&hub.challenge=1158201444'),
    ).toEqual([200, '1158201444']);
    expect((await get('hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1'))[0]).toBe(403);
  });
});

async function fetchText(url: string): Promise<[number, string]> {
  const { exports } = await import('cloudflare:workers');
  const res = await exports.default.fetch(url);
  return [res.status, await res.text()];
}

describe('web push (VAPID, RFC 8291)', () => {
  it('encrypts the payload for the subscription and signs a VAPID JWT the test verifies on its own', async () => {
    const m = await member({ lang: 'bn', whatsapp: false });
    const o = await approvedTransfer(m);
    const got = await pushesTo(m.sub!.endpoint);
    expect(got).toHaveLength(1);
    const p = got[0]!;
    expect(p.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(p.headers.ttl)).toBeGreaterThan(0);
    const vapid = await readVapid(p.headers.authorization ?? null);
    expect(vapid.header).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(vapid.k).toBe(getConfig(bindings).VAPID_PUBLIC_KEY);
    expect(vapid.verified).toBe(true);
    expect(vapid.claims.aud).toBe(new URL(m.sub!.endpoint).origin);
    expect(vapid.claims.sub).toBe('mailto:committee@example.org');
    expect(vapid.claims.exp * 1000 - Date.now()).toBeGreaterThan(11 * 3600_000);
    expect(vapid.claims.exp * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    // the test's own RFC 8291 decryption of the body as it arrived
    const payload = JSON.parse(await decryptPushBody(p.body, m.sub!));
    const rcpt = `SMT${String(o.id).padStart(6, '0')}`;
    expect(payload).toMatchObject({
      title: 'ট্রান্সফার যাচাই হয়েছে',
      url: `/profile?pass=${rcpt}`,
      tag: `order.confirmed:${o.id}`,
    });
    expect(payload.body).toContain(rcpt);
    expect(payload.stop.url).toMatch(/^\/unsubscribe\?token=\d+\.\d+\.pp\./);
    expect(payload).toEqual(p.payload); // what the stand-in decrypted
  });

  it.each([
    ['says is gone (410)', pushExpire],
    ['no longer knows (404)', pushForget],
  ] as const)('removes a subscription the push service %s, and keeps the others', async (_, drop) => {
    const m = await member({ whatsapp: false });
    const other = await pushSubscribe();
    await call('savePushSubscription', { endpoint: other.endpoint, keys: other.keys }, m.token);
    await drop(m.sub!.endpoint);
    const o = await approvedTransfer(m);
    const subs = await db().all<{ endpoint: string }>(
      sql`SELECT endpoint FROM push_subscriptions WHERE user_id = ${m.id}`,
    );
    expect(subs.map((x) => x.endpoint)).toEqual([other.endpoint]);
    expect((await rows(`order.confirmed:${o.id}`))[0]).toMatchObject({ channel: 'push', state: 'sent' });
    expect(await pushesTo(other.endpoint)).toHaveLength(1);
    // the last one gone too: the message fails as expired, is not tried again, and the member has no phone left
    await drop(other.endpoint);
    const o2 = await approvedTransfer(m);
    expect((await rows(`order.confirmed:${o2.id}`))[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: 'subscription expired',
    });
    expect(await db().all(sql`SELECT id FROM push_subscriptions WHERE user_id = ${m.id}`)).toEqual([]);
  });

  it('retries with backoff when the push service is busy (429, then 503), and sends once', async () => {
    const m = await member();
    await pushMode({ fail: 1, status: 429 });
    const o = await approvedTransfer(m);
    const event = `order.confirmed:${o.id}`;
    let [push, wa] = await rows(event);
    // WhatsApp does not wait for push
    expect(wa).toMatchObject({ state: 'sent', attempts: 1 });
    expect(push).toMatchObject({ state: 'queued', attempts: 1, error: 'push service answered 429' });
    const firstWait = push!.next_at - Date.now();
    expect(firstWait).toBeGreaterThan(50_000); // about a minute
    expect(await pushesTo(m.sub!.endpoint)).toEqual([]);
    // not due yet: nothing happens
    await drainDeliveries(s(), { event });
    expect((await rows(event))[0]).toMatchObject({ state: 'queued', attempts: 1 });
    // the cron a little later: the service fails on its side now, and the next wait is longer
    await pushMode({ fail: 1, status: 503 });
    await drainDeliveries(s(), { event, at: Date.now() + 61_000 });
    [push, wa] = await rows(event);
    expect(push).toMatchObject({ state: 'queued', attempts: 2, error: 'push service answered 503' });
    expect(push!.next_at - Date.now()).toBeGreaterThan(4 * firstWait * 0.9);
    await drainDeliveries(s(), { event, at: Date.now() + 5 * 61_000 });
    expect((await rows(event))[0]).toMatchObject({ state: 'sent', attempts: 3 });
    expect(await pushesTo(m.sub!.endpoint)).toHaveLength(1);
    expect(await whatsappTo(m.number)).toHaveLength(1);
    // a busy service is not a gone subscription: the phone stays
    expect(await db().all(sql`SELECT id FROM push_subscriptions WHERE user_id = ${m.id}`)).toHaveLength(1);
  });
});

/** A member who chose neither WhatsApp nor push for payments: a number (for announcements) and a phone, both off. */
async function notChosen() {
  const m = await member({ whatsapp: false });
  const r = await call(
    'setChannelPrefs',
    {
      whatsapp: m.number,
      prefs: [
        { kind: 'announcements', channel: 'whatsapp', on: true },
        { kind: 'payments', channel: 'push', on: false },
      ],
    },
    m.token,
  );
  expect(r.status).toBe(200);
  return m;
}

/** The body and button parameters of a template as sent. */
const paramsOf = (x: WaSent) => x.request.template.components.map((c) => c.parameters.map((p) => p.text));

describe('payment news through the calls that make it', () => {
  it("an admin's rejection of a transfer reaches each chosen channel once, with the reason; nothing elsewhere", async () => {
    const m = await member({ lang: 'bn' });
    const other = await notChosen();
    const o = await pendingTransfer(m);
    const o2 = await pendingTransfer(other);
    // as an admin may type it, with a full stop: the message ends the sentence itself
    const reason = 'No credit with this UTR on our statement.';
    const said = reason.slice(0, -1);
    for (const [who, order] of [
      [m, o],
      [other, o2],
    ] as const) {
      const r = await call(
        'rejectOfflineOrder',
        { offlineUserId: who.id, orderPkId: order.id, reasonCode: 'other', reason },
        admin,
      );
      expect(r.status).toBe(200);
      await outbox(who.email); // waits for what the answer left running (the channels' drain)
    }
    // a second rejection is refused and sends nothing more
    const again = await call(
      'rejectOfflineOrder',
      { offlineUserId: m.id, orderPkId: o.id, reasonCode: 'duplicate' },
      admin,
    );
    expect(again.status).toBe(409);
    await outbox(m.email);
    const rcpt = `SMT${String(o.id).padStart(6, '0')}`;
    const sent = await whatsappTo(m.number);
    expect(sent.map((x) => [x.template, x.lang])).toEqual([['samiti_transfer_rejected', 'bn']]);
    expect(sent[0]!.request.template.language).toEqual({ code: 'bn' });
    expect(paramsOf(sent[0]!)).toEqual([[m.name, rcpt, '₹500.00', said], ['profile']]);
    expect(sent[0]!.text).toContain(`কারণ: ${said}। বিস্তারিত`);
    const got = await pushesTo(m.sub!.endpoint);
    expect(got).toHaveLength(1);
    const payload = JSON.parse(await decryptPushBody(got[0]!.body, m.sub!));
    expect(payload).toMatchObject({ title: 'ট্রান্সফার যাচাই করা যায়নি', url: '/profile', tag: `order.rejected:${o.id}` });
    expect(payload.body).toContain(rcpt);
    expect(payload.body).toContain(`কারণ: ${said}। বিস্তারিত`);
    expect(payload.stop.url).toMatch(/^\/unsubscribe\?token=\d+\.\d+\.pp\./);
    expect((await rows(`order.rejected:${o.id}`)).map((x) => [x.channel, x.state, x.attempts])).toEqual([
      ['push', 'sent', 1],
      ['whatsapp', 'sent', 1],
    ]);
    // the member who chose neither: the email only, each channel recorded as off
    expect(await whatsappTo(other.number)).toEqual([]);
    expect(await pushesTo(other.sub!.endpoint)).toEqual([]);
    expect((await rows(`order.rejected:${o2.id}`)).map((x) => [x.channel, x.state, x.error])).toEqual([
      ['push', 'skipped', 'off'],
      ['whatsapp', 'skipped', 'off'],
    ]);
    expect((await outbox(other.email)).filter((x) => x.text.includes(reason))).toHaveLength(1);
  });

  it("a stock reason (what the admin's screen sends) reaches each member in their language, as one sentence", async () => {
    const bn = await member({ lang: 'bn' });
    const en = await member();
    for (const who of [bn, en]) {
      const o = await pendingTransfer(who);
      const r = await call(
        'rejectOfflineOrder',
        { offlineUserId: who.id, orderPkId: o.id, reasonCode: 'notFound' },
        admin,
      );
      expect(r.status).toBe(200);
      await outbox(who.email);
    }
    const said = async (m: typeof bn) => {
      const [wa] = await whatsappTo(m.number);
      const [push] = await pushesTo(m.sub!.endpoint);
      return { reason: paramsOf(wa!)[0]![3], text: wa!.text, push: push!.payload!.body };
    };
    const b = await said(bn);
    expect(b.reason).toBe('সমিতির ব্যাঙ্ক অ্যাকাউন্টে এই ট্রান্সফারটি আমরা খুঁজে পাইনি');
    expect(b.text).toContain('কারণ: সমিতির ব্যাঙ্ক অ্যাকাউন্টে এই ট্রান্সফারটি আমরা খুঁজে পাইনি। বিস্তারিত');
    expect(b.push).toContain('কারণ: সমিতির ব্যাঙ্ক অ্যাকাউন্টে এই ট্রান্সফারটি আমরা খুঁজে পাইনি। বিস্তারিত');
    const e = await said(en);
    expect(e.reason).toBe("We could not find this transfer in the association's bank account");
    for (const text of [e.text, e.push]) {
      expect(text).toContain("Reason: We could not find this transfer in the association's bank account. Our email");
    }
  });

  it("a refund the admin completes (a transfer's money sent back) reaches each chosen channel once", async () => {
    const m = await member();
    const other = await notChosen();
    const refunded: { id: number; refundId: number }[] = [];
    for (const who of [m, other]) {
      const o = await approvedTransfer(who);
      const r = await call(
        'refundOrder',
        {
          orderPkId: o.id,
          all: true,
          reason: 'Moved away',
          reference: `NEFT${crypto.randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`,
          requestKey: `k-${crypto.randomUUID()}`,
        },
        admin,
      );
      expect(r.status).toBe(200);
      expect(r.body.data.refund).toMatchObject({ method: 'bank_transfer', status: 'processed' });
      await outbox(who.email);
      const { id: refundId } = (await db().get<{ id: number }>(sql`SELECT id FROM refunds WHERE order_id = ${o.id}`))!;
      refunded.push({ id: o.id, refundId });
    }
    const [mine, theirs] = refunded as [(typeof refunded)[0], (typeof refunded)[0]];
    const rcpt = `SMT${String(mine.id).padStart(6, '0')}`;
    const sent = (await whatsappTo(m.number)).filter((x) => x.template === 'samiti_refund_done');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.request.template.language).toEqual({ code: 'en' });
    expect(paramsOf(sent[0]!)).toEqual([[m.name, rcpt, '₹500.00'], ['profile']]);
    const got = (await pushesTo(m.sub!.endpoint)).filter((x) => x.payload?.tag === `refund.done:${mine.refundId}`);
    expect(got).toHaveLength(1);
    expect(JSON.parse(await decryptPushBody(got[0]!.body, m.sub!))).toMatchObject({
      title: 'Refund done',
      body: `Namaskar ${m.name}, the refund of ₹500.00 for your contribution ${rcpt} is complete.`,
      url: '/profile',
      tag: `refund.done:${mine.refundId}`,
    });
    expect((await rows(`refund.done:${mine.refundId}`)).map((x) => [x.channel, x.state])).toEqual([
      ['push', 'sent'],
      ['whatsapp', 'sent'],
    ]);
    expect(await whatsappTo(other.number)).toEqual([]);
    expect(await pushesTo(other.sub!.endpoint)).toEqual([]);
    expect((await rows(`refund.done:${theirs.refundId}`)).map((x) => [x.channel, x.state, x.error])).toEqual([
      ['push', 'skipped', 'off'],
      ['whatsapp', 'skipped', 'off'],
    ]);
  });
  it('an online refund the gateway settles (its webhook, then the reconciler) reaches each chosen channel once', async () => {
    const m = await member();
    await setMode('process');
    const { orderPkId } = await paidOnline([{ code: 'DPAD', qty: 1 }], m);
    const r = await call(
      'refundOrder',
      { orderPkId, all: true, reason: 'Cannot come this year', requestKey: `k-${crypto.randomUUID()}` },
      admin,
    );
    expect(r.status).toBe(200);
    // the gateway's refund.processed webhook arrives a moment after its answer
    const refund = await until(
      () =>
        db().get<{ id: number; status: string; amount: number }>(
          sql`SELECT id, status, amount_paise AS amount FROM refunds WHERE order_id = ${orderPkId}`,
        ),
      (x) => x?.status === 'processed',
    );
    expect(refund!.status).toBe('processed');
    const event = `refund.done:${refund!.id}`;
    await until(
      () => rows(event),
      (x) => x.length === 2 && x.every((y) => y.state === 'sent'),
    );
    // the reconciler asking the gateway afterwards settles nothing more and sends nothing more
    await reconcileRefunds(s());
    await outbox(m.email);
    const rcpt = `SMT${String(orderPkId).padStart(6, '0')}`;
    const sent = (await whatsappTo(m.number)).filter((x) => x.template === 'samiti_refund_done');
    expect(sent.map(paramsOf)).toEqual([[[m.name, rcpt, formatINR(refund!.amount)], ['profile']]]);
    expect((await pushesTo(m.sub!.endpoint)).filter((x) => x.payload?.tag === event)).toHaveLength(1);
    expect((await rows(event)).map((x) => [x.channel, x.state, x.attempts])).toEqual([
      ['push', 'sent', 1],
      ['whatsapp', 'sent', 1],
    ]);
  });
});

describe('the member decides', () => {
  it('honours an opt-out: a channel turned off for payments gets nothing, the others still do', async () => {
    const m = await member();
    await call('setChannelPrefs', { prefs: [{ kind: 'payments', channel: 'push', on: false }] }, m.token);
    const o = await approvedTransfer(m);
    const [push, wa] = await rows(`order.confirmed:${o.id}`);
    expect(push).toMatchObject({ state: 'skipped', error: 'off' });
    expect(wa).toMatchObject({ state: 'sent' });
    expect(await pushesTo(m.sub!.endpoint)).toEqual([]);
  });

  it('a consent withdrawn after a message was queued stops it before it is sent', async () => {
    const m = await member({ push: false });
    await whatsappMode({ fail: 1, code: 130429 });
    const o = await approvedTransfer(m);
    expect((await rows(`order.confirmed:${o.id}`))[1]).toMatchObject({ state: 'queued' });
    await call('setChannelPrefs', { prefs: [{ kind: 'payments', channel: 'whatsapp', on: false }] }, m.token);
    await drainDeliveries(s(), { event: `order.confirmed:${o.id}`, at: Date.now() + 120_000 });
    expect((await rows(`order.confirmed:${o.id}`))[1]).toMatchObject({ state: 'skipped', error: 'off' });
    expect(await whatsappTo(m.number)).toEqual([]);
  });
});

describe('once per member and event', () => {
  it('parallel triggers of one event and parallel drains send each channel once', async () => {
    const m = await member();
    const event = `race:${crypto.randomUUID()}`;
    const n = {
      userId: m.id,
      event,
      kind: 'payments' as const,
      topic: 'refunded' as const,
      params: { name: m.name, rcpt: 'SMT000001', amount: '₹1.00' },
      link: 'profile',
    };
    // eight triggers at once, each queueing and draining, with two cron drains beside them
    await Promise.all([...Array.from({ length: 8 }, () => notify(s(), n)), drainDeliveries(s()), drainDeliveries(s())]);
    await drainDeliveries(s(), { event });
    expect(await whatsappTo(m.number)).toHaveLength(1);
    expect(await pushesTo(m.sub!.endpoint)).toHaveLength(1);
    expect((await rows(event)).map((r) => [r.channel, r.state, r.attempts])).toEqual([
      ['push', 'sent', 1],
      ['whatsapp', 'sent', 1],
    ]);
  });

  it('a row left sending by an interrupted run is never sent again', async () => {
    const m = await member({ push: false });
    const event = `stuck:${crypto.randomUUID()}`;
    await db().run(sql`INSERT INTO deliveries (user_id, event, channel, kind, state, message, attempts, next_at, created_at)
      VALUES (${m.id}, ${event}, 'whatsapp', 'payments', 'sending', '{"topic":"refunded","params":{},"link":"profile"}', 1,
        ${Date.now() - 20 * 60_000}, ${Date.now() - 20 * 60_000})`);
    await drainDeliveries(s());
    expect((await rows(event))[0]).toMatchObject({
      state: 'failed',
      error: 'interrupted while sending: it may have arrived',
    });
    expect(await whatsappTo(m.number)).toEqual([]);
  });
});

describe('renewal reminders on the chosen channels', () => {
  it('a member with the email off and WhatsApp on gets the reminder on WhatsApp only, once', async () => {
    const m = await member({ push: false });
    await call(
      'setChannelPrefs',
      {
        prefs: [
          { kind: 'reminders', channel: 'email', on: false },
          { kind: 'reminders', channel: 'whatsapp', on: true },
        ],
      },
      m.token,
    );
    await makeOrder({
      userId: m.id,
      email: m.email,
      name: m.name,
      fiscalYear: previousFestivalYear(festivalYear()),
      lines: [{ code: 'MUTV', qty: 2 }],
    });
    const admin: Actor = {
      userId: 1,
      sessionId: 0,
      name: 'Admin',
      email: 'admin@example.org',
      mobile: '9000000001',
      emailVerified: true,
      isAdmin: true,
      isVolunteer: false,
      isMember: false,
    };
    await renewals.startCampaign(s(), admin);
    await renewals.sendReminderBatch(s());
    await renewals.sendReminderBatch(s());
    const sent = await whatsappTo(m.number);
    expect(sent.map((x) => x.template)).toEqual(['samiti_renewal_reminder']);
    const params = sent[0]!.request.template.components.map((c) => c.parameters.map((p) => p.text));
    expect(params[0]![0]).toBe(m.name);
    expect(params[0]![2]).toBe(festivalYear());
    expect(params[1]).toEqual([`membership?renew=${m.id}`]);
    expect((await outbox(m.email)).filter((x) => x.subject.startsWith('Renew your'))).toEqual([]);
  });
});
