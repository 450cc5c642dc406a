import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The static files' CSP (web/public/_headers) and the Worker's must not drift apart.
describe('content security policy', () => {
  it('is the same for static assets and Worker responses', async () => {
    const { CONTENT_SECURITY_POLICY } = await import('../../worker/csp');
    const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const expected = Object.entries(CONTENT_SECURITY_POLICY)
      .map(([k, v]) => `${kebab(k)} ${v.join(' ')}`)
      .join('; ');
    const headers = readFileSync('web/public/_headers', 'utf8');
    const line = /Content-Security-Policy: (.*)/.exec(headers)?.[1]?.trim();
    expect(line).toBe(expected);
  });

  it("allows the prerendered pages' one inline script by its hash, and no other inline script", async () => {
    const { CONTENT_SECURITY_POLICY } = await import('../../worker/csp');
    const { afterPaintCode, cspHashOf } = await import('../../scripts/vite-prerender.mjs');
    const hashes = CONTENT_SECURITY_POLICY.scriptSrc!.filter((s) => s.startsWith("'sha256-"));
    expect(hashes).toEqual([cspHashOf(afterPaintCode())]);
    expect(CONTENT_SECURITY_POLICY.scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('allows Razorpay checkout and nothing else from outside', async () => {
    const { CONTENT_SECURITY_POLICY } = await import('../../worker/csp');
    const outside = Object.values(CONTENT_SECURITY_POLICY)
      .flat()
      .filter((s) => s.startsWith('https://'));
    for (const origin of outside) expect(origin).toMatch(/razorpay\.com$/);
  });
});
