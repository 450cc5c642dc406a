// A refund is a refund when the money has gone (docs/decisions/145): while the gateway holds it pending nothing is
// released for good; a refund that fails leaves the contribution paid and the sponsored item with its payer, flags
// the order, and the admin retries it (/retryRefund) or records it as paid back by hand (/recordManualRefund).
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, sponsorshipClaims } from '../../schema/index';
import { refunds } from '../../schema/refunds';
import { ADMIN, call, db, loginAs, MEMBER, newUser, outbox, VOLUNTEER } from './helpers';
import {
  auditCount,
  gateway,
  key,
  linesOf,
  newSponsorItem,
  orderRow,
  paidOnline,
  refundRow,
  setMode,
  until,
} from './refund-fixtures';

let admin: string;
beforeEach(async () => {
  admin ??= await loginAs(ADMIN);
  await setMode('process');
});

const claimsOf = (orderId: number) =>
  db().select().from(sponsorshipClaims).where(eq(sponsorshipClaims.orderId, orderId)).all();
const refundsOf = (orderId: number) =>
  db().select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id).all();

/** A paid online order of a full sponsorship and a membership whose whole refund failed at the gateway. */
async function failedRefund() {
  const item = await newSponsorItem(admin);
  const paid = await paidOnline([
    { code: 'MABD', qty: 1 },
    { code: item, fullSponsor: true },
  ]);
  await setMode('fail');
  const r = await call(
    'refundOrder',
    { orderPkId: paid.orderPkId, all: true, reason: 'Cannot come', requestKey: key() },
    admin,
  );
  expect(r.body.data.refund.status).toBe('pending');
  const failed = await until(
    () => refundRow(paid.orderPkId),
    (x) => x.status === 'failed',
  );
  expect(failed.status).toBe('failed');
  await setMode('process');
  return { ...paid, failed };
}

describe('a refund that fails after it started', () => {
  it('leaves the contribution paid and the item with its payer, flags the order and tells the member', async () => {
    const { u, orderPkId, failed } = await failedRefund();
    expect(await orderRow(orderPkId)).toMatchObject({
      status: 'Success',
      refundState: null,
      refundedPaise: 0,
      passVoid: 0,
      attention: expect.stringContaining(`Refund #${failed.id}`),
    });
    // the claim was never released: nobody else could take the item while the payer had no money back
    expect((await claimsOf(orderPkId)).map((c) => c.state)).toEqual(['sponsored']);
    expect((await linesOf(orderPkId)).map((l) => [l.refundedQty, l.withheldQty])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect((await outbox(u.email)).filter((m) => m.subject.startsWith('Refund failed'))).toHaveLength(1);
    // the admin sees it: in the attention list and in the order's refunds, with nothing replacing it yet
    const attention = await call('getAttentionOrders', {}, admin);
    expect(attention.body.data.some((a: { order: { orderPkId: number } }) => a.order.orderPkId === orderPkId)).toBe(
      true,
    );
    const view = await call('getOrderRefunds', { orderPkId }, admin);
    expect(view.body.data.refunds).toMatchObject([{ refundId: failed.id, status: 'failed', replacedBy: null }]);
    expect(view.body.data.lines.every((l: { refundableQty: number }) => l.refundableQty > 0)).toBe(true);
  });

  it('/retryRefund asks the gateway again once, clears the flag, and a double click is one retry', async () => {
    const { orderPkId, failed } = await failedRefund();
    await setMode('hold'); // pending until the test settles it, so that the checks below see it pending
    const body = { refundId: failed.id, requestKey: key() };
    // presses of one click (a double click, a retry of the request), a few milliseconds apart so that some land
    // while the first is between its reads and its write: each answers the one refund the first made
    const presses = await Promise.all(
      [0, 0, 1, 2, 3, 5, 8, 13].map((ms) =>
        new Promise((r) => setTimeout(r, ms)).then(() => call('retryRefund', body, admin)),
      ),
    );
    expect(presses.map((x) => x.status)).toEqual(presses.map(() => 200));
    const [a] = presses as [(typeof presses)[0]];
    expect(new Set(presses.map((x) => x.body.data.refund.refundId)).size).toBe(1);
    expect(a.body.data.refund).toMatchObject({
      status: 'pending',
      retryOf: failed.id,
      amount: failed.amountPaise / 100,
    });
    expect((await orderRow(orderPkId)).attention).toBeNull();
    expect(await orderRow(orderPkId)).toMatchObject({ refundState: 'Refund Pending' });
    const retried = await refundRow(orderPkId);
    await gateway('settle-refund', { refund_id: retried.providerRefundId, outcome: 'processed' });
    const done = await until(
      () => refundRow(orderPkId),
      (x) => x.status === 'processed',
    );
    expect(done.retryOf).toBe(failed.id);
    expect(await orderRow(orderPkId)).toMatchObject({ refundState: 'Refunded', refundedPaise: failed.amountPaise });
    expect(await claimsOf(orderPkId)).toHaveLength(0);
    // the failed one is replaced once: a second retry is refused, naming it
    const again = await call('retryRefund', { refundId: failed.id, requestKey: key() }, admin);
    expect(again).toMatchObject({ status: 409, body: { error: 'AlreadyReplaced' } });
    const view = await call('getOrderRefunds', { orderPkId }, admin);
    expect(view.body.data.refunds[0]).toMatchObject({ refundId: failed.id, replacedBy: done.id });
    expect(await refundsOf(orderPkId)).toHaveLength(2);
  });

  it('/recordManualRefund records the money paid back by hand, releases the lines, and tells the member', async () => {
    const { u, orderPkId, failed } = await failedRefund();
    const reference = `CASH ${crypto.randomUUID().slice(0, 8)}`;
    const r = await call('recordManualRefund', { refundId: failed.id, reference, requestKey: key() }, admin);
    expect(r.status).toBe(200);
    expect(r.body.data.refund).toMatchObject({
      method: 'manual',
      status: 'processed',
      retryOf: failed.id,
      reference: reference.replace(/ /g, '').toUpperCase(),
    });
    expect(await orderRow(orderPkId)).toMatchObject({ refundState: 'Refunded', attention: null });
    expect(await claimsOf(orderPkId)).toHaveLength(0);
    const done = (await outbox(u.email)).filter((m) => m.subject.startsWith('Refund done'));
    expect(done).toHaveLength(1);
    expect(done[0]!.text).toContain(reference.replace(/ /g, '').toUpperCase());
    expect(await auditCount(orderPkId, 'refund.recorded')).toBe(1);
    // the reference is unique across the system; a refund that did not fail is not "recorded by hand"
    const other = await failedRefund();
    const reused = await call('recordManualRefund', { refundId: other.failed.id, reference, requestKey: key() }, admin);
    expect(reused).toMatchObject({ status: 400, body: { error: 'ReferenceUsed' } });
    const notFailed = await call(
      'recordManualRefund',
      { refundId: r.body.data.refund.refundId, reference: 'CASH-2', requestKey: key() },
      admin,
    );
    expect(notFailed).toMatchObject({ status: 409, body: { error: 'NotFailed' } });
  });

  it('a retry and a manual record at the same moment: one replaces the failed refund, with one audit row', async () => {
    const { orderPkId, failed } = await failedRefund();
    await setMode('hold');
    const rs = await Promise.all([
      call('retryRefund', { refundId: failed.id, requestKey: key() }, admin),
      call('recordManualRefund', { refundId: failed.id, reference: `UTR${Date.now()}`, requestKey: key() }, admin),
      call('retryRefund', { refundId: failed.id, requestKey: key() }, admin),
    ]);
    expect(rs.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of rs.filter((x) => x.status !== 200)) expect(r.body.error).toBe('AlreadyReplaced');
    const replacements = (await refundsOf(orderPkId)).filter((r) => r.retryOf === failed.id);
    expect(replacements).toHaveLength(1);
    const rows = await db()
      .select({ n: sql<number>`count(*)` })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(orderPkId)), sql`action IN ('refund.requested', 'refund.recorded')`))
      .get();
    expect(rows!.n).toBe(2); // the first refund's request and the one replacement
  });

  it('refuses bad input naming the field, unknown refunds, and anyone but an admin (before the body)', async () => {
    const { failed } = await failedRefund();
    const missing = await call('retryRefund', { requestKey: key() }, admin);
    expect(missing).toMatchObject({
      status: 400,
      body: { error: 'BadRequest', desc: expect.stringMatching(/refundId/) },
    });
    const badKey = await call('retryRefund', { refundId: failed.id, requestKey: 'x' }, admin);
    expect(badKey.body.desc).toMatch(/requestKey/);
    const noRef = await call('recordManualRefund', { refundId: failed.id, requestKey: key() }, admin);
    expect(noRef).toMatchObject({ status: 400, body: { desc: expect.stringMatching(/reference/) } });
    const badRef = await call(
      'recordManualRefund',
      { refundId: failed.id, reference: 'a;b', requestKey: key() },
      admin,
    );
    expect(badRef.body.desc).toMatch(/reference/);
    const unknown = await call('retryRefund', { refundId: 99_999_999, requestKey: key() }, admin);
    expect(unknown).toMatchObject({ status: 400, body: { error: 'UnknownRefund' } });
    for (const who of [await loginAs(MEMBER), await loginAs(VOLUNTEER), (await newUser()).token]) {
      for (const path of ['retryRefund', 'recordManualRefund']) {
        const r = await call(path, {}, who);
        expect(r).toMatchObject({ status: 403, body: { error: 'InsufficientAccess' } });
      }
    }
    const anon = await call('retryRefund', { refundId: failed.id, requestKey: key() });
    expect(anon).toMatchObject({ status: 401, body: { error: 'InsufficientAccess' } });
    expect((await refundRow(failed.orderId)).id).toBe(failed.id);
  });
});
