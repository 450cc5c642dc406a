// The security headers of every Worker response, written out (docs/decisions/142): exactly what hono's
// secureHeaders({ contentSecurityPolicy, crossOriginEmbedderPolicy: false }) sets (tests/worker/security-headers.test.ts
// compares the two), without its general machinery, which took 3 kB of a Worker that must stay under 400 kB.
import type { MiddlewareHandler } from 'hono';
import { CONTENT_SECURITY_POLICY } from '../csp';

const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const HEADERS: [string, string][] = [
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
  [
    'Content-Security-Policy',
    Object.entries(CONTENT_SECURITY_POLICY)
      .map(([k, v]) => `${kebab(k)} ${v.join(' ')}`)
      .join('; '),
  ],
];

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  for (const [name, value] of HEADERS) c.res.headers.set(name, value);
  c.res.headers.delete('X-Powered-By');
};
