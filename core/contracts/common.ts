import * as z from 'zod';
import type { MessageKey } from '../i18n';
import { normalizeMobile } from '../mobile';

// The loose pattern of SPEC.md section 5: non-space, '@', non-space, '.', non-space.
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export const MAX_TEXT = 200;

/** A required text field; the server's desc names the field ("name is required"). */
export function text(max = MAX_TEXT) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.text') })
    .trim()
    .min(1, 'input.required')
    .max(max, 'input.maxChars');
}

export function optionalText(max = MAX_TEXT) {
  return z
    .string({ error: 'input.text' })
    .trim()
    .max(max, 'input.maxChars')
    .nullish()
    .transform((v) => (v ? v : null));
}

export const email = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.text') })
  .trim()
  .min(1, 'input.required')
  .max(254, 'input.maxChars')
  .regex(EMAIL_PATTERN, 'email.invalid')
  .transform((v) => v.toLowerCase());

export { normalizeMobile };

export const mobile = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.text') })
  .trim()
  .min(1, 'input.required')
  .max(20, 'input.maxChars')
  .regex(/^\+?[\d\s-]+$/, 'mobile.invalid')
  .transform(normalizeMobile)
  .refine((v) => v.length >= 8 && v.length <= 15, 'mobile.invalid');

export const password = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.text') })
  .trim()
  .min(8, 'password.tooShort')
  .max(MAX_TEXT, 'input.maxChars');

/**
 * A success answer's message by key (docs/decisions/195): `message` is the English text old clients show,
 * `messageKey` and `messageParams` what web/lib/api-client.ts renders in the screens' language.
 */
export type KeyedMessage = { message: string; messageKey: string; messageParams: Record<string, string | number> };

/** The answer of a call that only reports what it did, in the screens' language (web/lib/api-client.ts). */
export type Message = { message: string } & Partial<Omit<KeyedMessage, 'message'>>;

/** Calls without a payload take `{}`; unknown fields are refused so that typos are loud. */
export const emptyBody = z.object({});

/**
 * A check's message by key with parameters the issue does not carry itself (a limit its text names, such as the
 * waiting list's "from 1 to 50"): zod keeps a message as one string, so the key and its parameters go in one,
 * which describeIssues reads back. A contract writes `keyWith('input.wholeFromTo', { min: 1, max: 50 })` where
 * a plain check writes its key alone.
 */
export function keyWith(key: MessageKey, params: Record<string, string | number>): string {
  return `${key} ${JSON.stringify(params)}`;
}
