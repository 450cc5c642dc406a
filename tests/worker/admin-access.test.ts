// Every admin call: 401 without a session, 403 for a member, and volunteers only in Pass Collection.
// The role check runs before the body is validated, so a bad body still answers InsufficientAccess.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, db, loginAs, MEMBER, VOLUNTEER } from './helpers';

const ADMIN_ONLY: [string, object][] = [
  ['getPendingOrders', {}],
  ['approveOfflineOrder', { offlineUserId: 2, orderPkId: 1 }],
  ['rejectOfflineOrder', { offlineUserId: 2, orderPkId: 1 }],
  ['getSuccessOrders', { orderTSCursor: 1e18 }],
  ['getDPKPNotCollectedOrder', { orderTSCursor: 1e18 }],
  ['getDPKPCollectedOrder', { orderTSCursor: 1e18 }],
  ['getCollectionTotals', { collected: false }],
  ['getUnGropedProducts', {}],
  ['markProductAvailable', { id: 1, available: false }],
  ['markProductFullSponsor', { id: 5, fullSponsorOnly: true }],
  [
    'addProduct',
    {
      code: 'ZZZZ',
      name: 'x',
      price: 1,
      coSponsorPrice: 1,
      membership: true,
      sponsorship: false,
      dailyMembership: false,
    },
  ],
  ['blockProduct', { id: 5, blockedByName: 'X', blockedByEmail: 'x@example.net' }],
  ['unblockProduct', { id: 5 }],
  ['getAdminSettings', {}],
  ['updateSettings', { membershipLive: false }],
  ['getStaff', {}],
  ['setUserRole', { email: 'member@example.org', role: 'admin', granted: true }],
  ['getOverview', {}],
  ['getAuditLog', {}],
  ['getConsoleCounts', {}],
  ['getAttentionOrders', {}],
  ['clearAttention', { orderPkId: 1 }],
  // renewals (startReminderCampaign answers 409 NoAudience here: tests/worker/renewals.test.ts)
  ['getReminderAudience', {}],
  ['previewReminder', {}],
  ['sendReminderTest', {}],
  ['stopReminderCampaign', { campaignId: 1 }],
  ['getRenewalReport', {}],
];
const STAFF: [string, object][] = [
  ['searchUserOrder', { emailId: '981', mobileNo: '981' }],
  ['getStaffOrderDetails', { orderPkId: 1 }],
];

let member: string;
let volunteer: string;
const auditCount = async () => (await db().get<{ n: number }>(sql`select count(*) as n from audit_log`))!.n;
const productsSnapshot = async () => JSON.stringify(await db().all(sql`select * from products order by id`));
const settingsSnapshot = async () => JSON.stringify(await db().all(sql`select * from settings order by key`));

beforeAll(async () => {
  member = await loginAs(MEMBER);
  volunteer = await loginAs(VOLUNTEER);
});

describe('admin calls refuse callers without the role, before reading the body', () => {
  it.each([...ADMIN_ONLY, ...STAFF])('%s: 401 without a session, 403 for a member', async (path, body) => {
    const before = [await auditCount(), await productsSnapshot(), await settingsSnapshot()];
    for (const token of [undefined, 'null', 'not-a-real-token']) {
      const r = await call(path, body, token);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({
        error: 'InsufficientAccess',
        desc: 'Please log in to continue.',
        key: 'auth.required',
        params: {},
      });
    }
    const m = await call(path, body, member);
    expect(m.status).toBe(403);
    expect(m.body).toEqual({
      error: 'InsufficientAccess',
      desc: 'You do not have access to this.',
      key: 'auth.forbidden',
      params: {},
    });
    // a bad body does not reveal validation to a member
    const bad = await call(path, { nonsense: true }, member);
    expect(bad.status).toBe(403);
    const raw = await call(path, undefined, member, { raw: '{"broken' });
    expect(raw.status).toBe(403);
    expect([await auditCount(), await productsSnapshot(), await settingsSnapshot()]).toEqual(before);
  });

  it.each(ADMIN_ONLY)('%s: 403 for a volunteer (outside Pass Collection)', async (path, body) => {
    const before = [await auditCount(), await productsSnapshot(), await settingsSnapshot()];
    const r = await call(path, body, volunteer);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('InsufficientAccess');
    expect([await auditCount(), await productsSnapshot(), await settingsSnapshot()]).toEqual(before);
  });

  it('a volunteer may search passes and read a paid order', async () => {
    const r = await call('searchUserOrder', { emailId: '981', mobileNo: '981' }, volunteer);
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body.data)).toBe(true);
    const d = await call('getStaffOrderDetails', { orderPkId: 999999 }, volunteer);
    expect(d.status).toBe(404);
  });

  it('an admin passes the role check of every call', async () => {
    const admin = await loginAs(ADMIN);
    for (const [path] of [...ADMIN_ONLY, ...STAFF]) {
      // a wrong type is refused by validation (unknown fields alone are ignored, so calls that take none pass)
      const r = await call(path, { orderPkId: 'nonsense', id: 'nonsense', emailId: 1, cursor: {}, q: 1 }, admin);
      expect([200, 400], path).toContain(r.status);
      if (r.status === 400) expect(r.body.error, path).toBe('BadRequest');
      expect(r.body.error, path).not.toBe('InsufficientAccess');
    }
  });
});
