// The settings kept per isolate, checked against the version read with the session lookup (decision 114).
import { describe, expect, it } from 'vitest';
import { ADMIN, bindings, call, loginAs, MEMBER } from './helpers';

async function paymentOptions(token: string) {
  const { exports } = await import('cloudflare:workers');
  const res = await exports.default.fetch('http://localhost/api/getPaymentOptions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Session-Token': token, 'X-Bench-Rows': '1' },
    body: '{}',
  });
  const body = (await res.json()) as any;
  return { trips: Number(res.headers.get('X-Bench-Round-Trips')), data: body.data };
}

describe('settings per isolate', () => {
  it('answers from the copy in the session lookup round trip while the version holds', async () => {
    const member = await loginAs(MEMBER);
    await paymentOptions(member); // fills the copy
    const again = await paymentOptions(member);
    expect(again.trips).toBe(1);
    expect(again.data.bank.payee).toBeTruthy();
  });

  it("shows an admin's change at once, in this isolate and after a change made elsewhere", async () => {
    const admin = await loginAs(ADMIN);
    const member = await loginAs(MEMBER);
    const before = (await paymentOptions(member)).data.bank;
    const payee = `Samiti Trust ${crypto.randomUUID().slice(0, 6)}`;
    const saved = await call('updateSettings', { bank: { ...before, payee } }, admin);
    expect(saved.status).toBe(200);
    expect(saved.body.data.bank.payee).toBe(payee);
    expect((await paymentOptions(member)).data.bank.payee).toBe(payee);

    // another isolate's write reaches D1 directly: the version trigger tells this isolate's copy is old
    const other = { ...before, payee: `${payee} (other)` };
    await bindings.DB.prepare(`UPDATE settings SET value = ? WHERE key = 'bank'`).bind(JSON.stringify(other)).run();
    expect((await paymentOptions(member)).data.bank.payee).toBe(other.payee);
    const flag = await call('isMembershipLive', {});
    expect(flag.status).toBe(200);
  });
});
