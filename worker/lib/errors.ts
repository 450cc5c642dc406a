import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { KeyedMessage } from '../../core/contracts/common';
import type { ErrorCode } from '../../core/contracts/errors';
import { answerParams } from '../../core/festival';
import { type MessageKey, t } from '../../core/i18n';
import { type RenewalsKey, renewalsEn, tr } from '../../core/renewals/messages.en';

type Params = Record<string, string | number>;

/** A key of the catalogues a server answer names: the shared one (t) or the renewals area's (tr); no key is in both. */
export type AnswerKey = MessageKey | RenewalsKey;

/** A message of the catalogue: its key and parameters, and its English text (the answer's `desc`). */
export type Said = { readonly key: AnswerKey; readonly params: Params; readonly text: string };

/**
 * A message for an error answer, by key: the answer carries `key` and `params` beside the English `desc`, and a
 * client renders the key from its own catalogue in its reader's language (docs/decisions/174). A time goes in as
 * ms under a name ending in `At`: the English text says it in English, a client in its reader's language.
 */
export const say = (key: AnswerKey, params: Params = {}): Said => {
  const shown = answerParams(params, 'en');
  return { key, params, text: key in renewalsEn ? tr(key as RenewalsKey, shown) : t(key as MessageKey, shown) };
};

/**
 * A success answer's message, by key: `message` is the English text (old clients show it), `messageKey` and
 * `messageParams` what a client renders in its reader's language (docs/decisions/195). Spread it into the answer.
 */
export const told = (key: AnswerKey, params: Params = {}): KeyedMessage => ({
  message: say(key, params).text,
  messageKey: key,
  messageParams: params,
});

/**
 * The one error type of the domain: a code for programs (one of core/contracts/errors.ts), a message for people
 * by key (say()), an HTTP status. It takes no plain text, so every refusal answers a key (docs/decisions/271).
 */
export class DomainError extends Error {
  /** the catalogue key of the message and its parameters */
  readonly key: AnswerKey;
  readonly params: Params;
  constructor(
    readonly code: ErrorCode,
    message: Said,
    readonly status: ContentfulStatusCode = 400,
  ) {
    super(message.text);
    this.name = 'DomainError';
    this.key = message.key;
    this.params = message.params;
  }
}

export const badRequest = (desc: Said) => new DomainError('BadRequest', desc, 400);
export const notFound = (desc: Said) => new DomainError('NotFound', desc, 404);
export const conflict = (code: ErrorCode, desc: Said) => new DomainError(code, desc, 409);
