// Sequential D1 round trips per call (docs/decisions/111), counted by the bench's local meter
// (worker/lib/bench-rows.ts, X-Bench-Round-Trips). In production each round trip goes to the database's
// primary or a replica, often tens of milliseconds away: a call whose count rises fails here.

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { festivalYear, previousFestivalYear } from '../../core/festival';
import { orders } from '../../schema/index';
import { countingD1, type RowsMeter } from '../../worker/lib/bench-rows';
import { makeOrder } from './admin-fixtures';
import { placeOrder, productId } from './cart-fixtures';
import { ADMIN, bindings, db, loginAs, MEMBER, newUser, VOLUNTEER } from './helpers';

type Who = 'none' | 'member' | 'admin' | 'volunteer' | 'buyer';
type Case = { path: string; who: Who; body?: unknown; budget: number };

async function measure(path: string, body: unknown, token: string | null) {
  const { exports } = await import('cloudflare:workers');
  const res = await exports.default.fetch(`http://localhost/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-Bench-Rows': '1',
      ...(token ? { 'X-Session-Token': token } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    roundTrips: Number(res.headers.get('X-Bench-Round-Trips')),
    rowsRead: Number(res.headers.get('X-Bench-Rows-Read')),
  };
}

/**
 * Today's counts: a read call sends the session lookup with its reads (one batch, or started together). A change
 * that adds a sequential round trip fails here; one that saves one should lower the budget (docs/decisions/111).
 */
const READS: Case[] = [
  { path: 'isMembershipLive', who: 'none', budget: 1 },
  { path: 'isDailyPassLive', who: 'none', budget: 1 },
  { path: 'getUProducts', who: 'none', budget: 1 },
  { path: 'getPlans', who: 'none', budget: 1 },
  { path: 'getUserProfile', who: 'member', budget: 1 },
  { path: 'getProducts', who: 'member', budget: 1 },
  { path: 'getUtsavUserCount', who: 'member', budget: 1 },
  { path: 'getBijayaSanmelaniCount', who: 'member', budget: 1 },
  { path: 'getCartDetails', who: 'buyer', budget: 1 },
  { path: 'getOrders', who: 'member', budget: 1 },
  { path: 'getUserExtraInfo', who: 'member', budget: 1 },
  { path: 'getPaymentOptions', who: 'member', budget: 1 },
  { path: 'searchUserOrder', who: 'admin', body: { emailId: MEMBER.email, mobileNo: MEMBER.email }, budget: 1 },
  { path: 'getPendingOrders', who: 'admin', budget: 1 },
  { path: 'getSuccessOrders', who: 'admin', body: { orderTSCursor: 1e18 }, budget: 1 },
  { path: 'getDPKPNotCollectedOrder', who: 'admin', body: { orderTSCursor: 1e18 }, budget: 1 },
  { path: 'getDPKPCollectedOrder', who: 'admin', body: { orderTSCursor: 1e18 }, budget: 1 },
  { path: 'getCollectionTotals', who: 'admin', body: { collected: false }, budget: 1 },
  { path: 'getUnGropedProducts', who: 'admin', budget: 1 },
  { path: 'getAdminSettings', who: 'admin', budget: 1 },
  { path: 'getStaff', who: 'admin', budget: 1 },
  { path: 'getOverview', who: 'admin', body: {}, budget: 1 },
  { path: 'getConsoleCounts', who: 'admin', budget: 1 },
  { path: 'getAuditLog', who: 'admin', body: {}, budget: 1 },
  { path: 'getAuditLog', who: 'admin', body: { actorEmail: 'admin@' }, budget: 1 },
  { path: 'getVenuePasses', who: 'volunteer', body: {}, budget: 1 },
  { path: 'searchVenuePasses', who: 'volunteer', body: { q: 'member' }, budget: 1 },
  { path: 'getCollectionConflicts', who: 'admin', body: {}, budget: 1 },
  { path: 'getRenewal', who: 'member', body: {}, budget: 1 },
  { path: 'getEmailPrefs', who: 'member', budget: 1 },
  { path: 'getReminderAudience', who: 'admin', budget: 1 },
  { path: 'previewReminder', who: 'admin', budget: 1 },
  { path: 'getRenewalReport', who: 'admin', body: {}, budget: 1 },
  { path: 'getStatementMapping', who: 'admin', budget: 1 },
  { path: 'getStatementCredits', who: 'admin', budget: 1 },
];

/** The tap that /markCouponCollected makes and /undoCollection takes back. */
const TAP = `rt-${crypto.randomUUID()}`;
const READ_AFTER_WRITE = 1; // getCartDetails with a line in the cart
const WRITE_BUDGETS = { login: 2, addToCart: 2, startOrder: 2, markCouponCollected: 2, undoCollection: 2, logout: 1 };

type Tokens = Record<Who, string | null>;

/**
 * An admin-only read called by a member (403) and with a made-up token (401): the refusal only, and no more rows read
 * than the session lookup and each statement's probe of the caller's session and user (no order, no line).
 */
async function expectRefusedUnread(path: string, body: unknown, member: string) {
  for (const [token, status] of [
    [member, 403],
    ['not-a-session', 401],
  ] as const) {
    const refused = await measure(path, body, token);
    expect(refused.status, `${path} ${status}`).toBe(status);
    expect(JSON.parse(refused.text)).toEqual({
      error: 'InsufficientAccess',
      desc: expect.any(String),
      key: expect.stringMatching(/^auth\./),
      params: {},
    });
    expect(refused.rowsRead, `${path} ${status}`).toBeLessThan(20);
  }
}

async function tokens(): Promise<Tokens> {
  return {
    none: null,
    member: await loginAs(MEMBER),
    admin: await loginAs(ADMIN),
    volunteer: await loginAs(VOLUNTEER),
    buyer: (await newUser()).token,
  };
}

/** Runs the cases in order; returns every case that did not answer 200 or went over its budget. */
async function over(cases: (Case | (() => Promise<Case>))[], t: Tokens) {
  const bad: string[] = [];
  for (const item of cases) {
    const c = typeof item === 'function' ? await item() : item;
    const r = await measure(c.path, c.body, t[c.who]);
    if (r.status !== 200) bad.push(`${c.path}: ${r.status} ${r.text.slice(0, 160)}`);
    else if (r.roundTrips > c.budget) bad.push(`${c.path}: ${r.roundTrips} round trips, budget ${c.budget}`);
    else if (r.roundTrips < 1) bad.push(`${c.path}: not measured`);
  }
  return bad;
}

describe('sequential D1 round trips per call', () => {
  it("stays within each read call's budget", async () => {
    // data on every path: a paid pass (lines, collection), a transfer waiting for approval, the buyer's cart
    const t = await tokens();
    const pass = await placeOrder(MEMBER.email, 'Success', [{ code: 'DPKP', qty: 2 }]);
    await db()
      .update(orders)
      .set({ passCollected: 0, successTs: Date.now() * 1000 })
      .where(eq(orders.id, pass));
    const plan = await placeOrder(MEMBER.email, 'Success', [{ code: 'MABD', qty: 1 }]);
    await db()
      .update(orders)
      .set({ successTs: Date.now() * 1000 + 1 })
      .where(eq(orders.id, plan));
    await placeOrder(MEMBER.email, 'Pending Approval', [{ code: 'MABD', qty: 1 }]);
    await measure('addToCart', { productQtys: { [await productId('MABD')]: { qty: 1 } } }, t.buyer);
    const credit = { row: 2, date: '01 Nov 2026', narration: 'UPI', reference: 'RT000001', amountPaise: 100 };
    const statement = await measure('importStatement', { fileName: 'rt.csv', credits: [credit] }, t.admin);
    const importId = JSON.parse(statement.text).data.importId;
    const staff: Case[] = [
      { path: 'getStaffOrderDetails', who: 'volunteer', body: { orderPkId: pass }, budget: 1 },
      { path: 'getAttentionOrders', who: 'admin', budget: 1 },
      { path: 'getOrderRefunds', who: 'admin', body: { orderPkId: plan }, budget: 1 },
      { path: 'getRefundQuote', who: 'admin', body: { orderPkId: plan, all: true }, budget: 1 },
      { path: 'getStatementImport', who: 'admin', body: { importId }, budget: 1 },
    ];
    expect(await over([...READS, ...staff], t)).toEqual([]);
  });

  it("stays within each write call's budget", async () => {
    const t = await tokens();
    const plan = await productId('MABD');
    const buyer = t.buyer;
    const pass = await placeOrder(MEMBER.email, 'Success', [{ code: 'DPKP', qty: 1 }]);
    await db().update(orders).set({ passCollected: 0 }).where(eq(orders.id, pass));
    const writes: (Case | (() => Promise<Case>))[] = [
      {
        path: 'login',
        who: 'none',
        body: { email: MEMBER.email, password: MEMBER.password },
        budget: WRITE_BUDGETS.login,
      },
      {
        path: 'addToCart',
        who: 'buyer',
        body: { productQtys: { [plan]: { qty: 1 } } },
        budget: WRITE_BUDGETS.addToCart,
      },
      { path: 'getCartDetails', who: 'buyer', budget: READ_AFTER_WRITE },
      { path: 'startOrder', who: 'buyer', body: { offline: true }, budget: WRITE_BUDGETS.startOrder },
      {
        path: 'markCouponCollected',
        who: 'volunteer',
        body: { orderRcptId: `SMT${String(pass).padStart(6, '0')}`, nonce: TAP },
        budget: WRITE_BUDGETS.markCouponCollected,
      },
      {
        path: 'undoCollection',
        who: 'volunteer',
        body: { nonce: TAP },
        budget: WRITE_BUDGETS.undoCollection,
      },
      { path: 'logout', who: 'buyer', budget: WRITE_BUDGETS.logout },
    ];
    expect(buyer).toBeTruthy();
    expect(await over(writes, t)).toEqual([]);
  });
});

describe('the round-trip meter', () => {
  const q = (d1: ReturnType<typeof countingD1>) => d1.prepare('SELECT count(*) AS n FROM users');

  it('counts calls awaited one after another as steps, and calls started together as one', async () => {
    const meter: RowsMeter = { rowsRead: 0, statements: 0 };
    const d1 = countingD1(bindings.DB, meter);
    await Promise.all([q(d1).first(), q(d1).all(), d1.batch([q(d1), q(d1)])]);
    expect(meter.roundTrips).toBe(1);
    await q(d1).first();
    expect(meter.roundTrips).toBe(2);
    // started after the first step answered, while the second is still running: may depend on the first only
    const slow = q(d1).all();
    await Promise.all([slow, q(d1).raw()]);
    expect(meter.roundTrips).toBe(3);
    expect(meter.statements).toBe(7);
  });
});

describe('reads beside the session lookup', () => {
  it('answers InsufficientAccess before any validation or data, whatever the body', async () => {
    const member = await loginAs(MEMBER);
    for (const path of [
      'getSuccessOrders',
      'getOverview',
      'getAuditLog',
      'getCollectionTotals',
      'searchVenuePasses',
      'getVenuePasses',
      'searchUserOrder',
      'getStaffOrderDetails',
    ]) {
      const bad = { orderTSCursor: 'not a number', fiscalYear: 12, collected: 'x', limit: -1 };
      for (const [token, status] of [
        [null, 401],
        ['not-a-session', 401],
        [member, 403],
      ] as const) {
        const r = await measure(path, bad, token);
        expect(r.status, `${path} ${token}`).toBe(status);
        expect(JSON.parse(r.text).error).toBe('InsufficientAccess');
        const ok = await measure(path, {}, token);
        expect(ok.status, `${path} ${token}`).toBe(status);
        expect(JSON.parse(ok.text)).not.toHaveProperty('data');
      }
    }
    const admin = await loginAs(ADMIN);
    expect((await measure('getSuccessOrders', { orderTSCursor: 'not a number' }, admin)).status).toBe(400);
  });
});

describe('the session lookup in the batch of the call (declared session: batch)', () => {
  it("aggregates a festival year only for an admin: another caller's batch reads no order", async () => {
    for (let i = 0; i < 30; i++) {
      const id = await placeOrder(MEMBER.email, 'Success', [{ code: 'DPKP', qty: 1 }]);
      await db()
        .update(orders)
        .set({ passCollected: 0, successTs: Date.now() * 1000 + i })
        .where(eq(orders.id, id));
    }
    const member = await loginAs(MEMBER);
    const admin = await loginAs(ADMIN);
    for (const [path, body] of [
      ['getOverview', {}],
      ['getCollectionTotals', { collected: false }],
      ['getDPKPNotCollectedOrder', { orderTSCursor: 1e18 }],
    ] as const) {
      const allowed = await measure(path, body, admin);
      expect(allowed.status, path).toBe(200);
      expect(allowed.roundTrips, path).toBe(1);
      expect(allowed.rowsRead, path).toBeGreaterThan(60); // the orders and their lines
      await expectRefusedUnread(path, body, member);
    }
    // the console's counts: 30 orders waiting for verification are counted for an admin only
    await db().update(orders).set({ status: 'Pending Approval' }).where(eq(orders.status, 'Success'));
    const counted = await measure('getConsoleCounts', {}, admin);
    expect(JSON.parse(counted.text).data.pendingTransfers).toBeGreaterThanOrEqual(30);
    expect(counted.roundTrips).toBe(1);
    await expectRefusedUnread('getConsoleCounts', {}, member);
  });

  it('reads the membership year, refunds and statements only for an admin: no row of them for another caller', async () => {
    const last = previousFestivalYear(festivalYear());
    let order = 0;
    for (let i = 0; i < 30; i++) {
      const email = `rt${i}.${crypto.randomUUID().slice(0, 8)}@example.net`;
      const id = await db().get<{ id: number }>(
        sql`INSERT INTO users (name, email, mobile, password_hash) VALUES ('Member', ${email}, '9800000000', 'x') RETURNING id`,
      );
      order = (await makeOrder({ userId: id!.id, fiscalYear: last, lines: [{ code: 'MUTV', qty: 1 }] })).id;
    }
    const member = await loginAs(MEMBER);
    const admin = await loginAs(ADMIN);
    for (const [path, body] of [
      ['getReminderAudience', {}],
      ['previewReminder', {}],
      ['getRenewalReport', {}],
      ['getOrderRefunds', { orderPkId: order }],
      ['getRefundQuote', { orderPkId: order, all: true }],
      ['getStatementMapping', {}],
      ['getStatementCredits', {}],
    ] as const) {
      const allowed = await measure(path, body, admin);
      expect(allowed.status, path).toBe(200);
      expect(allowed.roundTrips, path).toBe(1);
      await expectRefusedUnread(path, body, member);
    }
    // the year-wide ones read the memberships for an admin only
    expect((await measure('getRenewalReport', {}, admin)).rowsRead).toBeGreaterThan(60);
  });

  it('answers InsufficientAccess to a caller without a session whatever the body, and the cart of nobody', async () => {
    const buyer = await newUser();
    await measure('addToCart', { productQtys: { [await productId('MABD')]: { qty: 1 } } }, buyer.token);
    for (const path of ['getCartDetails', 'addToCart', 'getProducts', 'getUtsavUserCount', 'logout']) {
      for (const body of [{}, { productQtys: 'x' }, [1]]) {
        for (const token of [null, 'not-a-session']) {
          const r = await measure(path, body, token);
          expect(r.status, `${path} ${JSON.stringify(body)} ${token}`).toBe(401);
          expect(JSON.parse(r.text).error).toBe('InsufficientAccess');
        }
      }
    }
    // the buyer's own cart is theirs, with one round trip; after logout the same token reads nothing
    const mine = await measure('getCartDetails', {}, buyer.token);
    expect(JSON.parse(mine.text).data.selectedProducts).toHaveLength(1);
    expect((await measure('logout', {}, buyer.token)).status).toBe(200);
    const after = await measure('getCartDetails', {}, buyer.token);
    expect(after.status).toBe(401);
    expect(JSON.parse(after.text)).not.toHaveProperty('data');
  });
});
