// Capacity per product (docs/decisions/245): units held at /startOrder and sold, released with
// the order (given up, expired, rejected, refunded), refused by the database when the last ones are gone.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderLines, orders } from '../../schema/index';
import { getConfig } from '../../worker/lib/config';
import { runBatch } from '../../worker/lib/d1-batch';
import type { Svc } from '../../worker/lib/svc';
import {
  forceTake,
  forceTakeUnits,
  overOf,
  release,
  takeUnits,
  tryTake,
} from '../../worker/services/catalogue/capacity';
import { confirmPayment, releaseOrder } from '../../worker/services/transitions/orders';
import { allowConsoleError } from '../fixtures/fail-on-console-error';
import { buyer, newPass, productRow } from './capacity-fixtures';
import { bindings, call, db } from './helpers';

const s = (): Svc => ({ db: db(), config: getConfig(bindings), env: bindings, origin: 'http://localhost' });

describe('capacity core (worker/services/catalogue/capacity.ts)', () => {
  it('takes only what fits, forces past the capacity when told to and reports how far, releases', async () => {
    const p = await newPass(5);
    expect(await tryTake(s(), p.id, 3)).toBe(true);
    expect(await tryTake(s(), p.id, 3)).toBe(false);
    expect((await productRow(p.id)).taken).toBe(3);
    expect(await tryTake(s(), p.id, 2)).toBe(true);
    expect(await forceTake(s(), p.id, 3)).toEqual({ over: 3 });
    const after = await productRow(p.id);
    expect(after).toMatchObject({ taken: 8, oversold: 3 });
    await release(s(), p.id, 4);
    expect((await productRow(p.id)).taken).toBe(4);
    expect(await forceTake(s(), p.id, 2)).toEqual({ over: 1 });
    expect((await productRow(p.id)).oversold).toBe(4);
    // unlimited: every take fits, nothing is ever over
    const free = await newPass(null);
    expect(await tryTake(s(), free.id, 1000)).toBe(true);
    expect(await forceTake(s(), free.id, 5)).toEqual({ over: 0 });
    expect(await productRow(free.id)).toMatchObject({ taken: 1005, oversold: 0 });
  });

  it('a take that does not fit rolls back the whole batch it is in', async () => {
    const p = await newPass(2);
    const q = await newPass(10);
    await expect(runBatch(db(), [takeUnits(q.id, 4), takeUnits(p.id, 3)])).rejects.toThrow(/guard:sold_out/);
    expect((await productRow(q.id)).taken).toBe(0);
    const results = await runBatch(db(), [takeUnits(q.id, 4), forceTakeUnits(p.id, 3)]);
    expect(overOf(results[1])).toBe(1);
    expect((await productRow(q.id)).taken).toBe(4);
  });
});

describe('/startOrder holds units; the order releases them', () => {
  it('holds the units, refuses the buyer who finds them gone with the product named, releases on giving up', async () => {
    const p = await newPass(3);
    const a = await buyer(p.id, 2);
    const ra = await call('startOrder', { offline: true }, a.token);
    expect(ra.status).toBe(200);
    expect((await productRow(p.id)).taken).toBe(2);
    const b = await buyer(p.id, 2);
    const rb = await call('startOrder', { offline: true }, b.token);
    expect(rb.status).toBe(409);
    expect(rb.body.error).toBe('SoldOut');
    expect(rb.body.desc).toBe(`Only 1 of "${p.name}" are left now. Please lower the quantity and try again.`);
    // nothing of the refused checkout was written; its cart is still there to change
    expect((await productRow(p.id)).taken).toBe(2);
    expect((await call('getCartDetails', {}, b.token)).body.data.selectedProducts).toHaveLength(1);
    // giving up frees the units, and the other buyer gets them
    expect((await call('giveUpOrder', { orderRcptId: ra.body.data.orderRcptId }, a.token)).status).toBe(200);
    expect((await productRow(p.id)).taken).toBe(0);
    expect((await call('startOrder', { offline: true }, b.token)).status).toBe(200);
    expect((await productRow(p.id)).taken).toBe(2);
    const c = await buyer(p.id, 2);
    const rc = await call('startOrder', { offline: true }, c.token);
    expect(rc.body.error).toBe('SoldOut');
    const d = await buyer(p.id, 1);
    expect((await call('startOrder', { offline: true }, d.token)).status).toBe(200);
    const e = await buyer(p.id, 1);
    const re = await call('startOrder', { offline: true }, e.token);
    expect(re.status).toBe(409);
    expect(re.body.desc).toMatch(/has just sold out/);
  });

  it('a rejected transfer, a refund and a late capture move the units with the order', async () => {
    const p = await newPass(4);
    const a = await buyer(p.id, 3);
    const start = (await call('startOrder', { offline: true }, a.token)).body.data;
    expect((await productRow(p.id)).taken).toBe(3);
    await releaseOrder(s(), { orderId: start.orderPkId, to: 'Failed', reason: 'test', via: 'admin', actorId: null });
    expect((await productRow(p.id)).taken).toBe(0);
    // someone else takes 2 of the 4 meanwhile; the given-up order is paid after all: its 3 come back, 1 past
    const b = await buyer(p.id, 2);
    expect((await call('startOrder', { offline: true }, b.token)).status).toBe(200);
    await db().update(orders).set({ status: 'Pending Payment' }).where(eq(orders.id, start.orderPkId));
    expect(await productRow(p.id)).toMatchObject({ taken: 5, oversold: 1 });
    // a processed refund of 2 units gives them back
    await db().update(orderLines).set({ refundedQty: 2 }).where(eq(orderLines.orderId, start.orderPkId));
    expect((await productRow(p.id)).taken).toBe(3);
    const line = await db().select().from(orderLines).where(eq(orderLines.orderId, start.orderPkId)).get();
    expect(line?.capacityUnits).toBe(1);
    // repeating the same refund figure changes nothing
    await db().update(orderLines).set({ refundedQty: 2 }).where(eq(orderLines.orderId, start.orderPkId));
    expect((await productRow(p.id)).taken).toBe(3);
  });

  it('a payment for a given-up order whose units were sold meanwhile is kept and flagged for an admin', async () => {
    allowConsoleError(/order\.late_capture_conflict/);
    const p = await newPass(2);
    const a = await buyer(p.id, 2);
    const start = (await call('startOrder', { offline: true }, a.token)).body.data;
    await releaseOrder(s(), { orderId: start.orderPkId, to: 'Failed', reason: 'test', via: 'admin', actorId: null });
    const b = await buyer(p.id, 1);
    expect((await call('startOrder', { offline: true }, b.token)).status).toBe(200);
    const { changed, order } = await confirmPayment(s(), {
      orderId: start.orderPkId,
      via: 'reconciler',
      actorId: null,
    });
    expect(changed).toBe(true);
    expect(order.status).toBe('Success');
    expect(await productRow(p.id)).toMatchObject({ taken: 3, oversold: 1 });
    const flagged = await db().select().from(orders).where(eq(orders.id, start.orderPkId)).get();
    expect(flagged?.attention).toContain(`sold past the capacity meanwhile: ${p.name} (3 of 2)`);
  });

  it('race: parallel checkouts for the last units sell exactly the capacity', async () => {
    for (let round = 0; round < 4; round++) {
      const p = await newPass(3);
      const people = await Promise.all(Array.from({ length: 7 }, () => buyer(p.id, 1)));
      const rs = await Promise.all(people.map((u, i) => call('startOrder', { offline: i % 2 === 0 }, u.token)));
      const ok = rs.filter((r) => r.status === 200);
      expect(ok).toHaveLength(3);
      expect(rs.filter((r) => r.status === 409).every((r) => r.body.error === 'SoldOut')).toBe(true);
      expect(rs.filter((r) => r.status !== 200 && r.status !== 409)).toHaveLength(0);
      const sold = await db().select().from(orderLines).where(eq(orderLines.productId, p.id)).all();
      expect(sold.reduce((a, l) => a + l.qty, 0)).toBe(3);
      expect((await productRow(p.id)).taken).toBe(3);
    }
  });
});
