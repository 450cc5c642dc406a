// Per-client-address limits on the calls that cost a password hash or send an email (decision 071).
// Cloudflare's rate limiting binding decides, locally (workerd simulates it) and in production alike.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { getConfig, isLocalHost } from './config';
import { DomainError, say } from './errors';
import { log } from './log';

export type AddressLimit = 'auth' | 'mail';

/** The client's address as Cloudflare's edge reports it; absent on a request that did not cross the edge. */
export const clientAddress = (headers: { get(name: string): string | null }) =>
  headers.get('CF-Connecting-IP')?.trim().slice(0, 64) || null;

let warnedUnbound = false;

/**
 * Middleware: refuses with 429 RateLimited once this address has used up its calls of that kind in the
 * binding's period. In local mode the developer's own machine (no address, or a loopback/LAN address, as
 * wrangler dev reports it) is not limited, so that test suites may sign in as often as they like; any
 * other address is, through the same binding. In production a request without an address shares one key.
 */
export function limitByAddress(kind: AddressLimit): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const address = clientAddress(c.req.raw.headers);
    const config = getConfig(c.env);
    if (config.isLocal && (!address || isLocalHost(address))) return next();
    const binding = kind === 'auth' ? c.env.AUTH_RATE_LIMITER : c.env.MAIL_RATE_LIMITER;
    if (!binding) {
      if (!warnedUnbound) log('error', 'ratelimit.unbound', { kind });
      warnedUnbound = true;
      return next();
    }
    const { success } = await binding.limit({ key: `${kind}:${address ?? 'unknown'}` });
    if (!success) throw new DomainError('RateLimited', say('auth.addressLimited'), 429);
    await next();
  };
}
