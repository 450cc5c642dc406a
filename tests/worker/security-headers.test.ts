// The Worker's security headers (worker/lib/security-headers.ts) are exactly those hono's secureHeaders() set with
// the app's options, which they replace to keep the Worker small (docs/decisions/142).
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../worker/csp';
import { securityHeaders } from '../../worker/lib/security-headers';

const headersOf = (res: Response) => Object.fromEntries([...res.headers.entries()].sort());

describe('security headers', () => {
  it("are hono's secureHeaders() with the app's options, header for header", async () => {
    const answer = (c: { text: (t: string) => Response; header: (k: string, v: string) => void }) => {
      c.header('X-Powered-By', 'test');
      return c.text('ok');
    };
    const theirs = new Hono()
      .use('*', secureHeaders({ contentSecurityPolicy: CONTENT_SECURITY_POLICY, crossOriginEmbedderPolicy: false }))
      .get('/', answer);
    const ours = new Hono().use('*', securityHeaders).get('/', answer);
    const a = headersOf(await theirs.request('/'));
    const b = headersOf(await ours.request('/'));
    expect(b).toEqual(a);
    expect(b['content-security-policy']).toMatch(
      /^default-src 'self'; script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' https:\/\/checkout/,
    );
    expect(b).not.toHaveProperty('x-powered-by');
  });

  it('are on every answer of the app', async () => {
    const { exports } = await import('cloudflare:workers');
    const res = await exports.default.fetch('http://localhost/api/isMembershipLive', { method: 'POST', body: '{}' });
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
