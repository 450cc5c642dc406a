// zod's issues said by key (docs/decisions/195, 271): the Worker's answers and the screens' own checks with a
// contract (web/lib/form-check.ts). A module of its own, so that a page that only uses the contracts' schemas does
// not ship it (docs/decisions/276).
import { hasMessage, type MessageKey, t } from '../i18n';

/** A problem with a call's input, said by key (docs/decisions/195, 271). */
export type IssueText = { text: string; key: MessageKey; params: Record<string, string | number> };

type Issue = {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
  values?: readonly unknown[];
  maximum?: unknown;
  minimum?: unknown;
  inclusive?: boolean;
  origin?: string;
  expected?: string;
  /** a custom issue's own parameters (ctx.addIssue, refine's `params`) */
  params?: Record<string, unknown>;
  /** the problems of a record's key or a map's element (zod's invalid_key, invalid_element) */
  issues?: readonly Issue[];
};

/** The key and parameters keyWith (./common.ts) wrote into one message. */
function readKey(message: string): { key: string; params: Record<string, string | number> } {
  const at = message.indexOf(' {');
  if (at < 0) return { key: message, params: {} };
  try {
    return { key: message.slice(0, at), params: JSON.parse(message.slice(at + 1)) };
  } catch {
    return { key: message, params: {} };
  }
}

/**
 * Formats zod issues as one desc that names the field ("name is required"), at most three, and answers the first
 * one's key and params (docs/decisions/195, 271). A contract writes its messages as catalogue keys
 * ('input.required', 'email.invalid', keyWith(...)): the English text is the key's, with the field and the
 * check's own limits (zod's maximum, minimum, values) as parameters, never read back from English. An issue with
 * zod's own words (a check written without a message) is said by a generic key of its kind (too_big of a text:
 * 'input.maxChars'), so every problem has a key; tests/unit/messages-by-key.test.ts keeps literal text out of the
 * contracts.
 */
export function describeIssues(issues: readonly Issue[]): IssueText {
  const said = issues.slice(0, 3).map((issue) => describeIssue(issue));
  const first = said[0] ?? byKey('input.invalid', { path: [], message: 'input.invalid' }, 'body', {});
  return { text: said.map((d) => d.text).join('; '), key: first.key, params: first.params };
}

function describeIssue(issue: Issue, at: readonly PropertyKey[] = issue.path): IssueText {
  const field = at.map(String).join('.') || 'body';
  if (issue.code === 'unrecognized_keys') {
    const params = { keys: (issue.keys ?? []).map((k) => `"${k}"`).join(', ') };
    return { text: t('input.unknownField', params), key: 'input.unknownField', params };
  }
  // a record's key (or a map's element) is refused by its own check's message, at the record's field
  const inner = (issue.code === 'invalid_key' || issue.code === 'invalid_element') && issue.issues?.[0];
  if (inner) return describeIssue(inner, [...at, ...inner.path]);
  const { key, params: fixed } = readKey(issue.message);
  if (!hasMessage(key)) return byKey(zodKey(issue), issue, field, {});
  if (key.startsWith('input.')) return byKey(key, issue, field, fixed);
  // a sentence of the screens' catalogue ("Email is invalid!"): the desc names the field before it; the field goes
  // with the key too, so that a screen puts the sentence under its field
  return { text: `${field}: ${t(key)}`, key, params: { field } };
}

/** An `input.*` key with the field, the issue's limits and the contract's own parameters. */
function byKey(key: MessageKey, issue: Issue, field: string, fixed: Record<string, string | number>): IssueText {
  const params: Record<string, string | number> = { field };
  if (typeof issue.maximum === 'number') params.max = issue.maximum;
  if (typeof issue.minimum === 'number') params.min = issue.minimum;
  if (issue.values) params.values = issue.values.map(String).join(', ');
  for (const [name, value] of Object.entries(issue.params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  Object.assign(params, fixed);
  return { text: t(key, params), key, params };
}

/** The generic key of an issue that has zod's own words: by its code, what was expected and the limit's kind. */
function zodKey(issue: Issue): MessageKey {
  const list = issue.origin === 'array' || issue.origin === 'set';
  switch (issue.code) {
    case 'invalid_type':
      return (
        (
          {
            string: 'input.text',
            number: 'input.number',
            int: 'input.wholeNumber',
            boolean: 'input.boolean',
            array: 'input.list',
            object: 'input.object',
            record: 'input.object',
          } as const
        )[issue.expected ?? ''] ?? 'input.invalid'
      );
    case 'too_small':
      if (issue.origin === 'string') return 'input.minChars';
      if (list) return 'input.minItems';
      return issue.inclusive === false ? 'input.above' : 'input.min';
    case 'too_big':
      if (issue.origin === 'string') return 'input.maxChars';
      if (list) return 'input.maxItems';
      return issue.inclusive === false ? 'input.below' : 'input.max';
    case 'invalid_value':
      return issue.values ? 'input.oneOf' : 'input.invalid';
    case 'invalid_format':
      return 'input.format';
    default:
      return 'input.invalid';
  }
}
