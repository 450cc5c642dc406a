import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../core/contracts/errors';
import { type MessageKey, t } from '../../core/i18n';

type Params = Record<string, string | number>;

/** A message of the catalogue: its key and parameters, and its English text (the answer's `desc`). */
export type Said = { readonly key: MessageKey; readonly params: Params; readonly text: string };

/**
 * A message for an error answer, by key: the answer carries `key` and `params` beside the English `desc`, and a
 * client renders the key from its own catalogue in its reader's language (docs/decisions/174).
 */
export const say = (key: MessageKey, params: Params = {}): Said => ({ key, params, text: t(key, params) });

/** The one error type of the domain: a code for programs (one of core/contracts/errors.ts), a message for people, an HTTP status. */
export class DomainError extends Error {
  /** the catalogue key of the message, when it came from the catalogue (say()) */
  readonly key?: MessageKey;
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
