// Every check that guards a write holds when the requests arrive together. Each race test
// fires real parallel requests (Promise.all) for several rounds; docs/decisions/070-atomic-checks.md.
import { exports } from 'cloudflare:workers';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { festivalYear } from '../../core/festival';
import {
  auditLog,
  collectionEvents,
  orderLines,
  orders,
  payments,
  products,
  sponsorshipClaims,
  users,
} from '../../schema/index';
import { hmacSha256Hex } from '../../worker/lib/crypto';
import { guardFailure } from '../../worker/lib/d1-batch';
import { newUtr } from '../fixtures/bank-statements';
import { allowConsoleError } from '../fixtures/fail-on-console-error';
import { placeOrder, productId } from './cart-fixtures';
import { ADMIN, bindings, call, db, gatewayPay, loginAs, newUser, outbox, VOLUNTEER } from './helpers';

const ROUNDS = 8;

let itemCounter = 0;
/** A fresh sponsorship item, so that every round races for an item nobody has touched. */
async function newItem(over: Partial<typeof products.$inferInsert> = {}) {
  itemCounter++;
  const code = `H${String(Date.now() % 1e5)}${itemCounter}`.slice(0, 12);
  const row = await db()
    .insert(products)
    .values({
      type: 'SPONSORSHIP',
      name: `Race item ${code}`,
      code,
      pricePaise: 500_000,
      coPricePaise: 100_000,
      available: true,
      ...over,
    })
    .returning()
    .get();
  return row;
}

async function cart(token: string, lines: Record<number, object>) {
  const r = await call('addToCart', { productQtys: lines }, token);
  if (r.status !== 200) throw new Error(`addToCart: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

async function signedWebhook(body: string, eventId = `evt_${crypto.randomUUID()}`) {
  const res = await exports.default.fetch('http://localhost/api/webhooks/razorpay', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': await hmacSha256Hex('local-webhook-secret', body),
      'x-razorpay-event-id': eventId,
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)).get())!;

describe('1. login and changePasswd throttles hold under parallel guesses', () => {
  it('30 parallel wrong logins: at most 5 are tried, the rest answer 429', async () => {
    const u = await newUser();
    const rs = await Promise.all(
      Array.from({ length: 30 }, () => call('login', { email: u.email, password: 'wrong-password' })),
    );
    const statuses = rs.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // the account's attempts are used up for an unknown device, even with the right password
    expect((await call('login', { email: u.email, password: u.password })).status).toBe(429);
  });

  it('a stranger cannot lock the owner out: a device that signed in before still gets in', async () => {
    const u = await newUser();
    const iid = crypto.randomUUID();
    expect((await call('login', { email: u.email, password: u.password, iid })).status).toBe(200);
    await Promise.all(Array.from({ length: 12 }, () => call('login', { email: u.email, password: 'guess-guess' })));
    expect((await call('login', { email: u.email, password: u.password })).status).toBe(429);
    expect((await call('login', { email: u.email, password: u.password, iid: crypto.randomUUID() })).status).toBe(429);
    const owner = await call('login', { email: u.email, password: u.password, iid });
    expect(owner.status).toBe(200);
    expect(owner.body.data.session).toEqual(expect.any(String));
  });

  it('the known device has its own limit: parallel guesses from it are throttled too', async () => {
    const u = await newUser();
    const iid = crypto.randomUUID();
    expect((await call('login', { email: u.email, password: u.password, iid })).status).toBe(200);
    await Promise.all(Array.from({ length: 6 }, () => call('login', { email: u.email, password: 'guess-guess' })));
    const rs = await Promise.all(
      Array.from({ length: 20 }, () => call('login', { email: u.email, password: 'guess-guess', iid })),
    );
    expect(rs.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    expect(rs.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(15);
  });

  it('20 parallel wrong old passwords on /changePasswd: at most 5 are tried', async () => {
    const u = await newUser();
    const rs = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('changePasswd', { email: u.email, tempPasswd: 'not-my-password', newPasswd: 'brand-new-pass-1' }),
      ),
    );
    expect(rs.filter((r) => r.status === 400).length).toBeLessThanOrEqual(5);
    expect(rs.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(15);
  });
});

describe('2. /forgotPasswd cannot flood an inbox', () => {
  it('20 parallel requests for one email send at most 3 codes; known and unknown emails answer alike', async () => {
    const u = await newUser();
    const rs = await Promise.all(Array.from({ length: 20 }, () => call('forgotPasswd', { email: u.email })));
    expect(rs.filter((r) => r.status === 200).length).toBe(3);
    expect(rs.filter((r) => r.status === 429).length).toBe(17);
    const codes = (await outbox(u.email)).filter((m) => /temporary code/.test(m.subject));
    expect(codes).toHaveLength(3);
    const known = await call('forgotPasswd', { email: (await newUser()).email });
    const unknown = await call('forgotPasswd', { email: `nobody.${crypto.randomUUID()}@example.net` });
    expect(known).toEqual(unknown);
  });
});

describe('3. a reset code is consumed by exactly one request', () => {
  it('four parallel /changePasswd with one code: exactly one succeeds, in every round', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const u = await newUser();
      expect((await call('forgotPasswd', { email: u.email })).status).toBe(200);
      const mail = (await outbox(u.email)).find((m) => /temporary code/.test(m.subject))!;
      const code = /temporary code is: (\w+)/.exec(mail.text)![1]!;
      const rs = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          call('changePasswd', { email: u.email, tempPasswd: code, newPasswd: `new-password-${round}-${n}` }),
        ),
      );
      const won = rs.map((r, i) => (r.status === 200 ? i + 1 : 0)).filter(Boolean);
      expect(won, `round ${round}`).toHaveLength(1);
      // the one that won set the password
      expect((await call('login', { email: u.email, password: `new-password-${round}-${won[0]}` })).status).toBe(200);
    }
  });
});

describe('4. a full sponsor and a co-sponsor never both get one item', () => {
  it('racing /startOrder calls: a full sponsor or co-sponsors, never both, in every round', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const item = await newItem();
      // co-sponsors first in the list: their reads then tend to run before the full sponsor's write
      const buyers = [await newUser(), await newUser(), await newUser(), await newUser()];
      const kinds = [false, false, false, true];
      await Promise.all(buyers.map((u, i) => cart(u.token, { [item.id]: { qty: 1, fullSponsor: kinds[i] } })));
      const rs = await Promise.all(buyers.map((u) => call('startOrder', { offline: true }, u.token)));
      for (const r of rs) {
        expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
        if (r.status === 409) expect(['ItemTaken', 'ItemCoSponsored']).toContain(r.body.error);
      }
      const claims = await db().select().from(sponsorshipClaims).where(eq(sponsorshipClaims.productId, item.id)).all();
      const coLines = await db()
        .select({ id: orderLines.id })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(eq(orderLines.productId, item.id), eq(orderLines.fullSponsor, false)))
        .all();
      expect(
        claims.length === 0 || coLines.length === 0,
        `round ${round}: ${claims.length} claims beside ${coLines.length} co-sponsors`,
      ).toBe(true);
      expect(claims.length + coLines.length).toBeGreaterThan(0);
    }
  });

  it('the database refuses a claim beside a co-sponsorship and a co-sponsorship beside a claim', async () => {
    const item = await newItem();
    const co = await newUser();
    await cart(co.token, { [item.id]: { qty: 1, fullSponsor: false } });
    expect((await call('startOrder', { offline: true }, co.token)).status).toBe(200);
    const other = await newUser();
    const orderId = await placeOrder(other.email, 'Pending Payment', []);
    const otherId = (await db().select().from(users).where(eq(users.email, other.email)).get())!.id;
    await expect(
      db()
        .insert(sponsorshipClaims)
        .values({ productId: item.id, fiscalYear: festivalYear(), orderId, userId: otherId, state: 'held' }),
    ).rejects.toSatisfy((e) => guardFailure(e) === 'item_co_sponsored');
  });
});

describe('5. the member-price entitlement counts unpaid orders and cannot be exceeded', () => {
  async function utsavMember() {
    const u = await newUser();
    await placeOrder(u.email, 'Success', [{ code: 'MUTV', qty: 1 }]);
    return u;
  }

  it('one UTSAV membership: a second order while the first is unpaid gets the full price', async () => {
    const u = await utsavMember();
    const dpkp = await productId('DPKP');
    const first = await cart(u.token, { [dpkp]: { qty: 1 } });
    expect(first.totalSellPrice).toBe(400); // member price
    expect((await call('startOrder', { offline: false }, u.token)).status).toBe(200);
    const second = await cart(u.token, { [dpkp]: { qty: 1 } });
    expect(second.totalSellPrice).toBe(600); // the first, unpaid order holds the member price
    const started = await call('startOrder', { offline: false }, u.token);
    expect(started.status).toBe(200);
    expect(started.body.data.subTotalInPaisa).toBe(60000);
    const held = await db()
      .select({ n: sql<number>`sum(${orderLines.memberPricedUnits})` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.userEmail, u.email))
      .get();
    expect(held?.n).toBe(1);
  });

  it('the database refuses a member-priced line beyond the entitlement', async () => {
    const u = await utsavMember();
    await placeOrder(u.email, 'Pending Payment', [{ code: 'DPKP', qty: 1, memberPricedUnits: 1 }]);
    await expect(
      placeOrder(u.email, 'Pending Payment', [{ code: 'DPKP', qty: 1, memberPricedUnits: 1 }]),
    ).rejects.toSatisfy((e) => guardFailure(e) === 'member_price_used');
  });

  it('a late capture that used the member price twice is flagged for an admin', async () => {
    allowConsoleError(/"event":"order.late_capture_conflict"/); // the admin's signal, besides the attention flag
    const u = await utsavMember();
    const dpkp = await productId('DPKP');
    await cart(u.token, { [dpkp]: { qty: 1 } });
    const a = (await call('startOrder', { offline: false }, u.token)).body.data;
    // the payer gives up the first checkout; a second order takes the member price
    expect(
      (await call('handleFailOrder', { orderId: a.orderOrTokenId, razorpayPaymentId: null }, u.token)).status,
    ).toBe(200);
    await cart(u.token, { [dpkp]: { qty: 1 } });
    const b = (await call('startOrder', { offline: false }, u.token)).body.data;
    expect(b.subTotalInPaisa).toBe(40000);
    // ...and then the first one is paid after all (a late capture)
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
    const row = await orderRow(a.orderPkId);
    expect(row.status).toBe('Success');
    expect(row.attention).toMatch(/member price/);
  });
});

describe('6. signed but malformed webhooks never answer 5xx', () => {
  it.each([
    ['null', 'null'],
    [
      'order_id an object',
      JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: 'pay_x', order_id: { a: 1 }, amount: 100 } } },
      }),
    ],
    [
      'order_id an array',
      JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: 'pay_x', order_id: ['x'], amount: 100 } } },
      }),
    ],
    [
      'amount as text',
      JSON.stringify({
        event: 'order.paid',
        payload: { payment: { entity: { id: 'pay_x', order_id: 'order_x', amount: 'lots' } } },
      }),
    ],
    ['an array body', '[1,2,3]'],
    ['no event', '{}'],
  ])('%s', async (_name, body) => {
    allowConsoleError(/"event":"webhook.bad_payload"/); // logged for the operator, answered without a 5xx
    const r = await signedWebhook(body);
    expect(r.status).toBeLessThan(500);
    expect([200, 400]).toContain(r.status);
    if (r.status === 200) expect(r.body.data.ignored).toMatch(/not a Razorpay event/);
  });
});

describe('7. a reused collection nonce never collects a pass silently', () => {
  async function paidPass() {
    const u = await newUser();
    const dpdy = await productId('DPDY');
    await cart(u.token, { [dpdy]: { qty: 1 } });
    const o = (await call('startOrder', { offline: true }, u.token)).body.data;
    await call('handleOfflineOrder', { offlineTxnId: newUtr(), orderRcptId: o.orderRcptId }, u.token);
    const admin = await loginAs(ADMIN);
    const userId = (await db().select().from(users).where(eq(users.email, u.email)).get())!.id;
    const ok = await call('approveOfflineOrder', { offlineUserId: userId, orderPkId: o.orderPkId }, admin);
    expect(ok.status).toBe(200);
    return o as { orderRcptId: string; orderPkId: number };
  }

  it('the same nonce for another order: refused, the second pass stays to collect, nothing unaudited', async () => {
    const vol = await loginAs(VOLUNTEER);
    const [a, b] = [await paidPass(), await paidPass()];
    const nonce = `nonce-${crypto.randomUUID()}`;
    expect((await call('markCouponCollected', { orderRcptId: a.orderRcptId, nonce }, vol)).status).toBe(200);
    const reused = await call('markCouponCollected', { orderRcptId: b.orderRcptId, nonce }, vol);
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe('NonceReused');
    expect((await orderRow(b.orderPkId)).passCollected).toBe(0);
    const events = await db().select().from(collectionEvents).where(eq(collectionEvents.orderId, b.orderPkId)).all();
    expect(events).toHaveLength(0);
    // collected pass orders all have their event and their audit row
    const orphans = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(
        sql`${orders.passCollected} = 1 AND NOT EXISTS (SELECT 1 FROM collection_events e WHERE e.order_id = ${orders.id})`,
      )
      .all();
    expect(orphans).toEqual([]);
    // the same tap retried on the right order is answered as it was
    expect((await call('markCouponCollected', { orderRcptId: a.orderRcptId, nonce }, vol)).status).toBe(200);
  });
});

describe('8. one cart gives one order', () => {
  it('online and direct transfer clicked at the same moment: one order, in every round', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const u = await newUser();
      await cart(u.token, { [await productId('MABD')]: { qty: 1 } });
      const rs = await Promise.all([
        call('startOrder', { offline: false }, u.token),
        call('startOrder', { offline: true }, u.token),
      ]);
      const n = await db().select({ n: sql<number>`count(*)` }).from(orders).where(eq(orders.userEmail, u.email)).get();
      expect(n?.n, `round ${round}`).toBe(1);
      expect(rs.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
      for (const r of rs) expect([200, 400, 409]).toContain(r.status);
    }
  });
});

describe('direct-transfer holds', () => {
  it('one account holds at most 3 items with unpaid transfers', async () => {
    const u = await newUser();
    const items = [await newItem(), await newItem(), await newItem(), await newItem()];
    for (const item of items.slice(0, 3)) {
      await cart(u.token, { [item.id]: { qty: 1, fullSponsor: true } });
      expect((await call('startOrder', { offline: true }, u.token)).status).toBe(200);
    }
    await cart(u.token, { [items[3]!.id]: { qty: 1, fullSponsor: true } });
    const fourth = await call('startOrder', { offline: true }, u.token);
    expect(fourth.status).toBe(409);
    expect(fourth.body.error).toBe('HoldLimit');
    // online payment is not limited
    expect((await call('startOrder', { offline: false }, u.token)).status).toBe(200);
  });
});

describe('payments fail closed', () => {
  it('an authorized payment is captured before the order counts as paid', async () => {
    const u = await newUser();
    await cart(u.token, { [await productId('MABD')]: { qty: 1 } });
    const o = (await call('startOrder', { offline: false }, u.token)).body.data;
    const p = await gatewayPay(o.orderOrTokenId, 'authorized');
    const r = await call(
      'handleSuccessOrder',
      { orderId: o.orderOrTokenId, razorpayPaymentId: p.razorpay_payment_id, razorpaySignature: p.razorpay_signature },
      u.token,
    );
    expect(r.status).toBe(200);
    expect((await orderRow(o.orderPkId)).status).toBe('Success');
    const gw = await bindings.DB.prepare('SELECT status FROM test_gateway_payments WHERE id = ?')
      .bind(p.razorpay_payment_id)
      .first<{ status: string }>();
    expect(gw?.status).toBe('captured');
  });

  it('an authorization never captured (refunded by Razorpay) never makes the order Success', async () => {
    const u = await newUser();
    await cart(u.token, { [await productId('MABD')]: { qty: 1 } });
    const o = (await call('startOrder', { offline: false }, u.token)).body.data;
    const p = await gatewayPay(o.orderOrTokenId, 'authorized');
    await exports.default.fetch('http://localhost/dev/razorpay/expire-authorization', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_id: p.razorpay_payment_id }),
    });
    const r = await call(
      'handleSuccessOrder',
      { orderId: o.orderOrTokenId, razorpayPaymentId: p.razorpay_payment_id, razorpaySignature: p.razorpay_signature },
      u.token,
    );
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('PaymentNotCaptured');
    expect((await orderRow(o.orderPkId)).status).toBe('Pending Payment');
  });

  it('a 4xx from Razorpay (wrong keys) never confirms on the signature alone', async () => {
    allowConsoleError(/"event":"razorpay.error"/);
    const u = await newUser();
    await cart(u.token, { [await productId('MABD')]: { qty: 1 } });
    const o = (await call('startOrder', { offline: false }, u.token)).body.data;
    const p = await gatewayPay(o.orderOrTokenId, 'success');
    const { makeRazorpay, RazorpayError, isTransient } = await import('../../worker/lib/razorpay');
    const bad = makeRazorpay(
      { RAZORPAY_BASE_URL: 'local', RAZORPAY_KEY_ID: 'rzp_test_local', RAZORPAY_KEY_SECRET: 'wrong' },
      async (req) =>
        (await import('../../worker/dev/test-gateway')).gatewayApi.fetch(req, bindings) as Promise<Response>,
    );
    const err = await bad.fetchPayment(p.razorpay_payment_id).catch((e) => e);
    expect(err).toBeInstanceOf(RazorpayError);
    expect(err.status).toBe(401);
    expect(isTransient(err)).toBe(false);
    expect(isTransient(new RazorpayError(0, 'unreachable'))).toBe(true);
    expect(isTransient(new RazorpayError(503, 'down'))).toBe(true);
  });
});

describe('transaction ids', () => {
  it('a rejected transfer id can be shared again; an accepted one cannot', async () => {
    const admin = await loginAs(ADMIN);
    const u = await newUser();
    const mabd = await productId('MABD');
    const txn = newUtr();
    await cart(u.token, { [mabd]: { qty: 1 } });
    const first = (await call('startOrder', { offline: true }, u.token)).body.data;
    expect(
      (await call('handleOfflineOrder', { offlineTxnId: txn, orderRcptId: first.orderRcptId }, u.token)).status,
    ).toBe(200);
    const userId = (await db().select().from(users).where(eq(users.email, u.email)).get())!.id;
    const rejected = await call(
      'rejectOfflineOrder',
      { offlineUserId: userId, orderPkId: first.orderPkId, reason: 'Not found in the statement' },
      admin,
    );
    expect(rejected.status).toBe(200);
    const mail = (await outbox(u.email)).find((m) => /not verified/.test(m.subject));
    expect(mail?.text).toMatch(/reply to this email \(it reaches the committee at committee@example.org\)/);
    const stored = await bindings.DB.prepare('SELECT headers FROM email_outbox WHERE subject = ? AND to_addr = ?')
      .bind(mail?.subject, u.email)
      .first<{ headers: string }>();
    expect(JSON.parse(stored!.headers)).toEqual({ 'Reply-To': 'committee@example.org' });
    await cart(u.token, { [mabd]: { qty: 1 } });
    const second = (await call('startOrder', { offline: true }, u.token)).body.data;
    expect(
      (await call('handleOfflineOrder', { offlineTxnId: txn, orderRcptId: second.orderRcptId }, u.token)).status,
    ).toBe(200);
    const other = await newUser();
    await cart(other.token, { [mabd]: { qty: 1 } });
    const third = (await call('startOrder', { offline: true }, other.token)).body.data;
    const dup = await call('handleOfflineOrder', { offlineTxnId: txn, orderRcptId: third.orderRcptId }, other.token);
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('TransactionIdUsed');
    const rows = await db().select().from(payments).where(eq(payments.transactionId, txn)).all();
    expect(rows.map((r) => r.status).sort()).toEqual(['rejected', 'submitted']);
  });
});

describe('volunteers read only what the pass desk needs', () => {
  it('no address, referral or bank details for a volunteer; admins see them', async () => {
    const u = await newUser();
    await call(
      'saveUserExtraInfo',
      {
        addrLine1: '1 Lake Road',
        addrLine2: null,
        city: 'Kolkata',
        state: 'WB',
        pin: '700001',
        referSource: 'Facebook',
      },
      u.token,
    );
    await placeOrder(u.email, 'Success', [{ code: 'DPDY', qty: 1 }]);
    const orderId = (await db().select().from(orders).where(eq(orders.userEmail, u.email)).get())!.id;
    await db()
      .update(orders)
      .set({ addr1: '1 Lake Road', city: 'Kolkata', bankName: 'SBI' })
      .where(eq(orders.id, orderId));
    const vol = await call('getStaffOrderDetails', { orderPkId: orderId }, await loginAs(VOLUNTEER));
    expect(vol.status).toBe(200);
    expect(vol.body.data).toMatchObject({
      userName: expect.any(String),
      userMobile: expect.any(String),
      addr1: null,
      city: null,
      bankName: null,
    });
    const adm = await call('getStaffOrderDetails', { orderPkId: orderId }, await loginAs(ADMIN));
    expect(adm.body.data).toMatchObject({ addr1: '1 Lake Road', city: 'Kolkata', bankName: 'SBI' });
  });
});

describe('limits per client address', () => {
  it('forgotPasswd: the 11th call in a minute from one address is refused', async () => {
    // the binding counts in windows of a minute: a run that crosses into the next minute is tried again with
    // another address (on a busy machine eleven calls can straddle the boundary)
    let rs: Awaited<ReturnType<typeof call>>[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
      const minute = Math.floor(Date.now() / 60_000);
      rs = [];
      for (let i = 0; i < 11; i++) {
        rs.push(
          await call('forgotPasswd', { email: `addr${i}.${crypto.randomUUID()}@example.net` }, null, {
            headers: { 'CF-Connecting-IP': address },
          }),
        );
      }
      if (Math.floor(Date.now() / 60_000) === minute) break;
    }
    expect(rs.slice(0, 10).every((r) => r.status === 200)).toBe(true);
    expect(rs[10]!.status).toBe(429);
    expect(rs[10]!.body.error).toBe('RateLimited');
    // another address is not affected
    const other = await call('forgotPasswd', { email: 'someone@example.net' }, null, {
      headers: { 'CF-Connecting-IP': '198.51.100.7' },
    });
    expect(other.status).toBe(200);
  });
});

describe('safe defaults', () => {
  it('local mode answers only on a local host', async () => {
    allowConsoleError(/"event":"config.local_on_public_host"/);
    const pub = await exports.default.fetch('https://samiti.example.org/api/noop', { method: 'POST', body: '{}' });
    expect(pub.status).toBe(503);
    expect(((await pub.json()) as any).error).toBe('Misconfigured');
    const outboxOnPublic = await exports.default.fetch('https://samiti.example.org/api/dev/outbox');
    expect(outboxOnPublic.status).toBe(503);
    const local = await exports.default.fetch('http://127.0.0.1/api/noop', { method: 'POST', body: '{}' });
    expect(local.status).toBe(200);
  });

  it('a missing APP_ENV means production, which refuses to start without real secrets', async () => {
    const { getConfig } = await import('../../worker/lib/config');
    expect(() => getConfig({ DB: bindings.DB })).toThrow(/must be set to a real secret in production/);
    const prod = getConfig({
      DB: bindings.DB,
      PASSWORD_PEPPER: 'a-real-production-pepper',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'live-secret',
      RAZORPAY_WEBHOOK_SECRET: 'live-webhook-secret',
      RAZORPAY_BASE_URL: 'https://api.razorpay.com',
    });
    expect(prod.isLocal).toBe(false);
  });

  it('a body over 64 KB is refused while it is read, streamed or not', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(70_000) });
    const r = await call('login', undefined, null, { raw: big });
    expect(r.status).toBe(413);
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 20; i++) c.enqueue(new TextEncoder().encode('x'.repeat(8192)));
        c.close();
      },
    });
    const res = await exports.default.fetch('http://localhost/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      // @ts-expect-error workerd's fetch takes duplex for a streamed body
      duplex: 'half',
    });
    expect(res.status).toBe(413);
  });
});

describe('audit of the refusals', () => {
  it('a refused checkout writes no order, no claim and no audit row', async () => {
    const item = await newItem();
    const a = await newUser();
    const b = await newUser();
    await cart(a.token, { [item.id]: { qty: 1, fullSponsor: true } });
    await cart(b.token, { [item.id]: { qty: 1, fullSponsor: false } });
    expect((await call('startOrder', { offline: false }, a.token)).status).toBe(200);
    const before = await db().select({ n: sql<number>`count(*)` }).from(auditLog).get();
    const refused = await call('startOrder', { offline: false }, b.token);
    expect(refused.status).toBe(409);
    const after = await db().select({ n: sql<number>`count(*)` }).from(auditLog).get();
    expect(after?.n).toBe(before?.n);
    const bOrders = await db()
      .select()
      .from(orders)
      .where(inArray(orders.userEmail, [b.email]))
      .all();
    expect(bOrders).toEqual([]);
  });
});

describe('no dead end after an abandoned checkout', () => {
  it('the holder gives up an unpaid order: the item is free for the next buyer at once', async () => {
    const item = await newItem();
    const holder = await newUser();
    await cart(holder.token, { [item.id]: { qty: 1, fullSponsor: true } });
    const o = (await call('startOrder', { offline: true }, holder.token)).body.data;
    const next = await newUser();
    const refused = await call('addToCart', { productQtys: { [item.id]: { qty: 1, fullSponsor: true } } }, next.token);
    expect(refused.status).toBe(409);
    expect(refused.body.desc).toMatch(/waiting for payment/);
    const other = await newUser();
    expect((await call('giveUpOrder', { orderRcptId: o.orderRcptId }, other.token)).status).toBe(404);
    const given = await call('giveUpOrder', { orderRcptId: o.orderRcptId }, holder.token);
    expect(given.status).toBe(200);
    expect(given.body.data.status).toBe('Failed');
    expect((await call('giveUpOrder', { orderRcptId: o.orderRcptId }, holder.token)).status).toBe(409);
    expect((await call('giveUpOrder', {}, holder.token)).status).toBe(400);
    expect(
      (await call('addToCart', { productQtys: { [item.id]: { qty: 1, fullSponsor: true } } }, next.token)).status,
    ).toBe(200);
  });

  it('an online order paid meanwhile is confirmed, not given up', async () => {
    const u = await newUser();
    await cart(u.token, { [await productId('MABD')]: { qty: 1 } });
    const o = (await call('startOrder', { offline: false }, u.token)).body.data;
    await gatewayPay(o.orderOrTokenId, 'success');
    const r = await call('giveUpOrder', { orderRcptId: o.orderRcptId }, u.token);
    expect(r.body.data.status).toBe('Success');
  });
});

describe('late capture after the hold was re-taken', () => {
  it('is flagged for admins, who see it and mark it handled once', async () => {
    allowConsoleError(/"event":"order.late_capture_conflict"/);
    const item = await newItem();
    const first = await newUser();
    await cart(first.token, { [item.id]: { qty: 1, fullSponsor: true } });
    const a = (await call('startOrder', { offline: false }, first.token)).body.data;
    // the payment fails and the hold is released; someone else takes the item
    expect(
      (await call('handleFailOrder', { orderId: a.orderOrTokenId, razorpayPaymentId: null }, first.token)).status,
    ).toBe(200);
    const second = await newUser();
    await cart(second.token, { [item.id]: { qty: 1, fullSponsor: true } });
    expect((await call('startOrder', { offline: true }, second.token)).status).toBe(200);
    // ...then the first payment is captured after all
    const paid = await gatewayPay(a.orderOrTokenId, 'success');
    const late = await call(
      'handleSuccessOrder',
      {
        orderId: a.orderOrTokenId,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      },
      first.token,
    );
    expect(late.status).toBe(200);
    const admin = await loginAs(ADMIN);
    const list = await call('getAttentionOrders', {}, admin);
    const mine = (list.body.data as { order: { orderPkId: number }; attention: string }[]).find(
      (x) => x.order.orderPkId === a.orderPkId,
    );
    expect(mine?.attention).toMatch(/sponsored by someone else meanwhile/);
    expect((await call('getAttentionOrders', {}, await loginAs(VOLUNTEER))).status).toBe(403);
    const cleared = await Promise.all([
      call('clearAttention', { orderPkId: a.orderPkId, note: 'Refunded the late payment' }, admin),
      call('clearAttention', { orderPkId: a.orderPkId, note: 'twice' }, admin),
    ]);
    expect(cleared.map((r) => r.status).sort()).toEqual([200, 404]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(a.orderPkId)), eq(auditLog.action, 'order.attention_cleared')))
      .all();
    expect(audits).toHaveLength(1);
    expect((await orderRow(a.orderPkId)).attention).toBeNull();
  });
});

describe('direct-transfer holds are brief until the transaction id is shared', () => {
  it('the cron releases a held item after TRANSFER_HOLD_HOURS; a plain transfer waits its 7 days', async () => {
    const { reconcilePayments } = await import('../../worker/services/checkout/payments');
    const { getConfig } = await import('../../worker/lib/config');
    const item = await newItem();
    const u = await newUser();
    await cart(u.token, { [item.id]: { qty: 1, fullSponsor: true } });
    const held = (await call('startOrder', { offline: true }, u.token)).body.data;
    const plainBuyer = await newUser();
    await cart(plainBuyer.token, { [await productId('MABD')]: { qty: 1 } });
    const plain = (await call('startOrder', { offline: true }, plainBuyer.token)).body.data;
    const s = { db: db(), config: getConfig(bindings), env: bindings, origin: 'http://localhost' };
    await reconcilePayments(s, Date.now() + 25 * 3_600_000);
    expect((await orderRow(held.orderPkId)).status).toBe('Failed');
    expect((await orderRow(plain.orderPkId)).status).toBe('Pending Payment');
    const claims = await db().select().from(sponsorshipClaims).where(eq(sponsorshipClaims.productId, item.id)).all();
    expect(claims).toEqual([]);
  });
});

describe('roles and blocks are decided by one statement', () => {
  it('two admins removing each other leave one admin; the console never loses its last admin', async () => {
    const { getConfig } = await import('../../worker/lib/config');
    const { setUserRole } = await import('../../worker/services/admin/admin-system');
    const s = { db: db(), config: getConfig(bindings), env: bindings, origin: 'http://localhost' };
    const a = await newUser();
    const b = await newUser();
    await db()
      .update(users)
      .set({ isAdmin: true })
      .where(inArray(users.email, [a.email, b.email]));
    // leave a and b as the only admins
    const others = await db().select().from(users).where(eq(users.isAdmin, true)).all();
    const keep = others.filter((u) => u.email !== a.email && u.email !== b.email).map((u) => u.id);
    if (keep.length) await db().update(users).set({ isAdmin: false }).where(inArray(users.id, keep));
    try {
      const actorOf = async (email: string) => {
        const u = (await db().select().from(users).where(eq(users.email, email)).get())!;
        return { ...u, userId: u.id, sessionId: 0 } as never;
      };
      const rs = await Promise.allSettled([
        setUserRole(s, await actorOf(a.email), { email: b.email, role: 'admin', granted: false }),
        setUserRole(s, await actorOf(b.email), { email: a.email, role: 'admin', granted: false }),
      ]);
      expect(rs.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const admins = await db().select().from(users).where(eq(users.isAdmin, true)).all();
      expect(admins).toHaveLength(1);
      const removed = await db()
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'user.role_removed'),
            inArray(
              auditLog.entityId,
              admins.map((x) => String(x.id)),
            ),
          ),
        )
        .all();
      expect(removed).toEqual([]);
    } finally {
      if (keep.length) await db().update(users).set({ isAdmin: true }).where(inArray(users.id, keep));
    }
  });

  it('an item held by a checkout cannot be blocked, and a blocked item cannot be claimed by someone else', async () => {
    const admin = await loginAs(ADMIN);
    const held = await newItem();
    const u = await newUser();
    await cart(u.token, { [held.id]: { qty: 1, fullSponsor: true } });
    expect((await call('startOrder', { offline: true }, u.token)).status).toBe(200);
    const refused = await call(
      'blockProduct',
      { id: held.id, blockedByName: 'R. Sen', blockedByEmail: 'r@example.net' },
      admin,
    );
    expect(refused.status).toBe(409);
    expect((await db().select().from(products).where(eq(products.id, held.id)).get())?.blockedByEmail).toBeNull();
    // the database refuses a claim of a blocked item by anyone but the person it is reserved for
    const free = await newItem({ blockedByName: 'R. Sen', blockedByEmail: 'r.sen@example.net', available: false });
    const other = await newUser();
    const orderId = await placeOrder(other.email, 'Pending Payment', []);
    const otherId = (await db().select().from(users).where(eq(users.email, other.email)).get())!.id;
    await expect(
      db()
        .insert(sponsorshipClaims)
        .values({ productId: free.id, fiscalYear: festivalYear(), orderId, userId: otherId, state: 'held' }),
    ).rejects.toSatisfy((e) => guardFailure(e) === 'item_blocked');
  });
});
