// The Worker's security headers (worker/lib/security-headers.ts, docs/decisions/234) are exactly what hono's
// secureHeaders() set with the app's CSP: a fixed list that replaced the middleware must not drift from it.
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../worker/csp';
import { SECURITY_HEADERS, securityHeaders } from '../../worker/lib/security-headers';

const answer = async (app: Hono) => {
  const res = await app.request('/x');
  return Object.fromEntries([...res.headers.entries()].filter(([k]) => k !== 'content-type' && k !== 'x-powered-by'));
};

describe('security headers', () => {
  it("are the ones hono's secureHeaders() set with the app's options", async () => {
    const before = new Hono()
      .use('*', secureHeaders({ contentSecurityPolicy: CONTENT_SECURITY_POLICY, crossOriginEmbedderPolicy: false }))
      .get('/x', (c) => c.text('ok'));
    const now = new Hono().use('*', securityHeaders).get('/x', (c) => c.text('ok'));
    expect(await answer(now)).toEqual(await answer(before));
    expect(Object.keys(await answer(now))).toHaveLength(SECURITY_HEADERS.length);
  });

  it('replace a header a handler set, and drop X-Powered-By', async () => {
    const app = new Hono().use('*', securityHeaders).get('/x', (c) => {
      c.header('X-Frame-Options', 'ALLOWALL');
      c.header('X-Powered-By', 'something');
      return c.text('ok');
    });
    const res = await app.request('/x');
    expect(res.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(res.headers.get('X-Powered-By')).toBeNull();
  });
});
