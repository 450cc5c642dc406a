import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { describeIssues } from '../../core/contracts/issues';
import type { AppEnv } from '../env';
import { DomainError, say } from './errors';

/** The largest JSON body any call takes; app.ts refuses a larger one while reading it (hono bodyLimit). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Validates the JSON body against a shared zod contract (core/contracts). Unlike hono's validator it
 * reads the body whatever the Content-Type (old clients vary) and treats an empty body as `{}`.
 * Failures answer 400 BadRequest with a desc that names the field, and the first problem's key and params.
 */
export function input<S extends z.ZodType>(
  schema: S,
): MiddlewareHandler<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  return async (c, next) => {
    const raw = await c.req.text();
    if (raw.length > MAX_BODY_BYTES) {
      throw new DomainError('PayloadTooLarge', say('request.tooLarge', { kb: MAX_BODY_BYTES / 1024 }), 413);
    }
    let value: unknown = {};
    if (raw.trim() !== '') {
      try {
        value = JSON.parse(raw);
      } catch {
        throw new DomainError('BadRequest', say('request.invalidJson'), 400);
      }
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new DomainError('BadRequest', say('request.invalidJson'), 400);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      // the first problem by key, its field a parameter; the desc lists up to three in English (decision 195)
      const { text, key, params } = describeIssues(parsed.error.issues);
      throw new DomainError('BadRequest', { key, params, text }, 400);
    }
    c.req.addValidatedData('json', parsed.data as object);
    await next();
  };
}
