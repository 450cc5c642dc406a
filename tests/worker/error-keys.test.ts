// Error answers name their message by key (docs/decisions/174): `{error, desc, key, params}`, where desc is the
// English catalogue's message for the key with those params, and the Bengali catalogue has the same key, so a
// client renders the message in its reader's language without matching English text.
import { describe, expect, it } from 'vitest';
import { format } from '../../core/i18n';
import { serverBn } from '../../core/messages/areas/server.bn';
import { serverEn } from '../../core/messages/areas/server.en';
import { renewalsBn } from '../../core/renewals/messages.bn';
import { renewalsEn } from '../../core/renewals/messages.en';
import { answerParams } from '../../core/festival';
import { ADMIN, call, loginAs, MEMBER, newUser } from './helpers';

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

describe('input problems and success messages by key too (docs/decisions/195)', () => {
  it("a contract's check answers its key with the field as a parameter; the desc is unchanged", async () => {
    const u = await newUser();
    const missing = await call('setLanguage', {}, u.token);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ desc: 'lang is required', key: 'input.required', params: { field: 'lang' } });
    expectByKey(missing.body, 'input.required');

    const long = await call('signUp', {
      name: 'x'.repeat(101),
      mobile: '9876543210',
      email: 'a@b.co',
      password: 'p4ssword!',
    });
    expect(long.body).toMatchObject({ key: 'input.maxChars', params: { field: 'name', max: 100 } });
    expectByKey(long.body, 'input.maxChars');

    // a refusal that names its field before the sentence: the key is the sentence (it read "[object Object]")
    const same = await call('changeEmail', { email: u.email, password: 'whatever-1' }, u.token);
    expect(same.body).toMatchObject({
      desc: `email: ${serverEn['privacy.sameEmail']}`,
      key: 'privacy.sameEmail',
      params: {},
    });

    const none = await call('noSuchCallHere', {});
    expect(none.status).toBe(404);
    expectByKey(none.body, 'server.noSuchCall');
  });

  it('a success answer carries messageKey and messageParams beside its English message', async () => {
    const u = await newUser();
    const saved = await call('updateUserProfile', { name: 'Ruma Sen', mobile: '9876543210' }, u.token);
    expect(saved.status).toBe(200);
    const data = saved.body.data as { message: string; messageKey: string; messageParams: Record<string, string> };
    expect(data.messageKey).toBe('privacy.profileSaved');
    expect(data.message).toBe(format((serverEn as Record<string, string>)[data.messageKey]!, data.messageParams));
    expect((serverBn as Record<string, string>)[data.messageKey]).toBeTruthy();

    // the renewals area's own catalogue likewise
    const prefs = await call('setEmailPrefs', { renewalReminders: false }, u.token);
    expect(prefs.body.data).toMatchObject({ messageKey: 'prefs.saved', message: renewalsEn['prefs.saved'] });
    expect(renewalsBn['prefs.saved']).toBeTruthy();
  });
});

describe("the admin calls' refusals of a bad body by key too (docs/decisions/271)", () => {
  // once literal English without a key: each answers the key whose English is its desc, and the key is in Bengali
  it.each([
    ['searchUserOrder', { emailId: 'a', mobileNo: '' }, 'input.searchTooShort', 'body emailId or mobileNo'],
    ['getSuccessOrders', { orderTSCursor: 2e18 }, 'input.max', 'orderTSCursor must be at most 1e18'],
    ['getStaffOrderDetails', { orderPkId: 'x' }, 'input.positiveWhole', 'orderPkId must be a positive whole number'],
    ['rejectOfflineOrder', { offlineUserId: 1, orderPkId: 1, reasonCode: 'other' }, 'input.reasonForOther', 'reason'],
    ['addProduct', { code: 'AB', name: 'N', price: 5, membership: true }, 'input.productCode', 'code must be'],
    ['addProduct', { code: 'ABCD', name: 'N', price: 5 }, 'input.oneType', 'membership choose exactly'],
    ['updateProduct', { id: 1 }, 'input.nothingToChangeProduct', 'body nothing to change: send'],
    ['updateProduct', { id: 1, rules: { qtyDiscounts: 'x' } }, 'input.discountList', 'rules.qtyDiscounts must be'],
    ['updateSettings', {}, 'input.nothingToChange', 'body nothing to change'],
    ['setUserRole', { email: 'a@b.co', role: 'boss', granted: true }, 'input.adminOrVolunteer', 'role must be'],
    ['setProductCapacity', { id: 1, capacity: -1 }, 'input.capacity', 'capacity must be a whole number of units'],
    ['publishCatalogue', { festivalYear: '2027-30' }, 'input.yearsInARow', 'festivalYear must be two years'],
    // zod's own words (an object written without a message) answer a generic key of the kind
    ['updateProduct', { id: 1, rules: 'x' }, 'input.object', 'rules must be an object'],
  ])('%s %j answers %s', async (path, body, key, start) => {
    const admin = await loginAs(ADMIN);
    const r = await call(path, body, admin);
    expect(r.status).toBe(400);
    expect(r.body.desc).toContain(start);
    expectByKey(r.body, key);
  });

  it('a time in a success message is sent as ms and said in each language (announce.scheduled)', async () => {
    const admin = await loginAs(ADMIN);
    const sendAt = Date.UTC(2026, 11, 24, 13, 0);
    const r = await call(
      'createAnnouncement',
      {
        titleEn: 'T',
        bodyEn: 'B',
        titleBn: 'শি',
        bodyBn: 'বা',
        audience: 'all',
        sendAt: Date.now() + 86_400_000,
        requestKey: crypto.randomUUID(),
      },
      admin,
    );
    expect(r.status).toBe(200);
    const data = r.body.data as { message: string; messageKey: string; messageParams: Record<string, number> };
    expect(data.messageKey).toBe('announce.scheduled');
    expect(typeof data.messageParams.sendAt).toBe('number');
    expect(data.message).toBe(format(serverEn['announce.scheduled'], answerParams(data.messageParams, 'en')));
    // the Bengali reader's month is in Bengali, not the English the message was written with
    const bengali = format(serverBn['announce.scheduled'], answerParams({ sendAt }, 'bn-IN'));
    expect(bengali).toMatch(/^ঘোষণাটি 24 ডিসেম্বর, 2026\D.*06:30.*-এ যাবে।$/);
    expect(format(serverEn['announce.scheduled'], answerParams({ sendAt }, 'en'))).toMatch(
      /^The announcement will go out at 24 Dec 2026, .*6:30.*\.$/,
    );
  });
});
