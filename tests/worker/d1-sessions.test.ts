// One D1 session per call, replica reads and bookmarks (worker/lib/d1-sessions.ts, docs/decisions/113).
import { describe, expect, it } from 'vitest';
import { BOOKMARK_HEADER, REPLICA_READS } from '../../worker/lib/d1-sessions';
import { READS_BESIDE_SESSION } from '../../worker/lib/session';
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

  it('lets replicas answer reads only: no write call, no pass collection, no webhook', () => {
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
    for (const call of mustBePrimary) expect(REPLICA_READS.has(`/api/${call}`), call).toBe(false);
    for (const path of REPLICA_READS) expect(path).toMatch(/^\/api\/(is|get)[A-Z]/);
    // the role-only reads that run beside the session lookup are reads too
    for (const path of READS_BESIDE_SESSION) expect(path).toMatch(/^\/api\/(get|search)[A-Z]/);
  });
});
