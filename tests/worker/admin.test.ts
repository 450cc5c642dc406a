import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, collectionEvents, orders, payments, sponsorshipClaims, users } from '../../schema/index';
import { makeOrder, productByCode } from './admin-fixtures';
import { ADMIN, call, db, loginAs, MEMBER, newUser, outbox, VOLUNTEER } from './helpers';

let admin: string;
let volunteer: string;
const audits = (entityType: string, entityId: string | number) =>
  db()
    .select()
    .from(auditLog)
    .where(sql`entity_type = ${entityType} AND entity_id = ${String(entityId)}`)
    .all();

beforeAll(async () => {
  admin = await loginAs(ADMIN);
  volunteer = await loginAs(VOLUNTEER);
});

describe('/searchUserOrder', () => {
  it('finds paid orders by exact and prefix email and mobile, not by infix, with the details fields', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const email = `ritu.${tag}@example.net`;
    const mobile = `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const paid = await makeOrder({ email, mobile, name: 'Ritu Das', lines: [{ code: 'DPKP', qty: 3 }] });
    await makeOrder({ email, mobile, status: 'Pending Approval', paymentType: 'Offline' });
    await makeOrder({ email, mobile, status: 'Failed' });

    for (const text of [email, `ritu.${tag}`, email.toUpperCase(), mobile, mobile.slice(0, 6), `+91 ${mobile}`]) {
      const r = await call('searchUserOrder', { emailId: text, mobileNo: text }, volunteer);
      expect(r.status, text).toBe(200);
      expect(
        r.body.data.map((o: { orderPkId: number }) => o.orderPkId),
        text,
      ).toEqual([paid.id]);
    }
    const r = await call('searchUserOrder', { emailId: email, mobileNo: email }, admin);
    expect(r.body.data[0]).toMatchObject({
      orderRcptId: `SMT${String(paid.id).padStart(6, '0')}`,
      orderPkId: paid.id,
      userName: 'Ritu Das',
      userEmail: email,
      userMobile: mobile,
      orderTotal: 1800,
      passCollected: 0,
      status: 'Success',
      selectedProducts: [{ name: 'Kali Puja Bhog Pass', code: 'DPKP', qty: 3, sellPrice: 1800, maxPrice: 1800 }],
    });
    expect(typeof r.body.data[0].orderDate).toBe('number');
    // a piece from the middle is not a prefix
    const infix = await call('searchUserOrder', { emailId: tag, mobileNo: tag }, admin);
    expect(infix.body.data).toEqual([]);
    // only one field sent works too
    const one = await call('searchUserOrder', { mobileNo: mobile }, admin);
    expect(one.body.data).toHaveLength(1);
  });

  it('asks for at least three characters, whatever unknown fields come along', async () => {
    const r = await call('searchUserOrder', { emailId: 'a', mobileNo: 'a' }, admin);
    expect(r.status).toBe(400);
    expect(r.body.desc).toMatch(/at least 3 characters/);
    const r2 = await call('searchUserOrder', { q: 'abc' }, admin);
    expect(r2.status).toBe(400);
    expect(r2.body.desc).toMatch(/at least 3 characters/);
  });

  it('reads a paid order for the details dialog', async () => {
    const o = await makeOrder();
    const r = await call('getStaffOrderDetails', { orderPkId: o.id }, volunteer);
    expect(r.status).toBe(200);
    expect(r.body.data.orderPkId).toBe(o.id);
    const pending = await makeOrder({ status: 'Pending Approval', paymentType: 'Offline' });
    expect((await call('getStaffOrderDetails', { orderPkId: pending.id }, volunteer)).status).toBe(404);
    expect((await call('getStaffOrderDetails', { orderPkId: 'x' }, volunteer)).body.desc).toMatch(
      /orderPkId must be a positive whole number/,
    );
  });
});

describe('pending orders: approve and reject', () => {
  async function pending(over: Parameters<typeof makeOrder>[0] = {}) {
    const u = await newUser();
    const user = (await db().select().from(users).where(eq(users.email, u.email)).get())!;
    const o = await makeOrder({
      userId: user.id,
      email: u.email,
      name: u.name,
      mobile: u.mobile,
      status: 'Pending Approval',
      paymentType: 'Offline',
      transactionId: `UTR${crypto.randomUUID().slice(0, 10)}`,
      lines: [{ code: 'MUTV', qty: 1 }],
      ...over,
    });
    return { o, u, user };
  }

  it('lists pending direct transfers with the dialog fields', async () => {
    const { o } = await pending();
    const r = await call('getPendingOrders', {}, admin);
    expect(r.status).toBe(200);
    const row = r.body.data.find((x: { orderPkId: number }) => x.orderPkId === o.id);
    expect(row).toMatchObject({
      status: 'Pending Approval',
      paymentType: 'Offline',
      transactionId: o.transactionId,
      bankName: 'SBI',
      referSource: 'Other',
      referredBy: 'A friend',
      addr1: '12 Lake Road',
      city: 'Bengaluru',
      fiscalYear: o.fiscalYear,
      orderTotal: 2650,
    });
    expect(r.body.data.every((x: { status: string }) => x.status === 'Pending Approval')).toBe(true);
  });

  it('approves through confirmPayment: Success, paging cursor, pass to collect, member, one audit row, one email', async () => {
    const { o, u, user } = await pending();
    const r = await call('approveOfflineOrder', { offlineUserId: user.id, orderPkId: o.id }, admin);
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe('You have approved the contribution successfully!');
    const after = (await db().select().from(orders).where(eq(orders.id, o.id)).get())!;
    expect(after).toMatchObject({ status: 'Success', passCollected: 0 });
    expect(after.successTs).toBeGreaterThan(0);
    const pay = await db().select().from(payments).where(eq(payments.orderId, o.id)).get();
    expect(pay!.status).toBe('approved');
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.isMember).toBe(true);
    const rows = await audits('order', o.id);
    expect(rows.map((a) => a.action)).toEqual(['order.approved']);
    expect(rows[0]!.actorId).toBe(1);
    expect((await outbox(u.email)).filter((m) => /confirmed/i.test(m.subject))).toHaveLength(1);

    // twice: refused clearly, nothing more written
    const again = await call('approveOfflineOrder', { offlineUserId: user.id, orderPkId: o.id }, admin);
    expect(again.status).toBe(409);
    expect(again.body.desc).toMatch(/already been approved/);
    const rej = await call('rejectOfflineOrder', { offlineUserId: user.id, orderPkId: o.id }, admin);
    expect(rej.status).toBe(409);
    expect(rej.body.desc).toMatch(/already been approved/);
    expect(await audits('order', o.id)).toHaveLength(1);
  });

  it('rejects with a reason that goes into the member email, and releases a held sponsorship', async () => {
    const item = await productByCode('SSTG');
    const { o, u, user } = await pending({ lines: [{ code: 'SSTG', qty: 1 }] });
    await db()
      .insert(sponsorshipClaims)
      .values({ productId: item.id, fiscalYear: o.fiscalYear, orderId: o.id, userId: user.id, state: 'held' });
    const r = await call(
      'rejectOfflineOrder',
      { offlineUserId: user.id, orderPkId: o.id, reason: 'No credit with this UTR on our statement' },
      admin,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe('You have rejected the contribution successfully!');
    const after = (await db().select().from(orders).where(eq(orders.id, o.id)).get())!;
    expect(after).toMatchObject({ status: 'Rejected', rejectReason: 'No credit with this UTR on our statement' });
    expect(await db().select().from(sponsorshipClaims).where(eq(sponsorshipClaims.orderId, o.id)).all()).toEqual([]);
    const mails = (await outbox(u.email)).filter((m) => m.text.includes('No credit with this UTR on our statement'));
    expect(mails).toHaveLength(1);
    expect((await audits('order', o.id)).map((a) => a.action)).toEqual(['order.rejected']);
    const again = await call('rejectOfflineOrder', { offlineUserId: user.id, orderPkId: o.id }, admin);
    expect(again.status).toBe(409);
    expect(again.body.desc).toMatch(/already been rejected/);
    const approve = await call('approveOfflineOrder', { offlineUserId: user.id, orderPkId: o.id }, admin);
    expect(approve.status).toBe(409);
  });

  it('races: two approvals, two rejections, approve against reject: one decision, one audit row, one email', async () => {
    for (const pair of [
      ['approveOfflineOrder', 'approveOfflineOrder'],
      ['rejectOfflineOrder', 'rejectOfflineOrder'],
      ['approveOfflineOrder', 'rejectOfflineOrder'],
    ] as const) {
      const { o, u, user } = await pending();
      const body = { offlineUserId: user.id, orderPkId: o.id };
      const results = await Promise.all(pair.map((p) => call(p, body, admin)));
      const statuses = results.map((x) => x.status).sort();
      expect(statuses, pair.join()).toEqual([200, 409]);
      const rows = await audits('order', o.id);
      expect(rows, pair.join()).toHaveLength(1);
      const after = (await db().select().from(orders).where(eq(orders.id, o.id)).get())!;
      const winner = results.find((x) => x.status === 200)!;
      expect(after.status).toBe(winner.body.data.status);
      expect(await outbox(u.email)).toHaveLength(2); // the sign-up verification and one decision
    }
  });

  it('refuses orders that are not pending or not offline, and a wrong contributor', async () => {
    const { o, user } = await pending();
    expect((await call('approveOfflineOrder', { offlineUserId: user.id + 1000, orderPkId: o.id }, admin)).status).toBe(
      404,
    );
    const online = await makeOrder({ status: 'Pending Payment', paymentType: 'Online' });
    const r = await call('approveOfflineOrder', { offlineUserId: online.userId, orderPkId: online.id }, admin);
    expect(r.status).toBe(409);
    expect(r.body.desc).toMatch(/paid online/);
    const waiting = await makeOrder({ status: 'Pending Payment', paymentType: 'Offline' });
    const w = await call('rejectOfflineOrder', { offlineUserId: waiting.userId, orderPkId: waiting.id }, admin);
    expect(w.status).toBe(409);
    expect(w.body.desc).toMatch(/Pending Payment, not pending verification/);
    for (const bad of [
      { orderPkId: o.id },
      { offlineUserId: user.id, orderPkId: -1 },
      { offlineUserId: 'a', orderPkId: 1 },
    ]) {
      const x = await call('approveOfflineOrder', bad, admin);
      expect(x.status).toBe(400);
      expect(x.body.desc).toMatch(/offlineUserId|orderPkId/);
    }
    expect((await db().select().from(orders).where(eq(orders.id, o.id)).get())!.status).toBe('Pending Approval');
  });
});

describe('paged lists on orderTSCursor', () => {
  it('pages never overlap or skip, also when orders succeed between two pages', async () => {
    const fy = '2001-02'; // a year of its own so that other tests' orders do not interleave
    const made: number[] = [];
    for (let i = 0; i < 120; i++) made.push((await makeOrder({ fiscalYear: fy })).id);
    const seen: number[] = [];
    let cursor: number = 1e18;
    let pages = 0;
    for (;;) {
      const r = await call('getSuccessOrders', { orderTSCursor: cursor, fiscalYear: fy }, admin);
      expect(r.status).toBe(200);
      const page = r.body.data as { orderPkId: number; orderSuccessTS: number }[];
      if (page.length === 0) break;
      pages++;
      const ts = page.map((o) => o.orderSuccessTS);
      expect([...ts].sort((a, b) => b - a)).toEqual(ts); // newest first
      seen.push(...page.map((o) => o.orderPkId));
      cursor = Math.min(...ts); // SPEC.md: the smallest orderSuccessTS seen so far
      expect(r.body.nextCursor).toBe(cursor);
      // new orders arrive while the admin reads
      await makeOrder({ fiscalYear: fy });
      await makeOrder({ fiscalYear: fy });
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual(made);
  });

  it('accepts the cursor as text and refuses nonsense', async () => {
    expect((await call('getSuccessOrders', { orderTSCursor: '1e18' }, admin)).status).toBe(200);
    expect((await call('getSuccessOrders', {}, admin)).status).toBe(200);
    const bad = await call('getSuccessOrders', { orderTSCursor: 'soon' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.desc).toMatch(/orderTSCursor/);
  });

  it('collected and not collected lists with units per code and a grand total', async () => {
    const fy = '2002-03';
    const a = await makeOrder({
      fiscalYear: fy,
      lines: [
        { code: 'DPKP', qty: 2 },
        { code: 'DPAD', qty: 1 },
      ],
    });
    const b = await makeOrder({
      fiscalYear: fy,
      lines: [
        { code: 'MUTV', qty: 3 },
        { code: 'DNP', qty: 1 },
      ],
    });
    const c = await makeOrder({ fiscalYear: fy, passCollected: 1, lines: [{ code: 'DPAD', qty: 4 }] });
    await makeOrder({ fiscalYear: fy, status: 'Pending Approval', paymentType: 'Offline' });
    const not = await call('getDPKPNotCollectedOrder', { orderTSCursor: 1e18, fiscalYear: fy }, admin);
    expect(not.body.data.map((o: { orderPkId: number }) => o.orderPkId)).toEqual([b.id, a.id]);
    expect(not.body.totals).toEqual({ byCode: { DPAD: 1, DPKP: 2, MUTV: 3 }, units: 6 });
    const col = await call('getDPKPCollectedOrder', { orderTSCursor: 1e18, fiscalYear: fy }, admin);
    expect(col.body.data.map((o: { orderPkId: number }) => o.orderPkId)).toEqual([c.id]);
    expect(col.body.totals).toEqual({ byCode: { DPAD: 4 }, units: 4 });
    const totals = await call('getCollectionTotals', { collected: false, fiscalYear: fy }, admin);
    expect(totals.body.data).toEqual({ byCode: { DPAD: 1, DPKP: 2, MUTV: 3 }, units: 6 });
    const bad = await call('getCollectionTotals', {}, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.desc).toMatch(/collected is required/);
  });
});

describe('catalogue', () => {
  it('lists every product with the admin columns', async () => {
    const r = await call('getUnGropedProducts', {}, admin);
    expect(r.status).toBe(200);
    const mutv = r.body.data.find((p: { code: string }) => p.code === 'MUTV');
    expect(mutv).toMatchObject({ type: 'MEMBERSHIP', name: 'UTSAV', price: 2650, coPrice: 2650, sponsorship: false });
    const idol = r.body.data.find((p: { code: string }) => p.code === 'SIDL');
    expect(idol).toMatchObject({ type: 'SPONSORSHIP', fullSponsorOnly: true, sponsorship: true, available: true });
    const dnp = r.body.data.find((p: { code: string }) => p.code === 'DNP');
    expect(dnp.id).toBe(84);
  });

  it('enables and disables a product, with the toast text and an audit row', async () => {
    const p = await productByCode('DPDY');
    const r = await call('markProductAvailable', { id: p.id, available: false }, admin);
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe('Product availability updated!');
    expect((await productByCode('DPDY')).available).toBe(false);
    const log = await audits('product', p.id);
    expect(log.at(-1)).toMatchObject({ action: 'product.availability_changed', actorId: 1 });
    await call('markProductAvailable', { id: p.id, available: true }, admin);
    expect((await productByCode('DPDY')).available).toBe(true);
    expect((await call('markProductAvailable', { id: 99999, available: true }, admin)).status).toBe(404);
    const bad = await call('markProductAvailable', { id: p.id, available: 'yes' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.desc).toMatch(/available must be true or false/);
  });

  it('toggles full-sponsor-only on sponsorship products only', async () => {
    const p = await productByCode('SLGT');
    const r = await call('markProductFullSponsor', { id: p.id, fullSponsorOnly: true }, admin);
    expect(r.body.data.message).toBe('Product sponsorship status updated!');
    expect((await productByCode('SLGT')).fullSponsorOnly).toBe(true);
    await call('markProductFullSponsor', { id: p.id, fullSponsorOnly: false }, admin);
    const m = await productByCode('MABD');
    const bad = await call('markProductFullSponsor', { id: m.id, fullSponsorOnly: true }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.desc).toMatch(/not a sponsorship product/);
  });

  it('adds a product: 4-character unique code, prices validated, co-price ignored for full sponsors', async () => {
    const base = { name: 'Sandhi puja', membership: false, sponsorship: true, dailyMembership: false };
    const r = await call('addProduct', { ...base, code: 'sndp', price: '21000', coSponsorPrice: '7000.50' }, admin);
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe('Product added successfully!');
    const row = await productByCode('SNDP');
    expect(row).toMatchObject({ type: 'SPONSORSHIP', pricePaise: 2_100_000, coPricePaise: 700_050, available: true });
    expect((await audits('product', row.id)).map((a) => a.action)).toEqual(['product.added']);

    const dup = await call('addProduct', { ...base, code: 'SNDP', price: 1, coSponsorPrice: 1 }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.desc).toMatch(/SNDP is already used/);

    const full = await call(
      'addProduct',
      { ...base, code: 'SFUL', price: 50000, coSponsorPrice: 'whatever', fullSponsorOnly: true },
      admin,
    );
    expect(full.status).toBe(200);
    expect(await productByCode('SFUL')).toMatchObject({ coPricePaise: 5_000_000, fullSponsorOnly: true });

    const pass = await call(
      'addProduct',
      {
        code: 'DPLX',
        name: 'Laxmi puja bhog',
        price: 300,
        coSponsorPrice: 200,
        membership: false,
        sponsorship: false,
        dailyMembership: true,
      },
      admin,
    );
    expect(pass.status).toBe(200);
    expect(await productByCode('DPLX')).toMatchObject({ type: 'DAILY_PASS', coPricePaise: 20_000 });

    const count = async () => (await db().get<{ n: number }>(sql`select count(*) as n from products`))!.n;
    const before = await count();
    for (const [body, desc] of [
      [{ ...base, code: 'ABC', price: 1 }, /code must be exactly 4 letters or digits/],
      [{ ...base, code: 'AB-D', price: 1 }, /code must be exactly 4/],
      [{ ...base, code: 'ABCD', price: 0 }, /price must be more than 0/],
      [{ ...base, code: 'ABCD', price: -5 }, /price must be more than 0/],
      [{ ...base, code: 'ABCD', price: '12,000' }, /price must be an amount in rupees/],
      [{ ...base, code: 'ABCD', price: 10.555 }, /price must be an amount in rupees with at most two decimals/],
      [{ ...base, code: 'ABCD', price: '' }, /price is required/],
      [{ ...base, code: 'ABCD', price: 100, coSponsorPrice: 200 }, /coSponsorPrice must not be more than price/],
      [{ ...base, code: 'ABCD', price: 100, coSponsorPrice: 'abc' }, /coSponsorPrice/],
      [{ ...base, code: 'ABCD', price: 100, membership: true }, /exactly one type/],
      [{ code: 'ABCD', name: 'x', price: 100 }, /exactly one type/],
      [{ ...base, code: 'ABCD', name: '', price: 100 }, /name is required/],
    ] as const) {
      const x = await call('addProduct', body, admin);
      expect(x.status, JSON.stringify(body)).toBe(400);
      expect(x.body.desc, JSON.stringify(body)).toMatch(desc);
    }
    expect(await count()).toBe(before);
  });

  it('blocks a sponsorship product for a named person and refuses items already taken', async () => {
    const p = await productByCode('SFLW');
    const r = await call(
      'blockProduct',
      { id: p.id, blockedByName: 'Sri Arun Basu', blockedByEmail: 'Arun@Example.net' },
      admin,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe('Product blocked for: Sri Arun Basu (arun@example.net)');
    expect(await productByCode('SFLW')).toMatchObject({ blockedByName: 'Sri Arun Basu', available: false });
    const list = await call('getUnGropedProducts', {}, admin);
    expect(list.body.data.find((x: { id: number }) => x.id === p.id)).toMatchObject({
      sponsoredBy: 'Sri Arun Basu',
      sponsoredByEmail: 'arun@example.net',
    });
    expect((await audits('product', p.id)).map((a) => a.action)).toContain('product.blocked');
    expect((await call('unblockProduct', { id: p.id }, admin)).status).toBe(200);

    const m = await productByCode('MHHR');
    expect((await call('blockProduct', { id: m.id, blockedByName: 'A', blockedByEmail: 'a@b.co' }, admin)).status).toBe(
      400,
    );
    const bad = await call('blockProduct', { id: p.id, blockedByName: 'A', blockedByEmail: 'nope' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.desc).toMatch(/blockedByEmail/);

    const held = await productByCode('SPRS');
    const o = await makeOrder({ status: 'Pending Payment', lines: [{ code: 'SPRS', qty: 1 }] });
    await db()
      .insert(sponsorshipClaims)
      .values({ productId: held.id, fiscalYear: o.fiscalYear, orderId: o.id, userId: 2, state: 'held' });
    const taken = await call('blockProduct', { id: held.id, blockedByName: 'A', blockedByEmail: 'a@b.co' }, admin);
    expect(taken.status).toBe(409);
    expect((await productByCode('SPRS')).blockedByName).toBeNull();
  });
});

describe('settings and roles', () => {
  it('reads and updates the flags, bank details and convenience charge with audit rows', async () => {
    const r = await call('getAdminSettings', {}, admin);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ membershipLive: true, dailyPassLive: true, convenienceChargePercent: 2.36 });
    const u = await call(
      'updateSettings',
      {
        membershipLive: false,
        convenienceChargePercent: 1.5,
        bank: {
          payee: 'Samiti Trust',
          accountNumber: '123456789012',
          ifsc: 'sbin0001234',
          bankName: 'SBI',
          upiVpa: 'samiti@sbi',
        },
      },
      admin,
    );
    expect(u.status).toBe(200);
    expect(u.body.data).toMatchObject({ membershipLive: false, convenienceChargePercent: 1.5 });
    expect(u.body.data.bank.ifsc).toBe('SBIN0001234');
    expect((await call('isMembershipLive', {})).body.data.available).toBe(false);
    const log = await db().select().from(auditLog).where(eq(auditLog.action, 'settings.updated')).all();
    expect(log.map((a) => a.entityId).sort()).toEqual(['bank', 'convenienceChargeBasisPoints', 'membershipLive']);
    await call('updateSettings', { membershipLive: true, convenienceChargePercent: 2.36 }, admin);

    for (const [body, desc] of [
      [{}, /nothing to change/],
      [{ convenienceChargePercent: 11 }, /convenienceChargePercent must be at most 10/],
      [{ membershipLive: 'no' }, /membershipLive must be true or false/],
      [{ bank: { payee: 'x', accountNumber: '12', ifsc: 'X', bankName: 'b', upiVpa: 'u@b' } }, /bank\.accountNumber/],
    ] as const) {
      const x = await call('updateSettings', body, admin);
      expect(x.status).toBe(400);
      expect(x.body.desc).toMatch(desc);
    }
  });

  it('grants and removes volunteer and admin roles by email; an admin cannot remove their own admin role', async () => {
    const u = await newUser();
    const g = await call('setUserRole', { email: u.email, role: 'volunteer', granted: true }, admin);
    expect(g.status).toBe(200);
    expect((await call('searchUserOrder', { emailId: 'abc', mobileNo: 'abc' }, u.token)).status).toBe(200);
    expect((await call('getPendingOrders', {}, u.token)).status).toBe(403);
    const staff = await call('getStaff', {}, admin);
    expect(staff.body.data).toContainEqual(expect.objectContaining({ email: u.email, volunteer: true, admin: false }));

    const a = await call('setUserRole', { email: u.email, role: 'admin', granted: true }, admin);
    expect(a.status).toBe(200);
    expect((await call('getPendingOrders', {}, u.token)).status).toBe(200);
    // the new admin removes the first admin's role? No: each may remove others, never themselves
    const self = await call('setUserRole', { email: u.email, role: 'admin', granted: false }, u.token);
    expect(self.status).toBe(409);
    expect(self.body.desc).toMatch(/cannot remove your own admin role/);
    await call('setUserRole', { email: u.email, role: 'admin', granted: false }, admin);
    await call('setUserRole', { email: u.email, role: 'volunteer', granted: false }, admin);
    expect((await call('searchUserOrder', { emailId: 'abc', mobileNo: 'abc' }, u.token)).status).toBe(401);

    const row = (await db().select().from(users).where(eq(users.email, u.email)).get())!;
    expect((await audits('user', row.id)).map((x) => x.action)).toEqual([
      'user.role_granted',
      'user.role_granted',
      'user.role_removed',
      'user.role_removed',
    ]);
    const missing = await call('setUserRole', { email: 'nobody@example.net', role: 'volunteer', granted: true }, admin);
    expect(missing.status).toBe(404);
    const bad = await call('setUserRole', { email: u.email, role: 'owner', granted: true }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.desc).toMatch(/role must be admin or volunteer/);
  });
});

describe('overview and audit log', () => {
  it('totals a festival year by category and payment type and counts collections per hour', async () => {
    const fy = '2003-04';
    await makeOrder({ fiscalYear: fy, lines: [{ code: 'MUTV', qty: 1 }] });
    await makeOrder({ fiscalYear: fy, paymentType: 'Offline', lines: [{ code: 'DPAD', qty: 2 }] });
    const c = await makeOrder({ fiscalYear: fy, passCollected: 1, lines: [{ code: 'DPAD', qty: 1 }] });
    const at = Date.UTC(2003, 9, 24, 14, 10); // 19:40 in India
    await db().update(orders).set({ collectedAt: at }).where(eq(orders.id, c.id));
    await makeOrder({ fiscalYear: fy, status: 'Pending Approval', paymentType: 'Offline' });
    const r = await call('getOverview', { fiscalYear: fy }, admin);
    expect(r.status).toBe(200);
    expect(r.body.data.byCategory).toEqual([
      { category: 'DAILY_PASS', paymentType: 'Offline', orders: 1, units: 2, amount: 500, ...noRefunds(500) },
      { category: 'DAILY_PASS', paymentType: 'Online', orders: 1, units: 1, amount: 250, ...noRefunds(250) },
      { category: 'MEMBERSHIP', paymentType: 'Online', orders: 1, units: 1, amount: 2650, ...noRefunds(2650) },
    ]);
    expect(r.body.data.totals).toEqual({
      orders: 3,
      amount: 3400,
      online: 2900,
      offline: 500,
      pending: 1,
      ...noRefunds(3400),
    });
    expect(r.body.data.collectionsPerHour).toEqual([{ day: '2003-10-24', hour: 19, collected: 1 }]);
    expect((await call('getOverview', { fiscalYear: '2003' }, admin)).status).toBe(400);
  });

  it('answers who changed what, filtered by action, entity, actor and time', async () => {
    const p = await productByCode('DPAD');
    const t0 = Date.now() - 1;
    // a change is audited; the same value again is no change and leaves no row
    await call('markProductAvailable', { id: p.id, available: false }, admin);
    await call('markProductAvailable', { id: p.id, available: true }, admin);
    await call('markProductAvailable', { id: p.id, available: true }, admin);
    const byEntity = await call('getAuditLog', { entityType: 'product', entityId: String(p.id) }, admin);
    expect(byEntity.status).toBe(200);
    expect(byEntity.body.data.rows[0]).toMatchObject({
      action: 'product.availability_changed',
      actorEmail: 'admin@example.org',
      actorName: 'Demo Admin',
      details: { code: 'DPAD', to: true },
    });
    const byAction = await call('getAuditLog', { action: 'product.', from: t0 }, admin);
    expect(byAction.body.data.rows.length).toBeGreaterThan(0);
    expect(byEntity.body.data.rows[1]).toMatchObject({ details: { from: true, to: false } });
    expect(byAction.body.data.rows.every((x: { action: string }) => x.action.startsWith('product.'))).toBe(true);
    const byActor = await call('getAuditLog', { actorEmail: 'volunteer@' }, admin);
    expect(byActor.body.data.rows).toEqual([]);
    const future = await call('getAuditLog', { from: Date.now() + 60_000 }, admin);
    expect(future.body.data.rows).toEqual([]);
    expect((await call('getAuditLog', { from: 'yesterday' }, admin)).status).toBe(400);
  });
});

describe('member is untouched by admin reads', () => {
  it('the demo member cannot see the console', async () => {
    const m = await loginAs(MEMBER);
    expect((await call('getUnGropedProducts', {}, m)).status).toBe(403);
  });
});

/** Overview columns of a year without refunds: nothing refunded or carried over, net = amount. */
function noRefunds(amount: number) {
  return { refunded: 0, carriedOver: 0, net: amount };
}

describe('/getConsoleCounts', () => {
  it("counts the transfers to verify, the orders needing attention and this year's collection conflicts", async () => {
    const before = await call('getConsoleCounts', {}, admin);
    expect(before.status).toBe(200);
    const b = before.body.data as { pendingTransfers: number; attention: number; conflicts: number };
    await makeOrder({ status: 'Pending Approval', paymentType: 'Offline' });
    await makeOrder({ status: 'Pending Approval', paymentType: 'Offline' });
    const flagged = await makeOrder();
    await db().update(orders).set({ attention: 'late capture' }).where(eq(orders.id, flagged.id));
    const twice = await makeOrder({ passCollected: 1 });
    const lastYear = await makeOrder({ passCollected: 1, fiscalYear: '2001-02' });
    for (const [o, conflict] of [
      [twice, false],
      [twice, true],
      [twice, true],
      [lastYear, true],
    ] as const) {
      await db().insert(collectionEvents).values({
        orderId: o.id,
        nonce: crypto.randomUUID(),
        volunteerId: 3,
        happenedAt: Date.now(),
        source: 'offline',
        isConflict: conflict,
      });
    }
    const after = await call('getConsoleCounts', {}, admin);
    // one pass collected on three phones is one conflict; last year's conflicts are not this year's work
    expect(after.body.data).toEqual({
      pendingTransfers: b.pendingTransfers + 2,
      attention: b.attention + 1,
      conflicts: b.conflicts + 1,
    });
  });

  it('refuses a body that is not an object, and anyone but an admin', async () => {
    const bad = await call('getConsoleCounts', undefined, admin, { raw: '[1]' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('BadRequest');
    expect((await call('getConsoleCounts', {}, volunteer)).status).toBe(403);
    expect((await call('getConsoleCounts', {}, await loginAs(MEMBER))).status).toBe(403);
    expect((await call('getConsoleCounts', {})).status).toBe(401);
  });
});
