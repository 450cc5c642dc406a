// Gate sales by volunteers (docs/decisions/250-252): happy path, bad input, wrong role, the nonce
// replay and parallel sync making one sale, the UTR rules, refunds, and the admins' day totals and cash difference.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatRcptId } from '../../core/ids';
import { auditLog, collectionEvents, gateSales, orderLines, orders, payments, users } from '../../schema/index';
import { getConfig } from '../../worker/lib/config';
import { runBatch } from '../../worker/lib/d1-batch';
import type { Actor, Me } from '../../worker/lib/session';
import type { Svc } from '../../worker/lib/svc';
import { recordSale, saleDayOf } from '../../worker/services/venue/gate';
import { newPass, productRow } from './capacity-fixtures';
import { productId } from './cart-fixtures';
import { paidTransfer } from './refund-fixtures';
import { ADMIN, bindings, call, db, loginAs, MEMBER, newUser, outbox, VOLUNTEER } from './helpers';

const svc = (): Svc => ({ db: db(), config: getConfig(bindings), env: bindings, origin: 'http://localhost' });

const nonce = () => `sale-${crypto.randomUUID()}`;
let utrSeq = 0;
/** A well-formed 12-digit UPI reference, new each time. */
const newUtr = () => `4${String(Date.now() % 1e7).padStart(7, '0')}${String(++utrSeq).padStart(4, '0')}`;

async function sale(over: Record<string, unknown> = {}) {
  return {
    nonce: nonce(),
    buyerName: 'Walk-in Buyer',
    buyerMobile: '98765 43210',
    lines: [{ productId: await productId('DPDY'), qty: 2 }],
    mode: 'cash',
    happenedAt: Date.now(),
    deviceId: 'phone-1',
    ...over,
  };
}

describe('/getGateProducts', () => {
  it('gives a volunteer the daily passes with their prices and the UPI id', async () => {
    const v = await loginAs(VOLUNTEER);
    const r = await call('getGateProducts', {}, v);
    expect(r.status).toBe(200);
    const codes = r.body.data.products.map((p: { code: string }) => p.code);
    expect(codes).toContain('DPDY');
    expect(codes).not.toContain('DNP');
    expect(codes).not.toContain('MUTV');
    expect(r.body.data.products.find((p: { code: string }) => p.code === 'DPDY').price).toBe(700);
    expect(r.body.data.upi.vpa).toMatch(/@/);
  });

  it('is refused to a member and to nobody', async () => {
    expect((await call('getGateProducts', {}, await loginAs(MEMBER))).status).toBe(403);
    expect((await call('getGateProducts', {}, null)).status).toBe(401);
  });
});

describe('/recordGateSale', () => {
  it('sells for cash: a paid order, collected at once by the volunteer, audited, with the receipt by email', async () => {
    const v = await loginAs(VOLUNTEER);
    const email = `walkin.${crypto.randomUUID().slice(0, 8)}@example.net`;
    const body = await sale({ buyerEmail: email });
    const r = await call('recordGateSale', body, v);
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('recorded');
    expect(r.body.data.total).toBe(1400);
    expect(r.body.data.conflict).toBeNull();
    expect(r.body.data.pass.passCollected).toBe(1);
    expect(r.body.data.pass.qty).toBe(2);
    expect(r.body.data.pass.email).toBe(''); // a volunteer's copy leaves the email out (decision 072)

    const id = Number(r.body.data.orderRcptId.replace(/\D/g, ''));
    const order = (await db().select().from(orders).where(eq(orders.id, id)).get())!;
    expect(order).toMatchObject({
      status: 'Success',
      paymentType: 'Offline',
      kind: 'DAILY_PASS',
      totalPaise: 140_000,
      passCollected: 1,
      userName: 'Walk-in Buyer',
      userMobile: '9876543210',
      userEmail: email,
    });
    expect(order.successTs).toBeGreaterThan(0);
    expect(order.passCode).toBeTruthy();
    const pay = await db().select().from(payments).where(eq(payments.orderId, id)).all();
    expect(pay).toMatchObject([{ method: 'gate_cash', status: 'approved', amountPaise: 140_000 }]);
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, id)).all();
    expect(lines).toMatchObject([{ code: 'DPDY', qty: 2, sellPricePaise: 140_000 }]);
    const ev = await db().select().from(collectionEvents).where(eq(collectionEvents.orderId, id)).all();
    expect(ev).toHaveLength(1);
    const actions = (
      await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(sql`entity_type = 'order' AND entity_id = ${String(id)}`)
        .all()
    ).map((a) => a.action);
    expect(actions.sort()).toEqual(['order.gate_sale', 'pass.collected']);

    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(r.body.data.orderRcptId);
    expect(mails[0]!.text).toContain('Paid in cash at the gate');
  });

  it('sells for UPI with the UTR on the payment; the same UTR cannot pay a second sale online', async () => {
    const v = await loginAs(VOLUNTEER);
    const utr = newUtr();
    const r = await call('recordGateSale', await sale({ mode: 'upi', utr: `${utr.slice(0, 6)} ${utr.slice(6)}` }), v);
    expect(r.status).toBe(200);
    const id = Number(r.body.data.orderRcptId.replace(/\D/g, ''));
    const pay = await db().select().from(payments).where(eq(payments.orderId, id)).get();
    expect(pay).toMatchObject({ method: 'gate_upi', status: 'approved', transactionId: utr });
    // no email given: no receipt, nothing fails
    const again = await call('recordGateSale', await sale({ mode: 'upi', utr }), v);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('UtrUsed');
  });

  it('records an offline sale whose UTR was used already, flagged for the admins', async () => {
    const v = await loginAs(VOLUNTEER);
    const utr = newUtr();
    expect((await call('recordGateSale', await sale({ mode: 'upi', utr }), v)).status).toBe(200);
    const r = await call('recordGateSale', await sale({ mode: 'upi', utr, offline: true }), v);
    expect(r.status).toBe(200);
    expect(r.body.data.conflict).toBe('utr_used');
    const id = Number(r.body.data.orderRcptId.replace(/\D/g, ''));
    const order = (await db().select().from(orders).where(eq(orders.id, id)).get())!;
    expect(order.attention).toContain('utr_used');
  });

  it('refuses bad input with a desc naming the field, and writes nothing', async () => {
    const v = await loginAs(VOLUNTEER);
    const before = (await db().select({ n: sql<number>`COUNT(*)` }).from(gateSales).get())!.n;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ buyerName: '' }, /buyerName/],
      [{ buyerMobile: '12' }, /buyerMobile/],
      [{ buyerEmail: 'not-an-email' }, /buyerEmail/],
      [{ lines: [] }, /lines/],
      [{ lines: [{ productId: await productId('DPDY'), qty: 0 }] }, /lines\.0\.qty/],
      [{ mode: 'card' }, /mode/],
      [{ mode: 'upi' }, /utr/],
      [{ mode: 'upi', utr: '1234' }, /utr/],
      [{ mode: 'upi', utr: '000000000000' }, /utr/],
      [{ nonce: 'x' }, /nonce/],
      [{ happenedAt: 5 }, /happenedAt/],
      [{ lines: [{ productId: await productId('MUTV'), qty: 1 }] }, /lines\.0\.productId/],
      [{ lines: [{ productId: await productId('DNP'), qty: 1 }] }, /lines\.0\.productId/],
    ];
    for (const [over, field] of cases) {
      const r = await call('recordGateSale', await sale(over), v);
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error).toBe('BadRequest');
      expect(r.body.desc).toMatch(field);
    }
    const after = (await db().select({ n: sql<number>`COUNT(*)` }).from(gateSales).get())!.n;
    expect(after).toBe(before);
  });

  it('is refused to a member (members cannot sell) and to nobody, before the body is read', async () => {
    const m = await loginAs(MEMBER);
    const u = await newUser();
    const body = await sale();
    for (const token of [m, u.token]) {
      const r = await call('recordGateSale', body, token);
      expect(r.status).toBe(403);
      expect(r.body.error).toBe('InsufficientAccess');
    }
    expect((await call('recordGateSale', { nonsense: true }, null)).status).toBe(401);
    expect(await db().select().from(gateSales).where(eq(gateSales.nonce, body.nonce)).get()).toBeUndefined();
  });

  it('a replayed nonce is the same sale, and parallel syncs of one queued sale make one order', async () => {
    const v = await loginAs(VOLUNTEER);
    const body = await sale({ offline: true, happenedAt: Date.now() - 60_000 });
    const results = await Promise.all(Array.from({ length: 6 }, () => call('recordGateSale', body, v)));
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rcpts = new Set(results.map((r) => r.body.data.orderRcptId));
    expect(rcpts.size).toBe(1);
    expect(results.filter((r) => r.body.data.status === 'recorded')).toHaveLength(1);
    const again = await call('recordGateSale', body, v);
    expect(again.body.data).toMatchObject({ status: 'duplicate', orderRcptId: [...rcpts][0] });
    const rows = await db().select().from(gateSales).where(eq(gateSales.nonce, body.nonce)).all();
    expect(rows).toHaveLength(1);
    const n = await db()
      .select({ n: sql<number>`COUNT(*)` })
      .from(orders)
      .where(eq(orders.checkoutKey, `gate:${body.nonce}`))
      .get();
    expect(n!.n).toBe(1);
    expect(rows[0]!.source).toBe('offline');
    // the sale keeps the phone's time (a queued sale happened before it reached the server)
    expect(rows[0]!.happenedAt).toBe(body.happenedAt);
  });

  it('the database decides a race of one nonce: each write read nothing yet, and one sale is made', async () => {
    // the service's first read finds no sale for any of them: only the batch's guards stand between them
    const me = (await db().select().from(users).where(eq(users.email, VOLUNTEER.email)).get())!;
    const actor: Actor = {
      userId: me.id,
      sessionId: 0,
      name: me.name,
      email: me.email,
      mobile: me.mobile,
      emailVerified: true,
      isAdmin: false,
      isVolunteer: true,
      isMember: false,
    };
    const body = { ...(await sale({ offline: true })), buyerMobile: '9876543210', buyerEmail: null };
    const input = body as Parameters<typeof recordSale>[1];
    // the request's session batch, as the route gives it: the volunteer's reads, with the session taken as looked up
    const asVolunteer = (): Svc => ({
      ...svc(),
      sessionBatch: (async (build: (me: Me, d: ReturnType<typeof db>) => readonly unknown[]) => ({
        actor,
        results: await runBatch(db(), build(me0, db()) as never),
      })) as unknown as Svc['sessionBatch'],
    });
    const me0: Me = { userId: sql`${actor.userId}`, sessionId: sql`0`, limit: (rows = -1) => rows };
    const answers = await Promise.all(Array.from({ length: 5 }, () => recordSale(asVolunteer(), input)));
    expect(new Set(answers.map((a) => a.orderRcptId)).size).toBe(1);
    expect(answers.filter((a) => a.status === 'recorded')).toHaveLength(1);
    const id = Number(answers[0]!.orderRcptId.replace(/\D/g, ''));
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, id)).all();
    expect(lines).toHaveLength(1);
    const pays = await db().select().from(payments).where(eq(payments.orderId, id)).all();
    expect(pays).toHaveLength(1);
    const evs = await db().select().from(collectionEvents).where(eq(collectionEvents.orderId, id)).all();
    expect(evs).toHaveLength(1);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(sql`entity_type = 'order' AND entity_id = ${String(id)}`)
      .all();
    expect(audits).toHaveLength(2);
  });

  it('another volunteer cannot reuse a nonce', async () => {
    const body = await sale();
    expect((await call('recordGateSale', body, await loginAs(VOLUNTEER))).status).toBe(200);
    const r = await call('recordGateSale', body, await loginAs(ADMIN));
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('NonceReused');
  });

  it('the sale shows in the venue list and is refunded like any other offline order', async () => {
    const v = await loginAs(VOLUNTEER);
    const r = await call('recordGateSale', await sale(), v);
    const rcpt = r.body.data.orderRcptId as string;
    const found = await call('searchVenuePasses', { q: rcpt }, v);
    expect(found.body.data.map((p: { orderRcptId: string }) => p.orderRcptId)).toContain(rcpt);
    const again = await call('markCouponCollected', { orderRcptId: rcpt }, v);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('AlreadyCollected');
  });
});

describe("a walk-in's receipt by its link (docs/decisions/280)", () => {
  /** The receipt link of the latest email to `to` that has one, split into its contribution id and key. */
  async function linkIn(to: string) {
    const withLink = (await outbox(to)).filter((m) => m.text.includes('/receipt/')).sort((a, b) => a.sentAt - b.sentAt);
    expect(withLink.length).toBeGreaterThan(0);
    const m = /\/receipt\/(SMT\d+)(?:\?key=([A-Za-z0-9_-]+))?/.exec(withLink.at(-1)!.text)!;
    return { rcpt: m[1]!, key: m[2] ?? null, count: withLink.length };
  }

  it('opens from the gate email without a session; the key opens that receipt and no other', async () => {
    const v = await loginAs(VOLUNTEER);
    const email = `walkin.${crypto.randomUUID().slice(0, 8)}@example.net`;
    const first = await call('recordGateSale', await sale({ buyerEmail: email }), v);
    const other = await call('recordGateSale', await sale({ buyerEmail: `x.${email}` }), v);
    expect([first.status, other.status]).toEqual([200, 200]);
    const { rcpt, key } = await linkIn(email);
    expect(rcpt).toBe(first.body.data.orderRcptId);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const r = await call('getReceiptByLink', { orderRcptId: rcpt, key }, null);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ payerName: 'Walk-in Buyer', amount: 1400, mode: 'Offline', gate: 'cash' });
    expect(r.body.data.number).toMatch(/\//);
    // the session call still wants a session; the key is the walk-in's only way in
    expect((await call('getReceipt', { orderRcptId: rcpt }, null)).status).toBe(401);

    // another sale's id with this key, this key changed by one character, no key at all: refused, naming the problem
    const theirs = await call('getReceiptByLink', { orderRcptId: other.body.data.orderRcptId, key }, null);
    expect(theirs.status).toBe(403);
    expect(theirs.body.error).toBe('InvalidLink');
    expect(theirs.body.desc).toBe('This receipt link is not valid. Ask the committee to send the receipt again.');
    const flipped = `${key!.slice(0, -1)}${key!.endsWith('A') ? 'B' : 'A'}`;
    expect((await call('getReceiptByLink', { orderRcptId: rcpt, key: flipped }, null)).status).toBe(403);
    const short = await call('getReceiptByLink', { orderRcptId: rcpt, key: key!.slice(0, 20) }, null);
    expect(short.status).toBe(400);
    expect(short.body.desc).toContain('key');
    expect((await call('getReceiptByLink', { orderRcptId: rcpt }, null)).status).toBe(400);
    expect((await call('getReceiptByLink', { orderRcptId: 'SMTxyz', key }, null)).status).toBe(400);
  });

  it("an admin's re-send carries the key for a walk-in, and none for a member, who signs in", async () => {
    const v = await loginAs(VOLUNTEER);
    const email = `walkin.${crypto.randomUUID().slice(0, 8)}@example.net`;
    const sold = await call('recordGateSale', await sale({ buyerEmail: email }), v);
    const orderPkId = Number(String(sold.body.data.orderRcptId).replace(/\D/g, ''));
    const admin = await loginAs(ADMIN);
    expect((await call('resendReceipt', { orderPkId }, admin)).status).toBe(200);
    const resent = await linkIn(email);
    expect(resent.count).toBe(2);
    expect(resent.rcpt).toBe(sold.body.data.orderRcptId);
    expect((await call('getReceiptByLink', { orderRcptId: resent.rcpt, key: resent.key }, null)).status).toBe(200);

    // a member's paid transfer: the member signs in to open it, the link carries no key
    const member = await paidTransfer([{ code: 'MHHR', qty: 1 }], admin);
    expect((await call('resendReceipt', { orderPkId: member.orderPkId }, admin)).status).toBe(200);
    const theirs = await linkIn(member.u.email);
    expect(theirs.count).toBe(2); // the confirmation, then the re-send
    expect(theirs.key).toBeNull();
  });
});

describe('/getGateSales and /recordCashHandover', () => {
  it('totals per volunteer per day, records the cash handed over (audited) and gives the difference', async () => {
    const a = await loginAs(ADMIN);
    // a fresh seller, so that other tests' sales do not count: make a volunteer through the admin call
    const seller = await newUser();
    await db().run(sql`UPDATE users SET is_volunteer = 1 WHERE email = ${seller.email}`);
    const s = await loginAs(seller);
    const dpdy = await productId('DPDY');
    const dpad = await productId('DPAD');
    await call('recordGateSale', await sale({ lines: [{ productId: dpdy, qty: 1 }] }), s); // 700 cash
    await call('recordGateSale', await sale({ lines: [{ productId: dpad, qty: 2 }] }), s); // 500 cash
    await call('recordGateSale', await sale({ mode: 'upi', utr: newUtr(), lines: [{ productId: dpdy, qty: 1 }] }), s);

    const day = saleDayOf(Date.now());
    const report = await call('getGateSales', {}, a);
    expect(report.status).toBe(200);
    const row = report.body.data.days.find(
      (d: { day: string; volunteer: string }) => d.day === day && d.volunteer === seller.name,
    );
    expect(row).toMatchObject({ sales: 3, units: 4, cash: 1200, upi: 700, handedOver: 0, difference: 1200 });

    const key = `hand-${crypto.randomUUID()}`;
    const h = await call(
      'recordCashHandover',
      { volunteerId: row.volunteerId, day, amount: 1000, note: 'first bag', requestKey: key },
      a,
    );
    expect(h.status).toBe(200);
    expect(h.body.data).toMatchObject({ handedOver: 1000, difference: 200 });
    // a double click is one handover
    const twice = await call(
      'recordCashHandover',
      { volunteerId: row.volunteerId, day, amount: 1000, note: 'first bag', requestKey: key },
      a,
    );
    expect(twice.body.data).toMatchObject({ handedOver: 1000, difference: 200 });
    const h2 = await call(
      'recordCashHandover',
      { volunteerId: row.volunteerId, day, amount: 250.5, requestKey: `hand-${crypto.randomUUID()}` },
      a,
    );
    expect(h2.body.data).toMatchObject({ handedOver: 1250.5, difference: -50.5 });

    const audits = await db()
      .select()
      .from(auditLog)
      .where(sql`action = 'gate.cash_handed_over' AND entity_id = ${`${row.volunteerId}:${day}`}`)
      .orderBy(auditLog.id)
      .all();
    expect(audits).toHaveLength(2);
    expect(JSON.parse(audits[0]!.details)).toMatchObject({ amountPaise: 100_000, beforePaise: 0, afterPaise: 100_000 });
    expect(JSON.parse(audits[1]!.details)).toMatchObject({ beforePaise: 100_000, afterPaise: 125_050 });
  });

  it('refuses bad input, a day without sales, and anyone but an admin', async () => {
    const a = await loginAs(ADMIN);
    const v = await loginAs(VOLUNTEER);
    const ok = { volunteerId: 1, day: '2026-11-08', amount: 100, requestKey: `hand-${crypto.randomUUID()}` };
    for (const [over, field] of [
      [{ amount: -5 }, /amount/],
      [{ amount: 10.005 }, /amount/],
      [{ day: '8 Nov' }, /day/],
      [{ volunteerId: 'x' }, /volunteerId/],
    ] as const) {
      const r = await call('recordCashHandover', { ...ok, ...over }, a);
      expect(r.status).toBe(400);
      expect(r.body.desc).toMatch(field);
    }
    const none = await call('recordCashHandover', { ...ok, day: '2001-01-01' }, a);
    expect(none.status).toBe(400);
    expect(none.body.desc).toMatch(/volunteerId/);
    expect((await call('recordCashHandover', ok, v)).status).toBe(403);
    expect((await call('getGateSales', {}, v)).status).toBe(403);
    expect((await call('getGateSales', {}, await loginAs(MEMBER))).status).toBe(403);
    expect((await call('getGateSales', { fiscalYear: '2026' }, a)).status).toBe(400);
  });

  it('an admin resolves a flagged sale once', async () => {
    const v = await loginAs(VOLUNTEER);
    const a = await loginAs(ADMIN);
    const utr = newUtr();
    await call('recordGateSale', await sale({ mode: 'upi', utr }), v);
    const flagged = await call('recordGateSale', await sale({ mode: 'upi', utr, offline: true }), v);
    const rcpt = flagged.body.data.orderRcptId;
    const report = await call('getGateSales', {}, a);
    expect(report.body.data.conflicts.map((c: { orderRcptId: string }) => c.orderRcptId)).toContain(rcpt);
    const r = await call('resolveGateConflict', { orderRcptId: rcpt, note: 'checked the bank app' }, a);
    expect(r.status).toBe(200);
    const id = Number(rcpt.replace(/\D/g, ''));
    expect((await db().select().from(orders).where(eq(orders.id, id)).get())!.attention).toBeNull();
    const twice = await call('resolveGateConflict', { orderRcptId: rcpt, note: 'again' }, a);
    expect(twice.status).toBe(409);
    expect((await call('resolveGateConflict', { orderRcptId: rcpt, note: 'x' }, v)).status).toBe(403);
    expect(formatRcptId(id)).toBe(rcpt);
  });
});

describe('gate sales and capacity', () => {
  it('online: refuses a sale past the capacity (nothing written) and the phone is told how many are left', async () => {
    const v = await loginAs(VOLUNTEER);
    const p = await newPass(3);
    const ok = await call('recordGateSale', await sale({ lines: [{ productId: p.id, qty: 2 }] }), v);
    expect(ok.status).toBe(200);
    expect((await productRow(p.id)).taken).toBe(2);
    const list = await call('getGateProducts', {}, v);
    expect(list.body.data.products.find((x: { productId: number }) => x.productId === p.id).unitsLeft).toBe(1);
    const body = await sale({ lines: [{ productId: p.id, qty: 2 }] });
    const r = await call('recordGateSale', body, v);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('SoldOut');
    expect(r.body.desc).toContain(p.name);
    expect(r.body.desc).toContain('1');
    expect(await db().select().from(gateSales).where(eq(gateSales.nonce, body.nonce)).get()).toBeUndefined();
    expect(
      await db()
        .select()
        .from(orders)
        .where(eq(orders.checkoutKey, `gate:${body.nonce}`))
        .get(),
    ).toBeUndefined();
    expect((await productRow(p.id)).taken).toBe(2);
  });

  it('online: parallel sales of the last units sell exactly the capacity', async () => {
    const v = await loginAs(VOLUNTEER);
    const p = await newPass(4);
    const bodies = await Promise.all(Array.from({ length: 8 }, () => sale({ lines: [{ productId: p.id, qty: 1 }] })));
    const results = await Promise.all(bodies.map((b) => call('recordGateSale', b, v)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(results.filter((r) => r.status === 409 && r.body.error === 'SoldOut')).toHaveLength(4);
    expect((await productRow(p.id)).taken).toBe(4);
    const sold = await db()
      .select({ n: sql<number>`COALESCE(SUM(qty), 0)` })
      .from(orderLines)
      .where(eq(orderLines.productId, p.id))
      .get();
    expect(sold!.n).toBe(4);
  });

  it('offline: a sale already handed over is recorded past the capacity and flagged oversold for the admins', async () => {
    const v = await loginAs(VOLUNTEER);
    const a = await loginAs(ADMIN);
    const p = await newPass(1);
    expect((await call('recordGateSale', await sale({ lines: [{ productId: p.id, qty: 1 }] }), v)).status).toBe(200);
    const body = await sale({ lines: [{ productId: p.id, qty: 2 }], offline: true });
    const r = await call('recordGateSale', body, v);
    expect(r.status).toBe(200);
    expect(r.body.data.conflict).toBe('oversold');
    const row = await productRow(p.id);
    expect(row).toMatchObject({ taken: 3, oversold: 2 });
    // the same queued sale again changes nothing
    const again = await call('recordGateSale', body, v);
    expect(again.body.data).toMatchObject({ status: 'duplicate', conflict: 'oversold' });
    expect(await productRow(p.id)).toMatchObject({ taken: 3, oversold: 2 });
    const report = await call('getGateSales', {}, a);
    const c = report.body.data.conflicts.find(
      (x: { orderRcptId: string }) => x.orderRcptId === r.body.data.orderRcptId,
    );
    expect(c).toMatchObject({ conflict: 'oversold', resolvedAt: null });
    const id = Number(r.body.data.orderRcptId.replace(/\D/g, ''));
    expect((await db().select().from(orders).where(eq(orders.id, id)).get())!.attention).toContain('oversold');
    // an offline sale within the capacity is no conflict
    const q = await newPass(5);
    const fine = await call('recordGateSale', await sale({ lines: [{ productId: q.id, qty: 2 }], offline: true }), v);
    expect(fine.body.data.conflict).toBeNull();
  });
});

describe('refunds of a gate sale', () => {
  it('work like any other offline order: refunded, the pass void, the units free again', async () => {
    const v = await loginAs(VOLUNTEER);
    const a = await loginAs(ADMIN);
    const p = await newPass(2);
    const r = await call('recordGateSale', await sale({ lines: [{ productId: p.id, qty: 2 }] }), v);
    expect(r.status).toBe(200);
    expect((await productRow(p.id)).taken).toBe(2);
    const id = Number(r.body.data.orderRcptId.replace(/\D/g, ''));
    const refund = await call(
      'refundOrder',
      {
        orderPkId: id,
        all: true,
        reason: 'Walk-in changed their mind',
        reference: `CASH ${String(Date.now()).slice(-6)}`,
        requestKey: `refund-${crypto.randomUUID()}`,
      },
      a,
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const order = (await db().select().from(orders).where(eq(orders.id, id)).get())!;
    expect(order).toMatchObject({ refundState: 'Refunded', passVoid: 1, refundedPaise: 60_000 });
    expect((await productRow(p.id)).taken).toBe(0);
    // the units are free again: an online sale of them goes through
    expect((await call('recordGateSale', await sale({ lines: [{ productId: p.id, qty: 2 }] }), v)).status).toBe(200);
  });
});

describe('round trips', () => {
  it('a sale takes two D1 round trips: the session with every read, then the one batch (docs/decisions/111)', async () => {
    const { exports } = await import('cloudflare:workers');
    const v = await loginAs(VOLUNTEER);
    const res = await exports.default.fetch('http://localhost/api/recordGateSale', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Bench-Rows': '1', 'X-Session-Token': v },
      body: JSON.stringify(await sale()),
    });
    expect(res.status).toBe(200);
    await res.text();
    expect(Number(res.headers.get('X-Bench-Round-Trips'))).toBe(2);
  });
});
