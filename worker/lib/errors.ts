import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { KeyedMessage } from '../../core/contracts/common';
import type { ErrorCode } from '../../core/contracts/errors';
import { type MessageKey, t } from '../../core/i18n';
import { type RenewalsKey, renewalsEn, tr } from '../../core/renewals/messages.en';

type Params = Record<string, string | number>;

/** A key of the catalogues a server answer names: the shared one (t) or the renewals area's (tr); no key is in both. */
export type AnswerKey = MessageKey | RenewalsKey;

/** A message of the catalogue: its key and parameters, and its English text (the answer's `desc`). */
export type Said = { readonly key: AnswerKey; readonly params: Params; readonly text: string };

/**
 * A message for an error answer, by key: the answer carries `key` and `params` beside the English `desc`, and a
 * client renders the key from its own catalogue in its reader's language (docs/decisions/174).
 */
export const say = (key: AnswerKey, params: Params = {}): Said => ({
  key,
  params,
  text: key in renewalsEn ? tr(key as RenewalsKey, params) : t(key as MessageKey, params),
});

/**
 * A success answer's message, by key: `message` is the English text (old clients show it), `messageKey` and
 * `messageParams` what a client renders in its reader's language (docs/decisions/195). Spread it into the answer.
 */
export const told = (key: AnswerKey, params: Params = {}): KeyedMessage => ({
  message: say(key, params).text,
  messageKey: key,
  messageParams: params,
});

/** The one error type of the domain: a code for programs (one of core/contracts/errors.ts), a message for people, an HTTP status. */
export class DomainError extends Error {
  /** the catalogue key of the message, when it came from the catalogue (say()) */
  readonly key?: AnswerKey;
  readonly params?: Params;
  constructor(
    readonly code: ErrorCode,
    message: string | Said,
    readonly status: ContentfulStatusCode = 400,
  ) {
    super(typeof message === 'string' ? message : message.text);
    this.name = 'DomainError';
    if (typeof message !== 'string') {
      this.key = message.key;
      this.params = message.params;
    }
  }
}

export const badRequest = (desc: string | Said) => new DomainError('BadRequest', desc, 400);
export const notFound = (desc: string | Said) => new DomainError('NotFound', desc, 404);
export const conflict = (code: ErrorCode, desc: string | Said) => new DomainError(code, desc, 409);
