// Error answers name their message by key (docs/decisions/174): `{error, desc, key, params}`, where desc is the
// English catalogue's message for the key with those params, and the Bengali catalogue has the same key, so a
// client renders the message in its reader's language without matching English text.
import { describe, expect, it } from 'vitest';
import { format } from '../../core/i18n';
import { serverBn } from '../../core/messages/areas/server.bn';
import { serverEn } from '../../core/messages/areas/server.en';
import { call, loginAs, MEMBER, newUser } from './helpers';

type Answer = { error?: string; desc?: string } & Record<string, unknown>;

function expectByKey(body: Answer, key: string) {
  expect(body.key).toBe(key);
  const english = (serverEn as Record<string, string>)[key];
  expect(english, key).toBeDefined();
  expect(body.desc).toBe(format(english!, (body.params ?? {}) as Record<string, string | number>));
  expect((serverBn as Record<string, string>)[key], `${key} in Bengali`).toBeTruthy();
}

describe('error answers carry their catalogue key', () => {
  it('a wrong password, a taken email, no session, a member at an admin call', async () => {
    const wrong = await call('login', { email: MEMBER.email, password: 'not-the-password', iid: crypto.randomUUID() });
    expect(wrong.status).toBe(401);
    expectByKey(wrong.body, 'auth.invalidCredentials');

    const u = await newUser();
    const taken = await call('signUp', { name: 'X Y', mobile: '9876543210', email: u.email, password: 'another-pass' });
    expect(taken.status).toBe(409);
    expectByKey(taken.body, 'auth.emailTaken');

    const none = await call('getOrders', {});
    expect(none.status).toBe(401);
    expectByKey(none.body, 'auth.required');

    const member = await loginAs(MEMBER);
    const admin = await call('getPendingOrders', {}, member);
    expect(admin.status).toBe(403);
    expectByKey(admin.body, 'auth.forbidden');
  });

  it('carries the params the message was filled with', async () => {
    const member = await loginAs(MEMBER);
    const r = await call(
      'handleOfflineOrder',
      {
        isOffline: true,
        offlineTxnId: '123456789012',
        offlineBankName: 'SBI',
        orderRcptId: 'SMT999999',
      },
      member,
    );
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.body.key).toEqual(expect.any(String));
    expectByKey(r.body, String(r.body.key));
  });
});
