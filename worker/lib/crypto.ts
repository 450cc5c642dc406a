// Hashing, tokens and signatures with Web Crypto only (runs the same in workerd locally and in production).

const enc = new TextEncoder();

/** Production Workers refuse PBKDF2 above 100,000 iterations (local workerd allows more): never raise this. */
export const PBKDF2_ITERATIONS = 100_000;
export const PBKDF2_MAX_ITERATIONS_ON_WORKERS = 100_000;

export function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** A code a person types from an email: 8 characters without look-alikes. */
export function randomCode(length = 8): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', enc.encode(text)));
}

export async function hmacSha256(
  key: string,
  message: string | Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const k = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const data = typeof message === 'string' ? enc.encode(message) : message;
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, data));
}

export async function hmacSha256Hex(key: string, message: string | Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(await hmacSha256(key, message));
}

/** Constant-time comparison of two strings (length is not secret here). */
export function timingSafeEqual(a: string, b: string): boolean {
  const x = enc.encode(a);
  const y = enc.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

async function pbkdf2(
  password: string,
  pepper: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array<ArrayBuffer>> {
  // The pepper is mixed in first, so a leaked database alone cannot be attacked offline.
  const peppered = await hmacSha256(pepper, password);
  const key = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

/** "pbkdf2-sha256$<iterations>$<salt>$<hash>": the record says how to check it, so it can be upgraded. */
export async function hashPassword(password: string, pepper: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await pbkdf2(password, pepper, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export async function verifyPassword(
  password: string,
  stored: string,
  pepper: string,
): Promise<{ ok: boolean; needsRehash: boolean }> {
  const [algorithm, iterText, saltText, hashText] = stored.split('$');
  const iterations = Number(iterText);
  if (algorithm !== 'pbkdf2-sha256' || !saltText || !hashText || !Number.isInteger(iterations)) {
    return { ok: false, needsRehash: false };
  }
  const hash = await pbkdf2(
    password,
    pepper,
    fromBase64Url(saltText),
    Math.min(iterations, PBKDF2_MAX_ITERATIONS_ON_WORKERS),
  );
  const ok = timingSafeEqual(toBase64Url(hash), hashText);
  return { ok, needsRehash: ok && iterations !== PBKDF2_ITERATIONS };
}

/** A fixed hash to verify against when an email is unknown, so that both cases take the same time. */
export const DUMMY_PASSWORD_HASH = `pbkdf2-sha256$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
