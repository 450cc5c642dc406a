// One declaration per call (docs/decisions/186): a route says, beside its path and handler, who may call it, how its
// session lookup runs, whether a read replica may answer it, what limits its callers and what its body is; the
// middleware is made from that and nothing else decides it. A route is `.post('/name', ...call(spec), handler)`.
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../env';
import { inD1Session } from './d1-sessions';
import { input } from './input';
import { type AddressLimit, limitByAddress } from './rate-limit';
import { type Role, requireRole } from './session';

type Common = {
  /**
   * A read that the nearest D1 replica may answer (docs/decisions/113): no write, no pass collection or its search
   * (which must see another volunteer's scan at once). Without it the call starts on the primary.
   */
  replica?: boolean;
  /** per-client-address limit on a call that costs a password hash or sends an email (decision 071) */
  limit?: AddressLimit;
};

/** What the call's body is: a zod contract from core/contracts, or 'raw' when the handler reads the request itself. */
type Body = z.ZodType | 'raw';

export type CallSpec<B extends Body = Body> = Common & { body: B } & (
    | { role: 'public'; session?: never }
    | {
        role: Role;
        /**
         * How the session lookup runs (docs/decisions/111); without it, before the handler. 'beside': bounded
         * role-only reads start beside the lookup and the answer waits for the verdict (the handler uses
         * actorReady). 'batch': the lookup is the first statement of the call's own batch (the service calls
         * sessionBatchOf(s)).
         */
        session?: 'beside' | 'batch';
      }
  );

/** Marks the first middleware of a declared call; tests/worker/calls-declared.test.ts walks the app's routes by it. */
export const DECLARED = Symbol.for('samiti.call');

type Declared = MiddlewareHandler<AppEnv> & { [DECLARED]?: CallSpec };
type Parsed<S extends z.ZodType> = MiddlewareHandler<
  AppEnv,
  string,
  { in: { json: z.input<S> }; out: { json: z.output<S> } }
>;
const pass: MiddlewareHandler<AppEnv> = (_c, next) => next();

/**
 * The call's middleware, in order: the declaration (recorded on the context) and its D1 session, the role check
 * (none for 'public'; it runs before the body is read, so a caller without the role learns nothing), the address
 * limit, the body.
 */
export function call<S extends z.ZodType>(
  spec: CallSpec<S>,
): [Declared, MiddlewareHandler<AppEnv>, MiddlewareHandler<AppEnv>, Parsed<S>];
export function call(
  spec: CallSpec<'raw'>,
): [Declared, MiddlewareHandler<AppEnv>, MiddlewareHandler<AppEnv>, MiddlewareHandler<AppEnv>];
export function call(spec: CallSpec) {
  const declared: Declared = (c, next) => {
    c.set('call', spec);
    return inD1Session(c, next, spec.replica === true);
  };
  declared[DECLARED] = spec;
  return [
    declared,
    spec.role === 'public' ? pass : requireRole(spec.role),
    spec.limit ? limitByAddress(spec.limit) : pass,
    spec.body === 'raw' ? pass : input(spec.body),
  ];
}
