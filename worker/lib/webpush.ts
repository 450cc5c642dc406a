// Web push with WebCrypto only (docs/decisions/232): the VAPID Authorization of RFC 8292 (an ES256 JWT) and the
// message encryption of RFC 8291 (ECDH P-256, HKDF-SHA-256, one aes128gcm record of RFC 8188).
import { fromBase64Url, toBase64Url } from './crypto';

const enc = new TextEncoder();
const P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export type Vapid = { publicKey: string; privateKey: string; subject: string };

/**
 * `vapid t=<JWT>, k=<public key>` for one push service: the JWT names the service's origin (aud), expires in 12
 * hours (at most 24 are allowed) and carries the association's contact (sub). WebCrypto's ECDSA signature is
 * already JWS's r || s form.
 */
export async function vapidAuthorization(endpoint: string, vapid: Vapid, now = Date.now()): Promise<string> {
  const pub = fromBase64Url(vapid.publicKey);
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    d: vapid.privateKey,
    x: toBase64Url(pub.slice(1, 33)),
    y: toBase64Url(pub.slice(33)),
  };
  const key = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  const part = (o: object) => toBase64Url(enc.encode(JSON.stringify(o)));
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + 12 * 3600, sub: vapid.subject };
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const sig = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, enc.encode(unsigned));
  return `vapid t=${unsigned}.${toBase64Url(new Uint8Array(sig))}, k=${vapid.publicKey}`;
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: string | Uint8Array,
  bits: number,
) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  const infoBytes = typeof info === 'string' ? enc.encode(info) : info;
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info: infoBytes as BufferSource }, key, bits),
  );
}

/**
 * The body of a push message for one subscription (RFC 8291 section 3): a fresh ECDH key pair and salt, the
 * content key and nonce derived from the shared secret and the subscription's auth secret, and the payload with
 * its last-record delimiter (0x02) encrypted as one record; the header carries the salt, the record size (4096)
 * and the sender's public key.
 */
export async function encryptPush(
  payload: string,
  sub: { p256dh: string; auth: string },
): Promise<Uint8Array<ArrayBuffer>> {
  const uaPublic = fromBase64Url(sub.p256dh);
  const sender = (await crypto.subtle.generateKey(P256, true, ['deriveBits'])) as CryptoKeyPair;
  const asPublic = new Uint8Array((await crypto.subtle.exportKey('raw', sender.publicKey)) as ArrayBuffer);
  const ua = await crypto.subtle.importKey('raw', uaPublic, P256, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: ua }, sender.privateKey, 256));
  const ikm = await hkdf(
    fromBase64Url(sub.auth),
    shared,
    concat(enc.encode('WebPush: info\0'), uaPublic, asPublic),
    256,
  );
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const cek = await crypto.subtle.importKey(
    'raw',
    await hkdf(salt, ikm, 'Content-Encoding: aes128gcm\0', 128),
    'AES-GCM',
    false,
    ['encrypt'],
  );
  const iv = await hkdf(salt, ikm, 'Content-Encoding: nonce\0', 96);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    cek,
    concat(enc.encode(payload), Uint8Array.of(2)),
  );
  const header = concat(salt, Uint8Array.of(0, 0, 16, 0, 65), asPublic);
  return concat(header, new Uint8Array(sealed));
}

/** What became of one push: delivered to the push service, the subscription is gone, or try again later. */
export type PushOutcome = 'sent' | 'gone' | 'retry' | 'refused';

/** Sends one push message; `send` is fetch (or local mode's in-process stand-in). */
export async function sendPush(
  sub: { endpoint: string; p256dh: string; auth: string },
  payload: string,
  vapid: Vapid,
  send: (req: Request) => Promise<Response>,
  opts: { ttl?: number; urgency?: 'normal' | 'high' } = {},
): Promise<{ outcome: PushOutcome; status: number }> {
  const body = await encryptPush(payload, sub);
  const res = await send(
    new Request(sub.endpoint, {
      method: 'POST',
      headers: {
        authorization: await vapidAuthorization(sub.endpoint, vapid),
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        ttl: String(opts.ttl ?? 24 * 3600),
        urgency: opts.urgency ?? 'normal',
      },
      body,
    }),
  );
  await res.body?.cancel();
  const s = res.status;
  // 404/410: the browser dropped the subscription (RFC 8030 section 7.3); 429 and 5xx: the service is busy
  const outcome =
    s >= 200 && s < 300 ? 'sent' : s === 404 || s === 410 ? 'gone' : s === 429 || s >= 500 ? 'retry' : 'refused';
  return { outcome, status: s };
}
