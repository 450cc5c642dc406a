import * as z from 'zod';
import { t } from '../i18n';
import { normalizeMobile } from '../mobile';

// The loose pattern of SPEC.md section 5: non-space, '@', non-space, '.', non-space.
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export const MAX_TEXT = 200;

/** A required text field; the server's desc names the field ("name is required"). */
export function text(max = MAX_TEXT) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'is required' : 'must be text') })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);
}

export function optionalText(max = MAX_TEXT) {
  return z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
}

export const email = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'is required' : 'must be text') })
  .trim()
  .min(1, 'is required')
  .max(254, 'must be at most 254 characters')
  .regex(EMAIL_PATTERN, t('email.invalid'))
  .transform((v) => v.toLowerCase());

export { normalizeMobile };

export const mobile = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'is required' : 'must be text') })
  .trim()
  .min(1, 'is required')
  .max(20, 'must be at most 20 characters')
  .regex(/^\+?[\d\s-]+$/, t('mobile.invalid'))
  .transform(normalizeMobile)
  .refine((v) => v.length >= 8 && v.length <= 15, t('mobile.invalid'));

export const password = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'is required' : 'must be text') })
  .trim()
  .min(8, t('password.tooShort'))
  .max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`);

/**
 * A success answer's message by key (docs/decisions/195): `message` is the English text old clients show,
 * `messageKey` and `messageParams` what web/lib/api-client.ts renders in the screens' language.
 */
export type KeyedMessage = { message: string; messageKey: string; messageParams: Record<string, string | number> };

/** The answer of a call that only reports what it did, in the screens' language (web/lib/api-client.ts). */
export type Message = { message: string } & Partial<Omit<KeyedMessage, 'message'>>;

/** Calls without a payload take `{}`; unknown fields are refused so that typos are loud. */
export const emptyBody = z.object({});

/** Formats zod issues as one desc that names the field. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[]) {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const field = issue.path.map(String).join('.') || 'body';
      if (issue.code === 'unrecognized_keys') return issue.message.replace(/^Unrecognized keys?/, 'unknown field');
      return /^[a-z]/.test(issue.message) ? `${field} ${issue.message}` : `${field}: ${issue.message}`;
    })
    .join('; ');
}
