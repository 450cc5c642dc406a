// A refund racing a pass collection ends in one state, decided by the database (docs/decisions/145): either the
// pass is collected and the refund of its units refused, or the refund stands and the collection is refused (an
// offline upload is recorded, flagged as a conflict and not counted). The refund withholds its units in the very
// batch that writes it, before the gateway is asked; the collection's UPDATE needs a pass that is not void, and
// the refund's trigger a pass that is not collected. Requests do not interleave in this tier: the race itself, with
// real parallel requests, is in tests/e2e/races.test.ts; here each order of events is run directly.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatRcptId } from '../../core/ids';
import { collectionEvents, refunds, users } from '../../schema/index';
import { createRefund } from '../../worker/services/transitions/refunds';
import { ADMIN, call, db, loginAs, VOLUNTEER } from './helpers';
import { key, linesOf, orderRow, paidOnline, s, setMode } from './refund-fixtures';

let admin: string;
let volunteer: string;
beforeEach(async () => {
  admin ??= await loginAs(ADMIN);
  volunteer ??= await loginAs(VOLUNTEER);
  await setMode('process');
});

const standing = async (orderId: number) =>
  (await db().select().from(refunds).where(eq(refunds.orderId, orderId)).all()).filter((r) => r.status !== 'failed');

/** The admin's first write of an online refund: the row 'requested' with its lines, before the gateway answers. */
async function requested(orderId: number, qty?: number) {
  const [line] = await linesOf(orderId);
  const adminId = (await db().select().from(users).where(eq(users.email, ADMIN.email)).get())!.id;
  const units = qty ?? line!.qty;
  return createRefund(
    s(),
    { id: orderId },
    {
      requestKey: key(),
      method: 'razorpay',
      status: 'requested',
      amountPaise: Math.floor((line!.sellPricePaise * units) / line!.qty),
      reason: 'Race',
      providerPaymentId: `pay_race${orderId}`,
      reference: null,
      lines: [
        {
          lineId: line!.id,
          code: line!.code,
          qty: units,
          amountPaise: Math.floor((line!.sellPricePaise * units) / line!.qty),
        },
      ],
      actorId: adminId,
    },
  );
}

describe('a refund and a collection of the same pass', () => {
  it('a refund asked for (the gateway not answered yet) makes the pass void: the tap is refused', async () => {
    const { orderPkId } = await paidOnline([{ code: 'DPAD', qty: 2 }]);
    await requested(orderPkId);
    expect(await orderRow(orderPkId)).toMatchObject({ passVoid: 1, refundState: 'Refund Pending' });
    const tap = await call('markCouponCollected', { orderRcptId: formatRcptId(orderPkId) }, volunteer);
    expect(tap).toMatchObject({ status: 409, body: { error: 'Refunded' } });
    expect((await orderRow(orderPkId)).passCollected).toBe(0);
    // a phone's offline queue: recorded, never refused, but flagged and not counted
    const up = await call(
      'uploadCollections',
      { items: [{ nonce: `n-${crypto.randomUUID()}`, orderRcptId: formatRcptId(orderPkId), happenedAt: Date.now() }] },
      volunteer,
    );
    expect(up.body.data.results[0].status).toBe('conflict');
    expect((await orderRow(orderPkId)).passCollected).toBe(0);
    const ev = await db().select().from(collectionEvents).where(eq(collectionEvents.orderId, orderPkId)).get();
    expect(ev).toMatchObject({ isConflict: true, conflictReason: 'refunded' });
  });

  it('part of the passes being refunded: the tap hands out the rest only', async () => {
    const { orderPkId } = await paidOnline([{ code: 'DPAD', qty: 3 }]);
    await requested(orderPkId, 1);
    const tap = await call('markCouponCollected', { orderRcptId: formatRcptId(orderPkId) }, volunteer);
    expect(tap.status).toBe(200);
    expect(tap.body.data.pass).toMatchObject({ qty: 2, refunded: false });
  });

  it('a pass collected first: the refund of its units is refused by the database, even past the app check', async () => {
    const { orderPkId } = await paidOnline([{ code: 'DPAD', qty: 2 }]);
    const tap = await call('markCouponCollected', { orderRcptId: formatRcptId(orderPkId) }, volunteer);
    expect(tap.status).toBe(200);
    await expect(requested(orderPkId)).rejects.toThrow(/guard:pass_collected/);
    expect(await standing(orderPkId)).toHaveLength(0);
    const r = await call('refundOrder', { orderPkId, all: true, reason: 'x', requestKey: key() }, admin);
    expect(r).toMatchObject({ status: 409, body: { error: 'PassCollected' } });
  });
});
