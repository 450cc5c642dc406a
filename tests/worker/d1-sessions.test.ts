// One D1 session per call, replica reads and bookmarks (worker/lib/d1-sessions.ts, docs/decisions/113), as each
// call's declaration (worker/lib/call.ts) asks.
import { describe, expect, it } from 'vitest';
import { BOOKMARK_HEADER } from '../../worker/lib/d1-sessions';
import { declaredCalls } from './declared-calls';
import type { CallSpec } from '../../worker/lib/call';
import { loginAs, MEMBER } from './helpers';

async function post(path: string, token: string | null, headers: Record<string, string> = {}) {
  const { exports } = await import('cloudflare:workers');
  const res = await exports.default.fetch(`http://localhost/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'X-Session-Token': token } : {}), ...headers },
    body: '{}',
  });
  return { status: res.status, bookmark: res.headers.get(BOOKMARK_HEADER), body: (await res.json()) as any };
}

describe('D1 sessions', () => {
  it('answers a bookmark and accepts it back, on replica reads and on the primary alike', async () => {
    const token = await loginAs(MEMBER);
    const first = await post('getUserProfile', token);
    expect(first.status).toBe(200);
    expect(first.bookmark).toBeTruthy();
    const again = await post('getProducts', token, { [BOOKMARK_HEADER]: first.bookmark! });
    expect(again.status).toBe(200);
    expect(again.bookmark).toBeTruthy();
    const write = await post('deleteCart', token, { [BOOKMARK_HEADER]: again.bookmark! });
    expect(write.status).toBe(200);
    expect(write.bookmark).toBeTruthy();
  });

  it('ignores a bookmark that is not one', async () => {
    const token = await loginAs(MEMBER);
    for (const junk of ['', 'x'.repeat(500), '<script>', 'a b']) {
      const r = await post('getUserProfile', token, { [BOOKMARK_HEADER]: junk });
      expect(r.status, junk).toBe(200);
      expect(r.body.data.email).toBe(MEMBER.email);
    }
  });

  it('lets replicas answer reads only: no write call, no pass collection, no webhook', async () => {
    const { app } = await import('../../worker/app');
    const { calls } = declaredCalls(app.routes);
    const declared = (mode: (spec: CallSpec) => boolean) =>
      [...calls].filter(([, spec]) => mode(spec)).map(([key]) => key.replace(/^\w+ /, ''));
    const replicaReads = new Set(declared((spec) => spec.replica === true));
    expect(replicaReads.size).toBeGreaterThan(10);
    const mustBePrimary = [
      'login',
      'signUpAndLogin',
      'logout',
      'addToCart',
      'deleteCart',
      'startOrder',
      'handleSuccessOrder',
      'handleOfflineOrder',
      'approveOfflineOrder',
      'markCouponCollected',
      'uploadCollections',
      'getVenuePasses',
      'searchVenuePasses',
      'searchUserOrder',
      'getStaffOrderDetails',
      'webhooks/razorpay',
    ];
    for (const call of mustBePrimary) expect(replicaReads.has(`/api/${call}`), call).toBe(false);
    for (const path of replicaReads) expect(path).toMatch(/^\/api\/(is|get)[A-Z]/);
    // the role-only reads that run beside the session lookup are reads too
    for (const path of declared((spec) => 'session' in spec && spec.session === 'beside'))
      expect(path).toMatch(/^\/api\/(get|search)[A-Z]/);
  });
});
