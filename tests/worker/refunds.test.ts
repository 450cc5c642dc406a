// Cancellations and refunds: server-computed amounts, the Razorpay Refunds API of the test
// gateway with its idempotency and webhooks, direct-transfer refunds, what a refund releases, and the
// database guards under parallel requests.
import { exports } from 'cloudflare:workers';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { collectionEvents, sponsorshipClaims } from '../../schema/index';
import { refunds, testGatewayRefunds } from '../../schema/refunds';
import { hmacSha256Hex } from '../../worker/lib/crypto';
import { reconcileRefunds } from '../../worker/services/refunds/refunds';
import { releaseOrder } from '../../worker/services/transitions/orders';
import { newUtr } from '../fixtures/bank-statements';
import { allowConsoleError } from '../fixtures/fail-on-console-error';
import { ADMIN, call, db, loginAs, newUser, outbox, VOLUNTEER } from './helpers';
import {
  AUTH,
  auditCount,
  fillCart,
  gateway,
  key,
  linesOf,
  orderRow,
  type Pick,
  paidOnline,
  paidTransfer,
  refundRow,
  s,
  setMode,
  until,
} from './refund-fixtures';

async function refundWebhook(event: string, refund: Record<string, unknown>, eventId = `evt_${crypto.randomUUID()}`) {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['refund', 'payment'],
    payload: {
      refund: { entity: { entity: 'refund', currency: 'INR', ...refund } },
      payment: {
        entity: {
          id: refund.payment_id,
          entity: 'payment',
          amount: 100,
          currency: 'INR',
          status: 'captured',
          order_id: 'order_x',
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
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

let admin: string;
beforeEach(async () => {
  admin ??= await loginAs(ADMIN);
  await setMode('process');
});

describe('/refundOrder online', () => {
  it('refunds a sponsorship through the Refunds API, frees the item once the refund is processed', async () => {
    const { u, orderPkId, paymentId } = await paidOnline([
      { code: 'MABD', qty: 1 },
      { code: 'SDHK', fullSponsor: true },
    ]);
    const before = await orderRow(orderPkId);
    const lines = await linesOf(orderPkId);
    const sponsorLine = lines.find((l) => l.code === 'SDHK')!;
    expect(
      await db().select().from(sponsorshipClaims).where(eq(sponsorshipClaims.orderId, orderPkId)).all(),
    ).toHaveLength(1);

    // the dialog's quote is the server's number: what the line cost, without the convenience charge
    const quote = await call('getRefundQuote', { orderPkId, lines: [{ lineId: sponsorLine.id }] }, admin);
    expect(quote.body.data.amountInPaisa).toBe(sponsorLine.sellPricePaise);

    // the gateway holds it pending until the test settles it (its own webhooks would race the checks below)
    await setMode('hold');
    const r = await call(
      'refundOrder',
      { orderPkId, lines: [{ lineId: sponsorLine.id }], reason: 'Festival plan changed', requestKey: key() },
      admin,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.refund).toMatchObject({
      method: 'razorpay',
      status: 'pending',
      amount: sponsorLine.sellPricePaise / 100,
    });
    expect(r.body.data.message).toMatch(/started/);
    // the gateway holds the refund, keyed by our refund record
    const row = await refundRow(orderPkId);
    const gw = await db()
      .select()
      .from(testGatewayRefunds)
      .where(eq(testGatewayRefunds.id, row.providerRefundId!))
      .get();
    expect(gw).toMatchObject({
      paymentId,
      amount: sponsorLine.sellPricePaise,
      idempotencyKey: `samiti-refund-${row.id}`,
    });
    // while the gateway holds it pending the money has not gone: the payer keeps the item, both read "pending"
    const claims = () => db().select().from(sponsorshipClaims).where(eq(sponsorshipClaims.orderId, orderPkId)).all();
    expect(await claims()).toHaveLength(1);
    expect(await orderRow(orderPkId)).toMatchObject({
      status: 'Success',
      refundState: 'Refund Pending',
      refundedPaise: 0,
      passVoid: 0,
    });
    const mine = (await call('getOrders', {}, u.token)).body.data.find(
      (x: { orderPkId: number }) => x.orderPkId === orderPkId,
    );
    expect(mine).toMatchObject({ refundState: 'Refund Pending', refunds: [{ status: 'pending' }] });
    const shop = async () =>
      (await call('getProducts', {}, (await newUser()).token)).body.data.productsResponses.SPONSORSHIP.find(
        (p: { code: string }) => p.code === 'SDHK',
      );
    expect((await shop()).sponsoredBy).toBe(u.name);
    // then the gateway processes it and refund.processed arrives: released, the order partially refunded
    await gateway('settle-refund', { refund_id: row.providerRefundId, outcome: 'processed' });
    const done = await until(
      () => refundRow(orderPkId),
      (x) => x.status === 'processed',
    );
    expect(done.status).toBe('processed');
    expect(await claims()).toHaveLength(0);
    expect(await orderRow(orderPkId)).toMatchObject({
      refundState: 'Partially Refunded',
      refundedPaise: sponsorLine.sellPricePaise,
    });
    expect(await shop()).toMatchObject({ available: true, sponsoredBy: null });
    expect(await auditCount(orderPkId, 'refund.requested')).toBe(1);
    expect(await auditCount(orderPkId, 'refund.accepted')).toBe(1);
    expect(await auditCount(orderPkId, 'refund.processed')).toBe(1);
    const mails = (await outbox(u.email)).map((m) => m.subject);
    expect(mails.filter((x) => x.startsWith('Refund started'))).toHaveLength(1);
    expect(mails.filter((x) => x.startsWith('Refund done'))).toHaveLength(1);
    expect(before.conveniencePaise).toBeGreaterThan(0);
  });

  it('answers a double click (the same requestKey) with the same refund, and the gateway never refunds twice', async () => {
    const { orderPkId, paymentId } = await paidOnline([{ code: 'MHHR', qty: 2 }]);
    const body = { orderPkId, all: true, reason: 'Cannot attend', requestKey: key() };
    const [a, b] = await Promise.all([call('refundOrder', body, admin), call('refundOrder', body, admin)]);
    const c = await call('refundOrder', body, admin);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a.body.data.refund.refundId, b.body.data.refund.refundId, c.body.data.refund.refundId]).size).toBe(
      1,
    );
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderPkId)).all()).toHaveLength(1);
    const listed = await exports.default.fetch(`http://localhost/dev/razorpay/v1/payments/${paymentId}/refunds`, {
      headers: AUTH,
    });
    expect(((await listed.json()) as any).count).toBe(1);
  });

  it('the gateway answers the same X-Refund-Idempotency key with the same refund', async () => {
    const { paymentId } = await paidOnline([{ code: 'MABD', qty: 1 }]);
    const create = () =>
      exports.default.fetch(`http://localhost/dev/razorpay/v1/payments/${paymentId}/refund`, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json', 'X-Refund-Idempotency': 'same-key-1' },
        body: JSON.stringify({ amount: 10000 }),
      });
    await setMode('hold');
    const [a, b] = await Promise.all([create(), create()]);
    const [ja, jb] = [(await a.json()) as any, (await b.json()) as any];
    expect(ja.id).toMatch(/^rfnd_/);
    expect(jb.id).toBe(ja.id);
    const fetched = await exports.default.fetch(`http://localhost/dev/razorpay/v1/refunds/${ja.id}`, { headers: AUTH });
    expect(await fetched.json()).toMatchObject({
      id: ja.id,
      entity: 'refund',
      amount: 10000,
      payment_id: paymentId,
      status: 'pending',
    });
    // beyond the captured amount: refused as Razorpay refuses it
    const tooMuch = await exports.default.fetch(`http://localhost/dev/razorpay/v1/payments/${paymentId}/refund`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json', 'X-Refund-Idempotency': 'other-key-1' },
      body: JSON.stringify({ amount: 10_000_000 }),
    });
    expect(tooMuch.status).toBe(400);
    // without the keys: refused
    const anon = await exports.default.fetch(`http://localhost/dev/razorpay/v1/refunds/${ja.id}`);
    expect(anon.status).toBe(401);
  });

  it('leaves the order as it was when the gateway refuses, and says why', async () => {
    allowConsoleError(/"event":"razorpay.error".*refund/); // the gateway's refusal, logged for the operator
    const { orderPkId } = await paidOnline([{ code: 'MABD', qty: 1 }]);
    await setMode('refuse');
    const r = await call('refundOrder', { orderPkId, all: true, reason: 'Test', requestKey: key() }, admin);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      error: 'RefundRefused',
      desc: expect.stringMatching(/refused the refund: .+Nothing was changed/),
    });
    expect(await orderRow(orderPkId)).toMatchObject({ refundState: null, refundedPaise: 0, passVoid: 0 });
    expect((await refundRow(orderPkId)).status).toBe('failed');
    // the amount is free again: a later refund goes through
    await setMode('process');
    const again = await call('refundOrder', { orderPkId, all: true, reason: 'Test', requestKey: key() }, admin);
    expect(again.status).toBe(200);
  });

  it('settles webhooks that arrive twice and out of order to one state, with one email each', async () => {
    const { u, orderPkId, paymentId } = await paidOnline([{ code: 'MABD', qty: 1 }]);
    await setMode('hold');
    const r = await call('refundOrder', { orderPkId, all: true, reason: 'Twice', requestKey: key() }, admin);
    expect(r.body.data.refund.status).toBe('pending');
    const row = await refundRow(orderPkId);
    const entity = {
      id: row.providerRefundId,
      payment_id: paymentId,
      amount: row.amountPaise,
      notes: { samiti_refund: String(row.id) },
    };
    // processed first, then processed again (a new event id), then the late created, then the same event twice
    const p1 = await refundWebhook('refund.processed', { ...entity, status: 'processed' });
    const p2 = await refundWebhook('refund.processed', { ...entity, status: 'processed' });
    const created = await refundWebhook('refund.created', { ...entity, status: 'pending' }, 'evt_dup_created');
    const dup = await refundWebhook('refund.created', { ...entity, status: 'pending' }, 'evt_dup_created');
    expect([p1.status, p2.status, created.status, dup.status]).toEqual([200, 200, 200, 200]);
    expect(p1.body.data).toEqual({ received: true });
    expect(p2.body.data.ignored).toMatch(/processed/);
    expect(dup.body.data.duplicate).toBe(true);
    expect((await refundRow(orderPkId)).status).toBe('processed');
    // a late failure cannot undo a processed refund
    const late = await refundWebhook('refund.failed', { ...entity, status: 'failed' });
    expect(late.body.data.ignored).toMatch(/processed/);
    expect(await orderRow(orderPkId)).toMatchObject({ refundState: 'Refunded' });
    expect((await outbox(u.email)).filter((m) => m.subject.startsWith('Refund done'))).toHaveLength(1);
    expect(await auditCount(orderPkId, 'refund.processed')).toBe(1);
  });

  it('a refund that fails at the gateway after it started gives the lines back and tells the member', async () => {
    const { u, orderPkId } = await paidOnline([{ code: 'MABD', qty: 2 }]);
    await setMode('fail');
    const r = await call('refundOrder', { orderPkId, all: true, reason: 'Try', requestKey: key() }, admin);
    expect(r.body.data.refund.status).toBe('pending');
    expect((await orderRow(orderPkId)).passVoid).toBe(1);
    const failed = await until(
      () => refundRow(orderPkId),
      (x) => x.status === 'failed',
    );
    expect(failed.status).toBe('failed');
    expect(await orderRow(orderPkId)).toMatchObject({
      refundState: null,
      refundedPaise: 0,
      passVoid: 0,
      attention: expect.stringMatching(/failed at the payment gateway/),
    });
    expect((await outbox(u.email)).filter((m) => m.subject.startsWith('Refund failed'))).toHaveLength(1);
  });

  it('the reconciler settles a pending refund by asking the gateway', async () => {
    const { orderPkId } = await paidOnline([{ code: 'MABD', qty: 1 }]);
    await setMode('hold');
    await call('refundOrder', { orderPkId, all: true, reason: 'Cron', requestKey: key() }, admin);
    const row = await refundRow(orderPkId);
    const settled = await gateway('settle-refund', {
      refund_id: row.providerRefundId,
      outcome: 'processed',
      webhooks: false,
    });
    expect(settled.body.status).toBe('processed');
    expect((await refundRow(orderPkId)).status).toBe('pending');
    const out = await reconcileRefunds(s(), Date.now() + 120_000);
    expect(out.settled).toBeGreaterThanOrEqual(1);
    expect((await refundRow(orderPkId)).status).toBe('processed');
  });
});

describe('/refundOrder guards', () => {
  it('two admins refunding the same order at the same moment: one refund, the others a clear 400', async () => {
    const admin2 = await loginAs(ADMIN);
    const { orderPkId } = await paidTransfer([{ code: 'MHHR', qty: 3 }], admin);
    const rs = await Promise.all(
      [admin, admin2, admin, admin2].map((who, i) =>
        call(
          'refundOrder',
          {
            orderPkId,
            all: true,
            reason: `Admin ${i}`,
            reference: `RACE${i}${crypto.randomUUID().slice(0, 8)}`,
            requestKey: key(),
          },
          who,
        ),
      ),
    );
    expect(rs.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    for (const loser of rs.filter((r) => r.status === 400)) expect(loser.body.error).toBe('AlreadyRefunded');
    const live = await db()
      .select({ sum: sql<number>`sum(amount_paise)`, n: sql<number>`count(*)` })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderPkId), sql`status <> 'failed'`))
      .get();
    const o = await orderRow(orderPkId);
    expect(live).toEqual({ sum: o.totalPaise - o.conveniencePaise, n: 1 });
  });

  it('parallel partial refunds of one line never exceed its units', async () => {
    const { orderPkId } = await paidOnline([{ code: 'MHHR', qty: 3 }]);
    const [line] = await linesOf(orderPkId);
    const rs = await Promise.all(
      [1, 2, 3, 4].map(() =>
        call(
          'refundOrder',
          { orderPkId, lines: [{ lineId: line!.id, qty: 1 }], reason: 'One', requestKey: key() },
          admin,
        ),
      ),
    );
    expect(rs.filter((r) => r.status === 200)).toHaveLength(3);
    expect(rs.filter((r) => r.status === 400)).toHaveLength(1);
    const after = await until(
      () => linesOf(orderPkId),
      (ls) => ls[0]!.refundedQty === 3,
    );
    expect(after[0]!.refundedQty).toBe(3);
    expect((await orderRow(orderPkId)).refundedPaise).toBe(line!.sellPricePaise);
  });

  it('refuses an order that is not Success, unknown orders, foreign and refunded lines, and bad input', async () => {
    const u = await newUser();
    await fillCart(u.token, [{ code: 'MABD', qty: 1 }]);
    const start = await call('startOrder', { offline: false }, u.token);
    const pending = await call(
      'refundOrder',
      { orderPkId: start.body.data.orderPkId, all: true, reason: 'x', requestKey: key() },
      admin,
    );
    expect(pending.status).toBe(409);
    expect(pending.body).toMatchObject({
      error: 'NotPaid',
      desc: expect.stringMatching(/Pending Payment.*only a paid/),
    });

    const unknown = await call(
      'refundOrder',
      { orderPkId: 99_999_999, all: true, reason: 'x', requestKey: key() },
      admin,
    );
    expect(unknown).toMatchObject({ status: 400, body: { error: 'UnknownOrder', desc: expect.stringMatching(/SMT/) } });

    const one = await paidOnline([{ code: 'MABD', qty: 1 }]);
    const other = await paidOnline([{ code: 'MHHR', qty: 1 }]);
    const [foreign] = await linesOf(other.orderPkId);
    const bad = await call(
      'refundOrder',
      { orderPkId: one.orderPkId, lines: [{ lineId: foreign!.id }], reason: 'x', requestKey: key() },
      admin,
    );
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'UnknownLine', desc: expect.stringMatching(/not a line of this contribution/) },
    });

    expect(
      (await call('refundOrder', { orderPkId: one.orderPkId, all: true, reason: 'x', requestKey: key() }, admin))
        .status,
    ).toBe(200);
    const again = await call(
      'refundOrder',
      { orderPkId: one.orderPkId, all: true, reason: 'x', requestKey: key() },
      admin,
    );
    expect(again.body.error).toBe('AlreadyRefunded');

    const noReason = await call('refundOrder', { orderPkId: one.orderPkId, all: true, requestKey: key() }, admin);
    expect(noReason).toMatchObject({
      status: 400,
      body: { error: 'BadRequest', desc: expect.stringMatching(/reason is required/) },
    });
    const both = await call(
      'refundOrder',
      { orderPkId: one.orderPkId, all: true, lines: [{ lineId: 1 }], reason: 'x', requestKey: key() },
      admin,
    );
    expect(both.body.desc).toMatch(/lines/);
    const amount = await call(
      'refundOrder',
      { orderPkId: one.orderPkId, all: true, reason: 'x', requestKey: key(), amount: 1 },
      admin,
    );
    expect(amount.body.desc).toMatch(/unknown field/);
    const zero = await call(
      'refundOrder',
      { orderPkId: one.orderPkId, lines: [{ lineId: 1, qty: 0 }], reason: 'x', requestKey: key() },
      admin,
    );
    expect(zero.body.desc).toMatch(/qty must be at least 1/);
    const online = await call(
      'refundOrder',
      { orderPkId: other.orderPkId, all: true, reason: 'x', reference: 'UTR12345', requestKey: key() },
      admin,
    );
    expect(online.body.desc).toMatch(/takes no reference/);
  });

  it('is for admins only, checked before the body', async () => {
    const volunteer = await loginAs(VOLUNTEER);
    const member = (await newUser()).token;
    for (const path of ['refundOrder', 'getRefundQuote', 'getOrderRefunds']) {
      expect((await call(path, { nonsense: true }, volunteer)).status).toBe(403);
      expect((await call(path, { nonsense: true }, member)).status).toBe(403);
      expect((await call(path, { nonsense: true })).status).toBe(401);
    }
  });
});

describe('direct transfers', () => {
  it("answers a double click on recording a transfer's refund with the one refund, never 'reference used'", async () => {
    const { orderPkId } = await paidTransfer([{ code: 'MABD', qty: 1 }], admin);
    const body = { orderPkId, all: true, reason: 'Moved away', reference: `UTR${Date.now()}`, requestKey: key() };
    // presses a few milliseconds apart: some land after the first has written the refund and its reference
    const presses = await Promise.all(
      [0, 0, 1, 2, 3, 5, 8, 13].map((ms) =>
        new Promise((r) => setTimeout(r, ms)).then(() => call('refundOrder', body, admin)),
      ),
    );
    expect(presses.map((x) => [x.status, x.body.error])).toEqual(presses.map(() => [200, undefined]));
    expect(new Set(presses.map((x) => x.body.data.refund.refundId)).size).toBe(1);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderPkId)).all()).toHaveLength(1);
    // after it, the same press answers the same refund; the same reference under another key is another refund
    expect((await call('refundOrder', body, admin)).status).toBe(200);
    const other = await call('refundOrder', { ...body, requestKey: key() }, admin);
    expect(other.status).toBe(400);
  });

  it('records the refund with a reference unique across the system', async () => {
    const { u, orderPkId, txn } = await paidTransfer([{ code: 'MABD', qty: 1 }], admin);
    const noRef = await call('refundOrder', { orderPkId, all: true, reason: 'Moved away', requestKey: key() }, admin);
    expect(noRef.body.desc).toMatch(/reference is required/);
    // a payer's transaction id cannot be a refund reference
    const reused = await call(
      'refundOrder',
      { orderPkId, all: true, reason: 'x', reference: txn, requestKey: key() },
      admin,
    );
    expect(reused).toMatchObject({ status: 400, body: { error: 'ReferenceUsed' } });
    // the NEFT UTR of the money sent back, as an admin may type it (spaces, lower case)
    const ref = `sbin 4233 ${String(Date.now()).slice(-8)}`;
    const r = await call(
      'refundOrder',
      { orderPkId, all: true, reason: 'Moved away', reference: ref, requestKey: key() },
      admin,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.refund).toMatchObject({
      method: 'bank_transfer',
      status: 'processed',
      reference: ref.replace(/\s/g, '').toUpperCase(),
    });
    expect(await orderRow(orderPkId)).toMatchObject({ refundState: 'Refunded', passVoid: 1 });
    expect((await outbox(u.email)).filter((m) => m.subject.startsWith('Refund done'))).toHaveLength(1);
    expect(await auditCount(orderPkId, 'refund.recorded')).toBe(1);
    // the Overview shows refunds and net amounts per category and payment type
    const overview = (await call('getOverview', {}, admin)).body.data;
    const row = overview.byCategory.find(
      (x: { category: string; paymentType: string }) => x.category === 'MEMBERSHIP' && x.paymentType === 'Offline',
    );
    expect(row.refunded).toBeGreaterThanOrEqual(1500);
    expect(row.net).toBeCloseTo(row.amount - row.refunded - row.carriedOver, 2);
    expect(overview.totals.net).toBeCloseTo(
      overview.totals.amount - overview.totals.refunded - overview.totals.carriedOver,
      2,
    );

    // the same reference for another order's refund, or as another payer's transaction id: refused
    const other = await paidTransfer([{ code: 'MHHR', qty: 1 }], admin);
    const twice = await call(
      'refundOrder',
      { orderPkId: other.orderPkId, all: true, reason: 'x', reference: ref, requestKey: key() },
      admin,
    );
    expect(twice.body.error).toBe('ReferenceUsed');
    const payer = await newUser();
    await fillCart(payer.token, [{ code: 'MABD', qty: 1 }]);
    const start = await call('startOrder', { offline: true }, payer.token);
    const shared = await call(
      'handleOfflineOrder',
      { isOffline: true, offlineTxnId: ref, offlineBankName: 'SBI', orderRcptId: start.body.data.orderRcptId },
      payer.token,
    );
    expect(shared.status).toBe(409);
    expect(shared.body.error).toBe('TransactionIdUsed');
  });
});

describe('what a refund releases', () => {
  it('refunded passes are void: the venue refuses them as Refunded, and the sync carries it', async () => {
    const { u, orderPkId } = await paidOnline([{ code: 'DPAD', qty: 3 }]);
    const volunteer = await loginAs(VOLUNTEER);
    const [line] = await linesOf(orderPkId);
    // 1 of 3 passes: the pass stays good for the other 2
    await call(
      'refundOrder',
      { orderPkId, lines: [{ lineId: line!.id, qty: 1 }], reason: 'One less', requestKey: key() },
      admin,
    );
    const found = await call('searchVenuePasses', { q: u.email }, volunteer);
    expect(found.body.data[0]).toMatchObject({ qty: 2, refunded: false });
    await call('refundOrder', { orderPkId, all: true, reason: 'None', requestKey: key() }, admin);
    const rcpt = `SMT${String(orderPkId).padStart(6, '0')}`;
    const refused = await call('markCouponCollected', { orderRcptId: rcpt }, volunteer);
    expect(refused).toMatchObject({
      status: 409,
      body: { error: 'Refunded', desc: expect.stringMatching(/refunded/) },
    });
    await until(
      () => orderRow(orderPkId),
      (o) => o.refundState === 'Refunded',
    );
    const again = await call('searchVenuePasses', { q: u.email }, volunteer);
    expect(again.body.data[0]).toMatchObject({ refunded: true, qty: 0 });
    // the admin lists: not waiting to be collected any more, and no units left in the totals
    const notCollected = await call('getDPKPNotCollectedOrder', {}, admin);
    expect(notCollected.body.data.some((x: { orderPkId: number }) => x.orderPkId === orderPkId)).toBe(false);
    // the member's QR is gone
    const mine = await call('getOrders', {}, u.token);
    const o = mine.body.data.find((x: { orderPkId: number }) => x.orderPkId === orderPkId);
    expect(o).toMatchObject({ passCode: null, refundState: 'Refunded' });
  });

  it('an offline collection of a refunded pass uploaded later is recorded, not counted, and flagged', async () => {
    const { orderPkId } = await paidOnline([{ code: 'DPAD', qty: 1 }]);
    const happenedAt = Date.now() - 1000;
    await call('refundOrder', { orderPkId, all: true, reason: 'x', requestKey: key() }, admin);
    const volunteer = await loginAs(VOLUNTEER);
    const r = await call(
      'uploadCollections',
      { items: [{ nonce: `n-${crypto.randomUUID()}`, orderRcptId: formatRcpt(orderPkId), happenedAt }] },
      volunteer,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.results[0].status).toBe('conflict');
    expect((await orderRow(orderPkId)).passCollected).toBe(0);
    const ev = await db().select().from(collectionEvents).where(eq(collectionEvents.orderId, orderPkId)).get();
    expect(ev).toMatchObject({ isConflict: true, conflictReason: 'refunded' });
  });

  it('refuses to refund passes once collected, but still a sponsorship of the same order', async () => {
    const { orderPkId } = await paidOnline([
      { code: 'MABD', qty: 1 },
      { code: 'SSBH', fullSponsor: true },
    ]);
    const volunteer = await loginAs(VOLUNTEER);
    const rcpt = `SMT${String(orderPkId).padStart(6, '0')}`;
    expect((await call('markCouponCollected', { orderRcptId: rcpt }, volunteer)).status).toBe(200);
    const all = await call('refundOrder', { orderPkId, all: true, reason: 'x', requestKey: key() }, admin);
    expect(all).toMatchObject({ status: 409, body: { error: 'PassCollected' } });
    const sponsor = (await linesOf(orderPkId)).find((l) => l.code === 'SSBH')!;
    const ok = await call(
      'refundOrder',
      { orderPkId, lines: [{ lineId: sponsor.id }], reason: 'x', requestKey: key() },
      admin,
    );
    expect(ok.status).toBe(200);
  });

  it('a refunded co-sponsorship frees the item for a full sponsor', async () => {
    const co = await paidOnline([{ code: 'SSTG', fullSponsor: false }]);
    const buyer = await newUser();
    const item = async () =>
      (await call('getProducts', {}, buyer.token)).body.data.productsResponses.SPONSORSHIP.find(
        (p: { code: string }) => p.code === 'SSTG',
      );
    expect(await item()).toMatchObject({ coSponsored: true });
    await call('refundOrder', { orderPkId: co.orderPkId, all: true, reason: 'x', requestKey: key() }, admin);
    await until(
      () => orderRow(co.orderPkId),
      (o) => o.refundState === 'Refunded',
    );
    expect(await item()).toMatchObject({ coSponsored: false, available: true });
    const full = await paidOnline([{ code: 'SSTG', fullSponsor: true }], buyer);
    expect((await orderRow(full.orderPkId)).status).toBe('Success');
    expect(
      await db().select().from(sponsorshipClaims).where(eq(sponsorshipClaims.orderId, full.orderPkId)).all(),
    ).toHaveLength(1);
  });

  it('a refunded UTSAV membership no longer gives member-priced passes', async () => {
    const { u, orderPkId } = await paidOnline([{ code: 'MUTV', qty: 1 }]);
    expect((await call('getUtsavUserCount', {}, u.token)).body.data.count).toBe(1);
    await call('refundOrder', { orderPkId, all: true, reason: 'x', requestKey: key() }, admin);
    expect((await call('getUtsavUserCount', {}, u.token)).body.data.count).toBe(0);
  });
});

describe('/carryOverOrder', () => {
  it("moves a paid order's membership and sponsorship to the next festival year, once", async () => {
    const { u, orderPkId } = await paidOnline([
      { code: 'MABD', qty: 2 },
      { code: 'SPRS', fullSponsor: true },
    ]);
    const before = await orderRow(orderPkId);
    const next = `${Number(before.fiscalYear.slice(0, 4)) + 1}-${String((Number(before.fiscalYear.slice(0, 4)) + 2) % 100).padStart(2, '0')}`;
    const r = await call('carryOverOrder', { orderPkId, reason: 'Festival called off', requestKey: key() }, admin);
    expect(r.status).toBe(200);
    expect(r.body.data.refund).toMatchObject({
      method: 'carry_over',
      status: 'processed',
      carriedTo: expect.stringMatching(/^SMT/),
    });
    const row = await refundRow(orderPkId);
    const carried = await orderRow(row.carriedToOrderId!);
    expect(carried).toMatchObject({
      fiscalYear: next,
      status: 'Success',
      userId: before.userId,
      totalPaise: before.totalPaise - before.conveniencePaise,
      conveniencePaise: 0,
      passCollected: 0,
    });
    expect((await linesOf(carried.id)).map((l) => [l.code, l.qty])).toEqual([
      ['MABD', 2],
      ['SPRS', 1],
    ]);
    // the item is sponsored next year by the same member, and free this year
    const claims = await db().select().from(sponsorshipClaims).where(eq(sponsorshipClaims.userId, before.userId)).all();
    expect(claims.map((c) => [c.orderId, c.fiscalYear])).toEqual([[carried.id, next]]);
    expect(await orderRow(orderPkId)).toMatchObject({ refundState: 'Carried Over', refundedPaise: 0, passVoid: 1 });
    expect(await auditCount(orderPkId, 'order.carried_over')).toBe(1);
    expect(await auditCount(carried.id, 'order.carried_in')).toBe(1);
    const mail = (await outbox(u.email)).find((m) => m.subject.startsWith('Contribution carried over'));
    expect(mail?.text).toContain('Festival called off');
    // the member sees it
    const mine = (await call('getOrders', {}, u.token)).body.data;
    expect(mine.find((o: { orderPkId: number }) => o.orderPkId === orderPkId)).toMatchObject({
      refundState: 'Carried Over',
      refunds: [expect.objectContaining({ method: 'carry_over', carriedTo: expect.stringMatching(/^SMT/) })],
    });
    expect(mine.find((o: { orderPkId: number }) => o.orderPkId === carried.id)).toMatchObject({
      fiscalYear: next,
      status: 'Success',
    });
    // twice: nothing left
    const again = await call('carryOverOrder', { orderPkId, reason: 'Again', requestKey: key() }, admin);
    expect(again).toMatchObject({ status: 400, body: { error: 'NothingToCarry' } });
    // nor can it be refunded afterwards
    const refund = await call('refundOrder', { orderPkId, all: true, reason: 'x', requestKey: key() }, admin);
    expect(refund.body.error).toBe('AlreadyRefunded');
  });

  it('refuses when the item is taken next year, changing nothing', async () => {
    const first = await paidOnline([{ code: 'SFLW', fullSponsor: true }]);
    expect(
      (await call('carryOverOrder', { orderPkId: first.orderPkId, reason: 'x', requestKey: key() }, admin)).status,
    ).toBe(200);
    // someone else sponsors it this year, then their order is carried over too: the item is taken next year
    const second = await paidOnline([{ code: 'SFLW', fullSponsor: true }]);
    const r = await call('carryOverOrder', { orderPkId: second.orderPkId, reason: 'x', requestKey: key() }, admin);
    expect(r).toMatchObject({ status: 409, body: { error: 'ItemTaken' } });
    expect(await orderRow(second.orderPkId)).toMatchObject({ refundState: null });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, second.orderPkId)).all()).toHaveLength(0);
    expect(
      (
        await call(
          'carryOverOrder',
          { orderPkId: second.orderPkId, reason: 'x', requestKey: key() },
          await loginAs(VOLUNTEER),
        )
      ).status,
    ).toBe(403);
  });
});

describe('/completeFailedOrder', () => {
  /** Paid at the gateway, but the order was given up before the app heard of it (no webhook, no callback). */
  async function paidButFailed(picks: Pick[]) {
    const user = await newUser();
    await fillCart(user.token, picks);
    const start = await call('startOrder', { offline: false }, user.token);
    const paid = await gateway('pay', {
      key: 'rzp_test_local',
      order_id: start.body.data.orderOrTokenId,
      outcome: 'success',
      webhooks: false,
    });
    const orderPkId = start.body.data.orderPkId as number;
    await releaseOrder(s(), { orderId: orderPkId, to: 'Failed', reason: 'expired', via: 'reconciler', actorId: null });
    expect((await orderRow(orderPkId)).status).toBe('Failed');
    return {
      u: user,
      orderPkId,
      paymentId: paid.body.razorpay_payment_id as string,
      rzpOrder: start.body.data.orderOrTokenId,
    };
  }

  it('completes an online order by its Razorpay payment id, checked against the gateway, once', async () => {
    allowConsoleError(/"event":"razorpay.error".*pay_NoSuchPayment01/); // the unknown payment id asked below
    const { u, orderPkId, paymentId } = await paidButFailed([{ code: 'MHHR', qty: 1 }]);
    const other = await paidButFailed([{ code: 'MHHR', qty: 1 }]);
    const foreign = await call('completeFailedOrder', { orderPkId, razorpayPaymentId: other.paymentId }, admin);
    expect(foreign).toMatchObject({ status: 409, body: { error: 'ForeignPayment' } });
    const unknown = await call('completeFailedOrder', { orderPkId, razorpayPaymentId: 'pay_NoSuchPayment01' }, admin);
    expect(unknown).toMatchObject({ status: 400, body: { error: 'UnknownPayment' } });
    const bad = await call('completeFailedOrder', { orderPkId, razorpayPaymentId: 'not-an-id' }, admin);
    expect(bad.body.desc).toMatch(/razorpayPaymentId must be a Razorpay payment id/);

    const r = await call('completeFailedOrder', { orderPkId, razorpayPaymentId: paymentId }, admin);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'Success', lost: null });
    expect(await orderRow(orderPkId)).toMatchObject({ status: 'Success', transactionId: paymentId });
    expect((await outbox(u.email)).filter((m) => m.subject.startsWith('Contribution confirmed'))).toHaveLength(1);
    expect(await auditCount(orderPkId, 'order.completed_by_admin')).toBe(1);
    const again = await call('completeFailedOrder', { orderPkId, razorpayPaymentId: paymentId }, admin);
    expect(again).toMatchObject({ status: 409, body: { error: 'NotFailed' } });
    // a failed payment is not money received
    const failedPay = await newUser();
    await fillCart(failedPay.token, [{ code: 'MABD', qty: 1 }]);
    const start = await call('startOrder', { offline: false }, failedPay.token);
    const nope = await gateway('pay', {
      key: 'rzp_test_local',
      order_id: start.body.data.orderOrTokenId,
      outcome: 'failure',
      webhooks: false,
    });
    await releaseOrder(s(), {
      orderId: start.body.data.orderPkId,
      to: 'Failed',
      reason: 'x',
      via: 'reconciler',
      actorId: null,
    });
    const notCaptured = await call(
      'completeFailedOrder',
      { orderPkId: start.body.data.orderPkId, razorpayPaymentId: nope.body.error.metadata.payment_id },
      admin,
    );
    expect(notCaptured).toMatchObject({ status: 409, body: { error: 'NotCaptured' } });
  });

  it('says so when the item was taken meanwhile, so that the admin refunds it instead', async () => {
    allowConsoleError(/"event":"order.late_capture_conflict"/); // flagged for the admins
    const late = await paidButFailed([{ code: 'SCUL', fullSponsor: true }]);
    await paidOnline([{ code: 'SCUL', fullSponsor: true }]);
    const r = await call(
      'completeFailedOrder',
      { orderPkId: late.orderPkId, razorpayPaymentId: late.paymentId },
      admin,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.lost).toMatch(/sponsored by someone else/);
    expect(r.body.data.message).toMatch(/refund that line instead/);
    const [line] = await linesOf(late.orderPkId);
    const refund = await call(
      'refundOrder',
      { orderPkId: late.orderPkId, lines: [{ lineId: line!.id }], reason: 'Item taken', requestKey: key() },
      admin,
    );
    expect(refund.status).toBe(200);
  });

  it('completes a direct transfer by its bank/UPI transaction id, unique across the system', async () => {
    const u = await newUser();
    await fillCart(u.token, [{ code: 'MABD', qty: 1 }]);
    const start = await call('startOrder', { offline: true }, u.token);
    const orderPkId = start.body.data.orderPkId as number;
    await releaseOrder(s(), {
      orderId: orderPkId,
      to: 'Failed',
      reason: 'Transfer details not shared in time',
      via: 'reconciler',
      actorId: null,
    });
    const none = await call('completeFailedOrder', { orderPkId }, admin);
    expect(none.body.desc).toMatch(/transactionId is required/);
    const txn = newUtr();
    const r = await call('completeFailedOrder', { orderPkId, transactionId: txn, bankName: 'SBI' }, admin);
    expect(r.status).toBe(200);
    expect(await orderRow(orderPkId)).toMatchObject({ status: 'Success', transactionId: txn });
    const other = await newUser();
    await fillCart(other.token, [{ code: 'MABD', qty: 1 }]);
    const o2 = await call('startOrder', { offline: true }, other.token);
    await releaseOrder(s(), {
      orderId: o2.body.data.orderPkId,
      to: 'Failed',
      reason: 'x',
      via: 'reconciler',
      actorId: null,
    });
    const reused = await call('completeFailedOrder', { orderPkId: o2.body.data.orderPkId, transactionId: txn }, admin);
    expect(reused).toMatchObject({ status: 400, body: { error: 'TransactionIdUsed' } });
    expect(
      (await call('completeFailedOrder', { orderPkId, transactionId: txn }, await loginAs(VOLUNTEER))).status,
    ).toBe(403);
  });
});

const formatRcpt = (id: number) => `SMT${String(id).padStart(6, '0')}`;

describe('reminders for unpaid transfers', () => {
  it('reminds once after TRANSFER_REMINDER_DAYS with the payment details, and expires after TRANSFER_EXPIRE_DAYS', async () => {
    const { remindUnpaidTransfers } = await import('../../worker/services/checkout/transfer-reminders');
    const { reconcilePayments } = await import('../../worker/services/checkout/payments');
    const u = await newUser();
    await fillCart(u.token, [{ code: 'MABD', qty: 1 }]);
    const start = await call('startOrder', { offline: true }, u.token);
    const orderPkId = start.body.data.orderPkId as number;
    const created = (await orderRow(orderPkId)).createdAt;
    const day = 24 * 60 * 60 * 1000;
    // too young: nothing
    await remindUnpaidTransfers(s(), created + day);
    expect((await outbox(u.email)).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(0);
    // after 2 days (the default), twice at once: one reminder
    await Promise.all([remindUnpaidTransfers(s(), created + 3 * day), remindUnpaidTransfers(s(), created + 3 * day)]);
    await remindUnpaidTransfers(s(), created + 4 * day);
    const mails = (await outbox(u.email)).filter((m) => m.subject.startsWith('Reminder'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(start.body.data.orderRcptId);
    expect(mails[0]!.text).toMatch(/IFSC: /);
    expect(mails[0]!.text).toContain(`/profile#${start.body.data.orderRcptId}`);
    // after 7 days (the default) the cron gives it up
    await reconcilePayments(s(), created + 8 * day);
    expect((await orderRow(orderPkId)).status).toBe('Failed');
  });
});
