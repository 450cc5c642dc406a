// The membership fee waiver for sponsoring families (docs/decisions/255). The server applies it to
// every cart it prices, from the rule an admin sets in Settings, counting full sponsorships of this cart and those
// paid earlier this festival year; the database holds the year's waived memberships to the cap (trigger
// membership_waiver_cap, migrations/0255) when checkouts run in parallel.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderLines, orders, products } from '../../schema/index';
import { guardFailure } from '../../worker/lib/d1-batch';
import { placeOrder, productId } from './cart-fixtures';
import { allowConsoleError } from '../fixtures/fail-on-console-error';
import { ADMIN, call, db, gatewayPay, loginAs, MEMBER, newUser, outbox } from './helpers';

let admin: string;
let mutv: number;
beforeAll(async () => {
  admin = await loginAs(ADMIN);
  mutv = await productId('MUTV');
});

let itemCounter = 0;
/** A fresh sponsorship item nobody has touched, at this full price in rupees. */
async function newItem(rupees: number, coRupees = Math.round(rupees / 3)) {
  itemCounter++;
  const code = `W${String(Date.now() % 1e5)}${itemCounter}`.slice(0, 12);
  return db()
    .insert(products)
    .values({
      type: 'SPONSORSHIP',
      name: `Waiver item ${code}`,
      code,
      pricePaise: rupees * 100,
      coPricePaise: coRupees * 100,
      available: true,
    })
    .returning()
    .get();
}

async function cart(token: string, lines: Record<number, object>) {
  const r = await call('addToCart', { productQtys: lines }, token);
  if (r.status !== 200) throw new Error(`addToCart: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

const lineOf = (c: { selectedProducts: { productId: number }[] }, id: number) =>
  c.selectedProducts.find((l) => l.productId === id) as Record<string, unknown>;

/** A full sponsorship paid earlier this year, as checkout would have written it. */
async function earlierSponsorship(email: string, rupees: number, status: 'Success' | 'Pending Approval' = 'Success') {
  const item = await newItem(rupees);
  const orderId = await placeOrder(email, status, [{ code: item.code, qty: 1, fullSponsor: true }]);
  return { item, orderId };
}

const DEFAULT_RULE = {
  enabled: true,
  tiers: [
    { minSponsorship: 15000, members: 4 },
    { minSponsorship: 35000, members: 6 },
  ],
};

describe('the waiver in the cart and at checkout', () => {
  it('UTSAV x4 with a ₹15,000 full sponsorship: ₹0 for the memberships, with the line that says why', async () => {
    const u = await newUser();
    const item = await newItem(15000);
    const c = await cart(u.token, { [mutv]: { qty: 4, price: 9540 }, [item.id]: { qty: 1, fullSponsor: true } });
    expect(lineOf(c, mutv)).toMatchObject({ qty: 4, maxPrice: 10600, sellPrice: 0, waivedQty: 4 });
    expect(lineOf(c, item.id)).toMatchObject({ sellPrice: 15000 });
    expect(lineOf(c, item.id).waivedQty).toBeUndefined();
    expect(c.totalSellPrice).toBe(15000);
    expect(c.waiver).toEqual({
      members: 4,
      waivedQty: 4,
      usedBefore: 0,
      waivedAmount: 9540,
      sponsorshipTotal: 15000,
      threshold: 15000,
    });
    // the same on the next view
    const again = await call('getCartDetails', {}, u.token);
    expect(again.body.data).toEqual(c);

    // online: the convenience charge is on what is paid, the waived line adds nothing
    const started = await call('startOrder', { offline: false }, u.token);
    expect(started.status).toBe(200);
    expect(started.body.data.subTotalInPaisa).toBe(1_500_000);
    expect(started.body.data.convenienceChargeInPaisa).toBe(35_400); // 2.36% of ₹15,000
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, started.body.data.orderPkId)).all();
    expect(lines.find((l) => l.productId === mutv)).toMatchObject({ sellPricePaise: 0, waivedUnits: 4, waiverCap: 4 });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.started'), eq(auditLog.entityId, String(started.body.data.orderPkId))))
      .get();
    expect(JSON.parse(audit!.details).waiver).toMatchObject({ members: 4, waivedUnits: 4, waivedPaise: 954_000 });
  });

  it('without a full sponsorship of ₹15,000 the memberships are charged as before (co-sponsorships do not count)', async () => {
    const u = await newUser();
    const a = await newItem(30000, 8000);
    const b = await newItem(30000, 8000);
    const co = await cart(u.token, {
      [mutv]: { qty: 4 },
      [a.id]: { qty: 1, fullSponsor: false },
      [b.id]: { qty: 1, fullSponsor: false },
    });
    expect(lineOf(co, mutv)).toMatchObject({ sellPrice: 9540 });
    expect(co.waiver).toBeUndefined();
    const small = await newItem(14999);
    const below = await cart(u.token, { [mutv]: { qty: 4 }, [small.id]: { qty: 1, fullSponsor: true } });
    expect(below.totalSellPrice).toBe(9540 + 14999);
  });

  it('₹35,000 of full sponsorships waive up to 6: UTSAV x7 pays for one', async () => {
    const u = await newUser();
    const a = await newItem(20000);
    const b = await newItem(15000);
    const c = await cart(u.token, {
      [mutv]: { qty: 7 },
      [a.id]: { qty: 1, fullSponsor: true },
      [b.id]: { qty: 1, fullSponsor: true },
    });
    // 7 x 2650 x 0.90 = 16,695; 6 of 7 waived leave one at 2,385
    expect(lineOf(c, mutv)).toMatchObject({ sellPrice: 2385, waivedQty: 6 });
    expect(c.waiver).toMatchObject({ members: 6, waivedQty: 6, sponsorshipTotal: 35000, threshold: 35000 });
    expect(c.totalSellPrice).toBe(2385 + 35000);
  });

  it('a cart whose sponsorship is removed is priced again without the waiver, at checkout too', async () => {
    const u = await newUser();
    const item = await newItem(15000);
    await cart(u.token, { [mutv]: { qty: 4 }, [item.id]: { qty: 1, fullSponsor: true } });
    const without = await cart(u.token, { [mutv]: { qty: 4 } });
    expect(without.totalSellPrice).toBe(9540);
    const started = await call('startOrder', { offline: true }, u.token);
    expect(started.body.data.orderTotalInPaisa).toBe(954_000);
  });

  it('a sponsorship paid in an earlier order counts: the memberships are a ₹0 order, confirmed at once', async () => {
    const u = await newUser();
    await earlierSponsorship(u.email, 15000);
    const c = await cart(u.token, { [mutv]: { qty: 4 } });
    expect(c.totalSellPrice).toBe(0);
    expect(c.waiver).toMatchObject({ members: 4, waivedQty: 4, sponsorshipTotal: 15000 });
    // either button: nothing to pay, no convenience charge on the zero line
    const started = await call('startOrder', { offline: false }, u.token);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ orderTotalInPaisa: 0, status: 'Success' });
    const order = await db().select().from(orders).where(eq(orders.id, started.body.data.orderPkId)).get();
    expect(order).toMatchObject({ status: 'Success', totalPaise: 0, conveniencePaise: 0, paymentType: 'Offline' });
    const waived = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.waived'), eq(auditLog.entityId, String(order!.id))))
      .get();
    expect(waived).toBeDefined();
    // the member's contributions name the waived memberships
    const mine = (await call('getOrders', {}, u.token)).body.data as {
      orderPkId: number;
      selectedProducts: { code: string; waivedQty?: number; sellPrice: number }[];
    }[];
    const shown = mine.find((o) => o.orderPkId === order!.id)!;
    expect(shown.selectedProducts).toEqual([expect.objectContaining({ code: 'MUTV', waivedQty: 4, sellPrice: 0 })]);
    const mail = (await outbox(u.email)).find((m) => m.subject.startsWith('Contribution confirmed'));
    expect(mail?.text).toMatch(/The membership fee of 4 family member\(s\) is waived for your full sponsorships/);
    // nothing to give back for it
    const refund = await call(
      'refundOrder',
      { orderPkId: order!.id, all: true, reason: 'Test', reference: 'UTR12345678', requestKey: crypto.randomUUID() },
      admin,
    );
    expect(refund.status).toBe(400);
    expect(refund.body).toMatchObject({
      error: 'NothingToRefund',
      desc: expect.stringMatching(/Nothing to give back/),
    });
    // the cap is per member per festival year: the fifth membership is paid
    const fifth = await cart(u.token, { [mutv]: { qty: 1 } });
    expect(fifth.totalSellPrice).toBe(2650);
    expect(fifth.waiver).toBeUndefined();
    // a later sponsorship that reaches ₹35,000 in all frees two more
    await earlierSponsorship(u.email, 20000);
    const more = await cart(u.token, { [mutv]: { qty: 3 } });
    expect(more.waiver).toMatchObject({ members: 6, usedBefore: 4, waivedQty: 2 });
    expect(more.totalSellPrice).toBe(2517.5); // 3 x 2650 x 0.95 = 7552.50, two thirds waived
  });

  it('an earlier sponsorship refunded, or only awaiting approval, does not count', async () => {
    const u = await newUser();
    const { orderId } = await earlierSponsorship(u.email, 15000);
    await db().run(sql`UPDATE order_lines SET withheld_qty = qty WHERE order_id = ${orderId}`);
    expect((await cart(u.token, { [mutv]: { qty: 4 } })).totalSellPrice).toBe(9540);
    const v = await newUser();
    await earlierSponsorship(v.email, 15000, 'Pending Approval');
    expect((await cart(v.token, { [mutv]: { qty: 4 } })).totalSellPrice).toBe(9540);
  });
});

describe('the waiver in Settings', () => {
  it('reads the default promise, applies the thresholds an admin sets, and can be switched off', async () => {
    const r = await call('getAdminSettings', {}, admin);
    expect(r.body.data.membershipWaiver).toEqual(DEFAULT_RULE);

    const set = await call(
      'updateSettings',
      {
        membershipWaiver: {
          tiers: [
            { minSponsorship: 25000, members: 5 },
            { minSponsorship: 10000, members: 2 },
          ],
        },
      },
      admin,
    );
    expect(set.status).toBe(200);
    expect(set.body.data.changed).toEqual(['membershipWaiver']);
    expect(set.body.data.membershipWaiver).toEqual({
      enabled: true,
      tiers: [
        { minSponsorship: 10000, members: 2 },
        { minSponsorship: 25000, members: 5 },
      ],
    });
    const row = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.updated'), eq(auditLog.entityId, 'membershipWaiver')))
      .get();
    expect(JSON.parse(row!.details)).toMatchObject({
      from: { enabled: true, tiers: [{ minSponsorshipPaise: 1_500_000, members: 4 }, expect.anything()] },
      to: { enabled: true, tiers: [{ minSponsorshipPaise: 1_000_000, members: 2 }, expect.anything()] },
    });

    const u = await newUser();
    const item = await newItem(10000);
    const c = await cart(u.token, { [mutv]: { qty: 3 }, [item.id]: { qty: 1, fullSponsor: true } });
    expect(c.waiver).toMatchObject({ members: 2, waivedQty: 2, threshold: 10000 });
    expect(lineOf(c, mutv)).toMatchObject({ sellPrice: 2517.5, waivedQty: 2 });

    const off = await call('updateSettings', { membershipWaiver: { enabled: false } }, admin);
    expect(off.body.data.membershipWaiver.enabled).toBe(false);
    expect(off.body.data.membershipWaiver.tiers).toHaveLength(2);
    const priced = (await call('getCartDetails', {}, u.token)).body.data;
    expect(priced.waiver).toBeUndefined();
    expect(priced.totalSellPrice).toBe(7552.5 + 10000);

    expect((await call('updateSettings', { membershipWaiver: DEFAULT_RULE }, admin)).status).toBe(200);
    expect((await call('getAdminSettings', {}, admin)).body.data.membershipWaiver).toEqual(DEFAULT_RULE);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    for (const [membershipWaiver, desc] of [
      [{}, /membershipWaiver must name enabled or tiers/],
      [{ enabled: 'yes' }, /membershipWaiver\.enabled must be true or false/],
      [{ tiers: [] }, /membershipWaiver\.tiers must have at least one tier/],
      [
        { tiers: [{ minSponsorship: 0, members: 4 }] },
        /membershipWaiver\.tiers\.0\.minSponsorship must be more than 0/,
      ],
      [{ tiers: [{ minSponsorship: 15000.123, members: 4 }] }, /minSponsorship must have at most two decimals/],
      [{ tiers: [{ minSponsorship: 15000, members: 0 }] }, /membershipWaiver\.tiers\.0\.members must be at least 1/],
      [{ tiers: [{ minSponsorship: 15000, members: 2.5 }] }, /members must be a whole number/],
      [{ tiers: [{ minSponsorship: 15000 }] }, /members is required/],
      [
        {
          tiers: [
            { minSponsorship: 15000, members: 4 },
            { minSponsorship: 35000, members: 4 },
          ],
        },
        /membershipWaiver\.tiers\.1\.members must waive more members for a larger threshold/,
      ],
      [
        {
          tiers: [
            { minSponsorship: 15000, members: 4 },
            { minSponsorship: 15000, members: 6 },
          ],
        },
        /membershipWaiver\.tiers\.1\.minSponsorship must not repeat a threshold/,
      ],
      ['on', /membershipWaiver/],
    ] as const) {
      const x = await call('updateSettings', { membershipWaiver }, admin);
      expect(x.status, JSON.stringify(membershipWaiver)).toBe(400);
      expect(x.body.error).toBe('BadRequest');
      expect(x.body.desc).toMatch(desc);
    }
    expect((await call('getAdminSettings', {}, admin)).body.data.membershipWaiver).toEqual(DEFAULT_RULE);
  });

  it('only an admin reads or sets it', async () => {
    const body = { membershipWaiver: { enabled: false } };
    expect((await call('updateSettings', body)).status).toBe(401);
    const member = await loginAs(MEMBER);
    const refused = await call('updateSettings', body, member);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('InsufficientAccess');
    expect((await call('getAdminSettings', {}, member)).status).toBe(403);
    expect((await call('getAdminSettings', {}, admin)).body.data.membershipWaiver.enabled).toBe(true);
  });
});

describe('the cap holds under parallel checkouts', () => {
  const liveWaived = async (userEmail: string) =>
    (
      await db().get<{ n: number }>(
        sql`SELECT coalesce(sum(l.waived_units), 0) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id
            WHERE o.user_email = ${userEmail} AND o.status IN ('Success', 'Pending Approval', 'Pending Payment')`,
      )
    )?.n ?? 0;

  it('two phones each counting the same earlier sponsorship for 4 waivers: at most 4 in all, every round', async () => {
    // Phone A starts again a checkout it had left unpaid (starting again gives the old order up first), while phone
    // B puts its own cart of four memberships and checks it out, both counting the same ₹15,000 paid earlier.
    // Whichever order is written second sees the first one's waivers (or is refused by the trigger when both read
    // the year before either wrote: the database refuses a waived line below): never more than 4 in all.
    for (let round = 0; round < 8; round++) {
      const u = await newUser();
      await earlierSponsorship(u.email, 15000);
      const item = await newItem(5000);
      await cart(u.token, { [item.id]: { qty: 1, fullSponsor: true } });
      expect((await call('startOrder', { offline: round % 2 === 0 }, u.token)).status).toBe(200); // left unpaid
      await cart(u.token, { [mutv]: { qty: 4 }, [item.id]: { qty: 1, fullSponsor: true } });
      const phoneA = call('startOrder', { offline: true }, u.token);
      const phoneB = call('addToCart', { productQtys: { [mutv]: { qty: 4 } } }, u.token).then(() =>
        call('startOrder', { offline: round % 4 < 2 }, u.token),
      );
      const rs = await Promise.all([phoneA, phoneB]);
      for (const r of rs) expect([200, 400, 409], JSON.stringify(r.body)).toContain(r.status);
      expect(rs.some((r) => r.status === 200)).toBe(true);
      for (const r of rs.filter((x) => x.status === 409)) expect(r.body.error).toBe('WaiverUsed');
      for (const r of rs.filter((x) => x.status === 400)) expect(r.body.error).toBe('EmptyCart');
      expect(await liveWaived(u.email), `round ${round}`).toBe(4);
    }
  });

  it('the database refuses a waived line beyond the cap, whatever the Worker read', async () => {
    const u = await newUser();
    const first = await placeOrder(u.email, 'Pending Payment', [{ code: 'MUTV', qty: 4 }]);
    await db().run(sql`UPDATE order_lines SET waived_units = 4, waiver_cap = 4 WHERE order_id = ${first}`);
    const second = await placeOrder(u.email, 'Pending Payment', []);
    const line = {
      orderId: second,
      productId: mutv,
      type: 'MEMBERSHIP',
      code: 'MUTV',
      name: 'UTSAV',
      qty: 1,
      unitPricePaise: 265_000,
      maxPricePaise: 265_000,
      sellPricePaise: 0,
      waivedUnits: 1,
      waiverCap: 4,
    };
    let err: unknown;
    try {
      await db().insert(orderLines).values(line);
    } catch (e) {
      err = e;
    }
    expect(guardFailure(err)).toBe('waiver_used');
    // a unit refunded gives its place back; an order given up frees them all
    await db().run(sql`UPDATE order_lines SET withheld_qty = 1 WHERE order_id = ${first}`);
    await db().insert(orderLines).values(line);
    await db().run(sql`UPDATE orders SET status = 'Failed' WHERE id = ${first}`);
    await db()
      .insert(orderLines)
      .values({ ...line, qty: 3, waivedUnits: 3 });
  });

  it('a payment captured after its order was given up and its waiver used again is flagged for an admin', async () => {
    allowConsoleError(/"event":"order.late_capture_conflict"/);
    const u = await newUser();
    await earlierSponsorship(u.email, 15000);
    await cart(u.token, { [mutv]: { qty: 5 } }); // 4 waived, one paid online
    const a = (await call('startOrder', { offline: false }, u.token)).body.data;
    expect(a.subTotalInPaisa).toBe(238_500);
    await call('handleFailOrder', { orderId: a.orderOrTokenId, razorpayPaymentId: null }, u.token);
    // the waiver is free again: a ₹0 order takes it
    await cart(u.token, { [mutv]: { qty: 4 } });
    expect((await call('startOrder', { offline: true }, u.token)).body.data.status).toBe('Success');
    const paid = await gatewayPay(a.orderOrTokenId, 'success');
    const late = await call(
      'handleSuccessOrder',
      {
        orderId: a.orderOrTokenId,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      },
      u.token,
    );
    expect(late.status).toBe(200);
    const row = await db().select().from(orders).where(eq(orders.id, a.orderPkId)).get();
    expect(row?.attention).toMatch(/membership fee waived for 8 members, beyond the cap of 4/);
  });
});

describe("the waiver in /getProducts, for the contribution pages' total bars (docs/decisions/275)", () => {
  it("answers the rule and the member's year: earlier paid full sponsorships and waivers used, unpaid ones too", async () => {
    const fresh = await newUser();
    const none = await call('getProducts', {}, fresh.token);
    expect(none.body.data.waiver).toEqual({ ...DEFAULT_RULE, earlierSponsorship: 0, waivedUsed: 0 });

    const u = await newUser();
    await earlierSponsorship(u.email, 15000);
    await earlierSponsorship(u.email, 5000, 'Pending Approval'); // not paid: does not count
    const co = await newItem(9000, 3000);
    await placeOrder(u.email, 'Success', [{ code: co.code, qty: 1, fullSponsor: false }]); // co-sponsorship: no
    const paid = await placeOrder(u.email, 'Success', [{ code: 'MUTV', qty: 2 }]);
    const unpaid = await placeOrder(u.email, 'Pending Payment', [{ code: 'MUTV', qty: 1 }]);
    const given = await placeOrder(u.email, 'Failed', [{ code: 'MUTV', qty: 3 }]); // given up: frees its waivers
    for (const id of [paid, unpaid, given]) {
      await db().run(sql`UPDATE order_lines SET waived_units = qty, waiver_cap = 4 WHERE order_id = ${id}`);
    }
    const r = await call('getProducts', {}, u.token);
    expect(r.status).toBe(200);
    expect(r.body.data.waiver).toEqual({ ...DEFAULT_RULE, earlierSponsorship: 15000, waivedUsed: 3 });
    expect(r.body.data.productsResponses.MEMBERSHIP.length).toBeGreaterThan(0);

    // the rule follows the admin's setting at once
    expect((await call('updateSettings', { membershipWaiver: { enabled: false } }, admin)).status).toBe(200);
    try {
      expect((await call('getProducts', {}, u.token)).body.data.waiver).toMatchObject({ enabled: false });
    } finally {
      expect((await call('updateSettings', { membershipWaiver: DEFAULT_RULE }, admin)).status).toBe(200);
    }
  });

  it('answers nothing to a caller without a session', async () => {
    const r = await call('getProducts', {});
    expect(r.status).toBe(401);
    expect(JSON.stringify(r.body)).not.toMatch(/waiver/);
  });
});
