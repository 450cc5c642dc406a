// Local mode's web push service (docs/channels.md): what FCM or Mozilla's autopush are to a real browser. A test (or
// the e2e's browser, whose headless Chromium has no push service) subscribes at POST /api/dev/push/subscribe and
// gets a PushSubscription's JSON whose endpoint is /dev/push/send/<id>; the service keeps the subscriber's keys.
// A push to that endpoint is checked as a push service checks it (TTL, aes128gcm, the VAPID JWT of RFC 8292 signed
// by the key the subscription was made with, for this origin, not expired) and kept with its body decrypted (RFC
// 8291) for /dev/push and /api/dev/push. An expired subscription answers 410 Gone, an unknown one 404, and a busy
// service (POST /api/dev/push/mode) 429 or 5xx. Never in production builds.
import { desc, eq } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { devChannelFlags, devPushMessages, devPushSubscriptions } from '../../schema/index';
import type { AppEnv, Bindings } from '../env';
import { getConfig } from '../lib/config';
import { fromBase64Url, randomToken, toBase64Url } from '../lib/crypto';
import { runBatch } from '../lib/d1-batch';
import { getDb } from '../lib/db';
import { notFound, say } from '../lib/errors';
import { escapeHtml, mailSettled } from '../lib/mail';

const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!getConfig(c.env).isLocal) throw notFound(say('notFound'));
  await next();
};

const P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;
const enc = new TextEncoder();
type Keys = { privateKey: JsonWebKey; p256dh: string; auth: string };

/** RFC 8292 section 2: the JWT's header and claims, and its ES256 signature by the key `k`. */
async function vapidProblem(authorization: string | undefined, endpoint: string, appServerKey: string) {
  const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) return 'no VAPID Authorization header';
  const [, h, p, sig, k] = m as unknown as [string, string, string, string, string];
  if (k !== appServerKey) return 'the VAPID key is not the key the subscription was made with';
  const header = JSON.parse(new TextDecoder().decode(fromBase64Url(h))) as { alg?: string; typ?: string };
  const claims = JSON.parse(new TextDecoder().decode(fromBase64Url(p))) as { aud?: string; exp?: number; sub?: string };
  if (header.alg !== 'ES256') return 'the JWT is not ES256';
  if (claims.aud !== new URL(endpoint).origin) return `aud is not ${new URL(endpoint).origin}`;
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp < now || claims.exp > now + 24 * 3600) return 'exp is not within the next 24 hours';
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return 'sub is not a mailto: or https: contact';
  const key = await crypto.subtle.importKey('raw', fromBase64Url(k), { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'verify',
  ]);
  const ok = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    fromBase64Url(sig),
    enc.encode(`${h}.${p}`),
  );
  return ok ? null : 'the JWT signature does not verify';
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: ArrayBuffer, info: Uint8Array<ArrayBuffer>, bits: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bits);
}

/** RFC 8291 from the receiving side: the subscriber's private key and auth secret open the record. */
async function decrypt(body: Uint8Array<ArrayBuffer>, keys: Keys): Promise<string> {
  const salt = body.slice(0, 16);
  const idlen = body[20]!;
  const senderPublic = body.slice(21, 21 + idlen);
  const ciphertext = body.slice(21 + idlen);
  const priv = await crypto.subtle.importKey('jwk', keys.privateKey, P256, false, ['deriveBits']);
  const sender = await crypto.subtle.importKey('raw', senderPublic, P256, false, []);
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: sender }, priv, 256);
  const uaPublic = fromBase64Url(keys.p256dh);
  const info = new Uint8Array([...enc.encode('WebPush: info\0'), ...uaPublic, ...senderPublic]);
  const ikm = await hkdf(fromBase64Url(keys.auth), shared, info, 256);
  const cek = await hkdf(salt, ikm, enc.encode('Content-Encoding: aes128gcm\0'), 128);
  const iv = await hkdf(salt, ikm, enc.encode('Content-Encoding: nonce\0'), 96);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(
    await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(iv) }, key, ciphertext),
  );
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return new TextDecoder().decode(padded.slice(0, end));
}

type Flags = { fail: number; status: number };

async function flags(env: Bindings): Promise<Flags> {
  const row = await getDb(env).select().from(devChannelFlags).where(eq(devChannelFlags.key, 'push')).get();
  return { fail: 0, status: 503, ...(row ? (JSON.parse(row.value) as Partial<Flags>) : {}) };
}

async function setFlags(env: Bindings, f: Flags) {
  const db = getDb(env);
  await runBatch(db, [
    db
      .insert(devChannelFlags)
      .values({ key: 'push', value: JSON.stringify(f) })
      .onConflictDoUpdate({ target: devChannelFlags.key, set: { value: JSON.stringify(f) } }),
  ]);
}

/** The push service's endpoint: /dev/push/send/<subscription id>. */
export const pushStandIn = new Hono<AppEnv>().use('*', localOnly).post('/send/:id', async (c) => {
  const db = getDb(c.env);
  const sub = await db
    .select()
    .from(devPushSubscriptions)
    .where(eq(devPushSubscriptions.id, c.req.param('id')))
    .get();
  if (!sub) return c.text('No such subscription', 404);
  if (sub.expired) return c.text('Subscription expired', 410);
  const f = await flags(c.env);
  if (f.fail > 0) {
    await setFlags(c.env, { ...f, fail: f.fail - 1 });
    return c.text(f.status === 429 ? 'Too many requests' : 'Service unavailable', f.status as 429, {
      'retry-after': '60',
    });
  }
  if (!c.req.header('ttl')) return c.text('TTL header is required', 400);
  if (c.req.header('content-encoding') !== 'aes128gcm') return c.text('Content-Encoding must be aes128gcm', 415);
  const problem = await vapidProblem(c.req.header('authorization'), c.req.url, sub.appServerKey);
  if (problem) return c.text(`VAPID: ${problem}`, 403);
  const body = new Uint8Array(await c.req.arrayBuffer());
  if (body.length > 4096) return c.text('Payload too large', 413);
  let plaintext: string;
  try {
    plaintext = await decrypt(body, JSON.parse(sub.keys) as Keys);
  } catch (err) {
    return c.text(`Cannot decrypt: ${String(err)}`, 400);
  }
  const headers = Object.fromEntries(
    ['ttl', 'urgency', 'content-encoding', 'authorization'].map((h) => [h, c.req.header(h) ?? null]),
  );
  const row = (
    await runBatch(db, [
      db
        .insert(devPushMessages)
        .values({
          subscriptionId: sub.id,
          headers: JSON.stringify(headers),
          body: toBase64Url(body),
          plaintext,
          createdAt: Date.now(),
        })
        .returning({ id: devPushMessages.id }),
    ])
  )[0][0]!;
  return c.body(null, 201, { location: `/dev/push/message/${row.id}` });
});

async function received(env: Bindings, endpoint: string | undefined) {
  await mailSettled(); // pushes still being sent after an answer are shown too
  const id = endpoint?.split('/dev/push/send/')[1];
  const q = getDb(env).select().from(devPushMessages).orderBy(desc(devPushMessages.id)).limit(200);
  const rows = id ? await q.where(eq(devPushMessages.subscriptionId, id)).all() : await q.all();
  return rows.map((r) => ({
    subscription: r.subscriptionId,
    headers: JSON.parse(r.headers) as Record<string, string | null>,
    body: r.body,
    payload: r.plaintext ? (JSON.parse(r.plaintext) as Record<string, unknown>) : null,
    receivedAt: r.createdAt,
  }));
}

/**
 * /api/dev/push: subscribe (what a browser's PushManager.subscribe() asks its push service for; the answer also
 * carries the subscriber's private key, which a browser keeps to itself, so that tests can decrypt on their own),
 * make the service busy, expire a subscription, and read what arrived (?endpoint=...).
 */
export const pushApi = new Hono<AppEnv>()
  .use('*', localOnly)
  .post('/subscribe', async (c) => {
    const { applicationServerKey } = (await c.req.json().catch(() => ({}))) as { applicationServerKey?: string };
    if (!applicationServerKey || fromBase64Url(applicationServerKey).length !== 65) {
      return c.text('applicationServerKey must be a P-256 public key (65 bytes, base64url)', 400);
    }
    const pair = (await crypto.subtle.generateKey(P256, true, ['deriveBits'])) as CryptoKeyPair;
    const keys: Keys = {
      privateKey: (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey,
      p256dh: toBase64Url(new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer)),
      auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))),
    };
    const id = randomToken(16);
    await runBatch(getDb(c.env), [
      getDb(c.env)
        .insert(devPushSubscriptions)
        .values({ id, keys: JSON.stringify(keys), appServerKey: applicationServerKey, createdAt: Date.now() }),
    ]);
    return c.json({
      endpoint: `${new URL(c.req.url).origin}/dev/push/send/${id}`,
      expirationTime: null,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
      privateKey: keys.privateKey,
    });
  })
  /** {fail: n, status}: the next n pushes are answered with that status (429, or 5xx: the service is busy). */
  .post('/mode', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Partial<Flags>;
    const next = { ...(await flags(c.env)), ...body };
    await setFlags(c.env, next);
    return c.json(next);
  })
  .post('/expire', async (c) => {
    const { endpoint } = (await c.req.json().catch(() => ({}))) as { endpoint?: string };
    const id = String(endpoint ?? '').split('/dev/push/send/')[1] ?? '';
    await runBatch(getDb(c.env), [
      getDb(c.env).update(devPushSubscriptions).set({ expired: true }).where(eq(devPushSubscriptions.id, id)),
    ]);
    return c.json({ expired: id });
  })
  .get('/', async (c) => c.json({ data: await received(c.env, c.req.query('endpoint')) }));

/** /dev/push: the notifications as they arrived, decrypted. */
export const pushPage = new Hono<AppEnv>().use('*', localOnly).get('/', async (c) => {
  const list = (await received(c.env, undefined))
    .map((m) => {
      const p = (m.payload ?? {}) as { title?: string; body?: string; url?: string };
      return `<article data-testid="push-message"><p class="meta">${escapeHtml(m.subscription)} · ${new Date(
        m.receivedAt,
      ).toISOString()} · TTL ${escapeHtml(String(m.headers.ttl))} · ${escapeHtml(String(m.headers.urgency))}</p>
<h2>${escapeHtml(p.title ?? '')}</h2><p>${escapeHtml(p.body ?? '')}</p><p class="meta">${escapeHtml(p.url ?? '')}</p></article>`;
    })
    .join('\n');
  return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Push stand-in</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:1rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:12px;padding:.5rem .9rem;margin:.75rem 0}h2{font-size:1rem;margin:.2rem 0}
.meta{color:#555;font-size:.8rem;margin:.2rem 0}</style></head>
<body><h1>Push stand-in</h1><p class="meta">Web push messages the app sent to the local push service, newest first.</p>
${list || '<p>No notifications yet.</p>'}</body></html>`);
});
