import * as z from 'zod';
import { hasMessage, type MessageKey, t } from '../i18n';
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

/** A problem with a call's input, said by key where the contract names one (docs/decisions/195). */
export type IssueText = { text: string; key?: MessageKey; params?: Record<string, string | number> };

type Issue = {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
  values?: readonly unknown[];
  maximum?: unknown;
  minimum?: unknown;
};

/**
 * Formats zod issues as one desc that names the field ("name is required"), at most three. A contract writes its
 * messages as catalogue keys ('input.required', 'email.invalid'): the English text is the key's, with the field
 * and the check's own limits (zod's maximum, minimum, values) as parameters, never read back from English. The
 * answer's key and params are the first problem's; a message without a key (zod's own, a contract's literal
 * text) is said in English as written, without a key.
 */
export function describeIssues(issues: readonly Issue[]): IssueText {
  const said = issues.slice(0, 3).map(describeIssue);
  const first = said[0];
  return { text: said.map((d) => d.text).join('; '), ...(first?.key ? { key: first.key, params: first.params } : {}) };
}

function describeIssue(issue: Issue): IssueText {
  const field = issue.path.map(String).join('.') || 'body';
  if (issue.code === 'unrecognized_keys') {
    const params = { keys: (issue.keys ?? []).map((k) => `"${k}"`).join(', ') };
    return { text: t('input.unknownField', params), key: 'input.unknownField', params };
  }
  const key = issue.message;
  if (!hasMessage(key)) return { text: /^[a-z]/.test(key) ? `${field} ${key}` : `${field}: ${key}` };
  if (key.startsWith('input.')) {
    const params: Record<string, string | number> = { field };
    if (typeof issue.maximum === 'number') params.max = issue.maximum;
    if (typeof issue.minimum === 'number') params.min = issue.minimum;
    if (issue.values) params.values = issue.values.map(String).join(', ');
    return { text: t(key, params), key, params };
  }
  // a sentence of the screens' catalogue ("Email is invalid!"): the desc names the field before it; the field goes
  // with the key too, so that a screen puts the sentence under its field
  return { text: `${field}: ${t(key)}`, key, params: { field } };
}
