import type { MiddlewareHandler } from 'hono';
import { CONTENT_SECURITY_POLICY } from '../csp';

/**
 * The security headers of every answer: exactly what hono's secureHeaders() set with the app's CSP and its defaults,
 * as one fixed list. Its option handling, nonces and reporting (3 kB of the Worker) were never used
 * (docs/decisions/234; tests/unit/security-headers.test.ts holds the list).
 */
export const SECURITY_HEADERS: readonly [string, string][] = [
  [
    'Content-Security-Policy',
    Object.entries(CONTENT_SECURITY_POLICY)
      .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${v.join(' ')}`)
      .join('; '),
  ],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  for (const [name, value] of SECURITY_HEADERS) c.res.headers.set(name, value);
  c.res.headers.delete('X-Powered-By');
};
