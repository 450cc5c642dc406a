// The channels' stand-ins as a test reaches them (worker/dev/whatsapp.ts, push.ts), and a web push decryption of
// the test's own (RFC 8291 with WebCrypto, written apart from the Worker's encryption and the stand-in's).
import { exports } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { getConfig } from '../../worker/lib/config';
import { bindings, db } from './helpers';

export const VAPID_PUBLIC = () => getConfig(bindings).VAPID_PUBLIC_KEY!;

async function dev<T>(path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await exports.default.fetch(`http://localhost${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export type WaSent = {
  id: string;
  to: string;
  template: string;
  lang: string;
  text: string;
  status: string;
  request: {
    messaging_product: string;
    to: string;
    type: string;
    template: {
      name: string;
      language: { code: string };
      components: { type: string; sub_type?: string; index?: string; parameters: { type: string; text: string }[] }[];
    };
  };
};

/** What the WhatsApp stand-in accepted for a number (E.164), newest first. */
export async function whatsappTo(number: string): Promise<WaSent[]> {
  return (await dev<{ data: WaSent[] }>(`/api/dev/whatsapp?to=${encodeURIComponent(number)}`)).body.data;
}

/** The stand-in's switches: {fail: n, code} fails the next n sends; {unreachable: [numbers]}. */
export const whatsappMode = (mode: { fail?: number; code?: number; unreachable?: string[] }) =>
  dev('/dev/whatsapp/mode', mode);
export const whatsappFlush = () =>
  dev<{ status: number; body: { data: { failed: number } } }>('/dev/whatsapp/flush', {});
export const whatsappReply = (from: string, text: string) => dev('/dev/whatsapp/reply', { from, text });

/** Posts a Cloud API request straight to the stand-in, with the local token unless another is given. */
export async function cloudApi(body: unknown, token = getConfig(bindings).WHATSAPP_TOKEN) {
  const id = getConfig(bindings).WHATSAPP_PHONE_NUMBER_ID;
  const res = await exports.default.fetch(`http://localhost/dev/whatsapp/v23.0/${id}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { error?: { code: number; message: string } } };
}

export type Subscription = {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
  privateKey: JsonWebKey;
};

/** A browser's subscription at the stand-in push service, made with the app's VAPID key. */
export async function pushSubscribe(applicationServerKey = VAPID_PUBLIC()): Promise<Subscription> {
  const r = await dev<Subscription>('/api/dev/push/subscribe', { applicationServerKey });
  if (r.status !== 200) throw new Error(`subscribe: ${r.status}`);
  return r.body;
}

export type PushReceived = {
  subscription: string;
  headers: Record<string, string | null>;
  body: string;
  payload: { title: string; body: string; url: string; tag: string; stop: { url: string; label: string } } | null;
  receivedAt: number;
};

export async function pushesTo(endpoint: string): Promise<PushReceived[]> {
  return (await dev<{ data: PushReceived[] }>(`/api/dev/push?endpoint=${encodeURIComponent(endpoint)}`)).body.data;
}

export const pushExpire = (endpoint: string) => dev('/api/dev/push/expire', { endpoint });
/** The stand-in push service's switch: {fail: n, status} answers the next n pushes with that status. */
export const pushMode = (mode: { fail: number; status?: number }) => dev('/api/dev/push/mode', mode);
/** The push service forgets a subscription (as FCM does for an uninstalled app): pushes to it answer 404. */
export const pushForget = (endpoint: string) =>
  db().run(sql`DELETE FROM dev_push_subscriptions WHERE id = ${endpoint.split('/dev/push/send/')[1] ?? ''}`);

// ---- the test's own RFC 8291 decryption and RFC 8292 check ----

const b64 = (s: string) => {
  const t = s.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(t + '='.repeat((4 - (t.length % 4)) % 4)), (c) => c.charCodeAt(0));
};
const utf8 = (s: string) => new TextEncoder().encode(s);

async function hkdfSha256(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, length: number) {
  // RFC 5869 by hand with HMAC: extract, then expand (length <= 32 needs one block)
  const hmac = async (key: Uint8Array, data: Uint8Array) =>
    new Uint8Array(
      await crypto.subtle.sign(
        'HMAC',
        await crypto.subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']),
        data as BufferSource,
      ),
    );
  const prk = await hmac(salt, ikm);
  return (await hmac(prk, new Uint8Array([...info, 1]))).slice(0, length);
}

/** Opens an aes128gcm web push body with the subscriber's keys; the plaintext without its delimiter. */
export async function decryptPushBody(bodyB64: string, sub: Subscription): Promise<string> {
  const body = b64(bodyB64);
  const salt = body.slice(0, 16);
  const rs = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const keyLength = body[20]!;
  const asPublic = body.slice(21, 21 + keyLength);
  const record = body.slice(21 + keyLength);
  if (rs < 18 || record.length > rs) throw new Error(`record of ${record.length} bytes in a record size of ${rs}`);
  const ua = await crypto.subtle.importKey('jwk', sub.privateKey, { name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ]);
  const as = await crypto.subtle.importKey('raw', asPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const secret = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: as }, ua, 256));
  const uaPublic = b64(sub.keys.p256dh);
  const ikm = await hkdfSha256(
    b64(sub.keys.auth),
    secret,
    new Uint8Array([...utf8('WebPush: info\0'), ...uaPublic, ...asPublic]),
    32,
  );
  const cek = await hkdfSha256(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdfSha256(salt, ikm, utf8('Content-Encoding: nonce\0'), 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, record));
  let end = plain.length - 1;
  while (plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('the last record does not end with 0x02');
  return new TextDecoder().decode(plain.slice(0, end));
}

/** The VAPID header's JWT, its claims and whether its ES256 signature verifies with the key it names. */
export async function readVapid(authorization: string | null) {
  const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID header: ${authorization}`);
  const [, h, p, s, k] = m as unknown as string[];
  const key = await crypto.subtle.importKey('raw', b64(k!), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const verified = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, b64(s!), utf8(`${h}.${p}`));
  return {
    header: JSON.parse(new TextDecoder().decode(b64(h!))) as { typ: string; alg: string },
    claims: JSON.parse(new TextDecoder().decode(b64(p!))) as { aud: string; exp: number; sub: string },
    k: k!,
    verified,
  };
}
