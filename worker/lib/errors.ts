import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error type of the domain: a code for programs, a message for people, an HTTP status. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: ContentfulStatusCode = 400,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (desc: string) => new DomainError('BadRequest', desc, 400);
export const notFound = (desc: string) => new DomainError('NotFound', desc, 404);
export const conflict = (code: string, desc: string) => new DomainError(code, desc, 409);
