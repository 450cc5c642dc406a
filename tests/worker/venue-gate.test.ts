// The gate, second pass (docs/decisions/152, 153): a mistaken tap taken back by /undoCollection, decided by the
// database, and the search by name.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { formatRcptId } from '../../core/ids';
import { auditLog, collectionEvents, orders } from '../../schema/index';
import { placeOrder } from './cart-fixtures';
import { ADMIN, call, db, loginAs, MEMBER, newUser, VOLUNTEER } from './helpers';

/** A paid pass order still to collect, bought by a fresh account with the given name. */
async function passOrder(name?: string, mobileEnd?: string) {
  const mobile = mobileEnd ? `97${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}${mobileEnd}` : undefined;
  const u = await newUser({ ...(name ? { name } : {}), ...(mobile ? { mobile } : {}) });
  const orderId = await placeOrder(u.email, 'Success', [{ code: 'DPDY', qty: 2 }]);
  await db()
    .update(orders)
    .set({
      passCollected: 0,
      passCode: `pc_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`,
      userName: u.name,
      userMobile: u.mobile,
    })
    .where(eq(orders.id, orderId));
  return { ...u, orderId, rcpt: formatRcptId(orderId) };
}

const nonce = () => `n-${crypto.randomUUID()}`;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)).get())!;
const eventOf = async (n: string) =>
  (await db().select().from(collectionEvents).where(eq(collectionEvents.nonce, n)).get())!;
const undoAudits = (id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'pass.collection_undone'), eq(auditLog.entityId, String(id))))
    .all();

async function tap(rcpt: string, token: string, n = nonce()) {
  const r = await call('markCouponCollected', { orderRcptId: rcpt, nonce: n }, token);
  expect(r.status).toBe(200);
  return n;
}

describe('/undoCollection', () => {
  it('takes back a tap: the pass is to collect again, the event stays marked undone, one audit row', async () => {
    const p = await passOrder();
    const vol = await loginAs(VOLUNTEER);
    const n = await tap(p.rcpt, vol);
    const r = await call('undoCollection', { nonce: n }, vol);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      orderRcptId: p.rcpt,
      message: `Collection undone: ${p.rcpt} is not collected.`,
      pass: { passCollected: 0, collectedAt: null, collectedBy: null, email: '' },
    });
    expect(await orderRow(p.orderId)).toMatchObject({ passCollected: 0, collectedAt: null, collectedBy: null });
    expect(await eventOf(n)).toMatchObject({ isConflict: false, conflictReason: 'undone' });
    expect((await eventOf(n)).undoneAt).toBeGreaterThan(0);
    const audits = await undoAudits(p.orderId);
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.details)).toMatchObject({ nonce: n, source: 'online' });

    // the same undo again (its answer was lost) answers the same and writes nothing
    const again = await call('undoCollection', { nonce: n }, vol);
    expect(again.status).toBe(200);
    expect(await undoAudits(p.orderId)).toHaveLength(1);

    // the tap's nonce cannot collect the pass again: not from the outbox, not online
    const up = await call(
      'uploadCollections',
      { items: [{ nonce: n, orderRcptId: p.rcpt, happenedAt: Date.now() }] },
      vol,
    );
    expect(up.body.data.results[0].status).toBe('duplicate');
    expect((await orderRow(p.orderId)).passCollected).toBe(0);
    const resent = await call('markCouponCollected', { orderRcptId: p.rcpt, nonce: n }, vol);
    expect(resent.status).toBe(409);
    expect(resent.body.error).toBe('CollectionUndone');
    expect((await orderRow(p.orderId)).passCollected).toBe(0);

    // a new tap collects it
    await tap(p.rcpt, vol);
    expect((await orderRow(p.orderId)).passCollected).toBe(1);
  });

  it('takes back a collection uploaded from the outbox within the window', async () => {
    const p = await passOrder();
    const vol = await loginAs(VOLUNTEER);
    const n = nonce();
    const up = await call(
      'uploadCollections',
      { items: [{ nonce: n, orderRcptId: p.rcpt, happenedAt: Date.now() - 2_000 }] },
      vol,
    );
    expect(up.body.data.recorded).toBe(1);
    const r = await call('undoCollection', { nonce: n }, vol);
    expect(r.status).toBe(200);
    expect((await orderRow(p.orderId)).passCollected).toBe(0);
  });

  it("refuses another volunteer's tap, changing nothing", async () => {
    const p = await passOrder();
    const n = await tap(p.rcpt, await loginAs(VOLUNTEER));
    const before = await orderRow(p.orderId);
    const r = await call('undoCollection', { nonce: n }, await loginAs(ADMIN));
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('UndoRefused');
    expect(r.body.desc).toMatch(/only the volunteer who made it can, within 30 seconds/);
    expect(await orderRow(p.orderId)).toEqual(before);
    expect((await eventOf(n)).undoneAt).toBeNull();
    expect(await undoAudits(p.orderId)).toHaveLength(0);
  });

  it('refuses after the window, by the database clock', async () => {
    const p = await passOrder();
    const vol = await loginAs(VOLUNTEER);
    const n = await tap(p.rcpt, vol);
    await db()
      .update(collectionEvents)
      .set({ recordedAt: sql`${collectionEvents.recordedAt} - 31000` })
      .where(eq(collectionEvents.nonce, n));
    const r = await call('undoCollection', { nonce: n }, vol);
    expect(r.status).toBe(409);
    expect((await orderRow(p.orderId)).passCollected).toBe(1);
    expect(await undoAudits(p.orderId)).toHaveLength(0);
  });

  it('refuses when another phone collected the pass too: that is for the admins', async () => {
    const p = await passOrder();
    const vol = await loginAs(VOLUNTEER);
    const n = await tap(p.rcpt, vol);
    // another phone's later offline collection of the same pass arrives: flagged, but there are now two
    const other = await call(
      'uploadCollections',
      { items: [{ nonce: nonce(), orderRcptId: p.rcpt, happenedAt: Date.now() }] },
      await loginAs(ADMIN),
    );
    expect(other.body.data.conflicts).toBe(1);
    const r = await call('undoCollection', { nonce: n }, vol);
    expect(r.status).toBe(409);
    expect((await orderRow(p.orderId)).passCollected).toBe(1);
  });

  it('refuses an undo of a collection that no longer counts (an earlier one from another phone)', async () => {
    const p = await passOrder();
    const vol = await loginAs(VOLUNTEER);
    const n = await tap(p.rcpt, vol);
    await call(
      'uploadCollections',
      { items: [{ nonce: nonce(), orderRcptId: p.rcpt, happenedAt: Date.now() - 60_000 }] },
      await loginAs(ADMIN),
    );
    const before = await orderRow(p.orderId);
    expect((await call('undoCollection', { nonce: n }, vol)).status).toBe(409);
    expect(await orderRow(p.orderId)).toEqual(before);
  });

  it('answers 404 for a nonce nothing was recorded with, and 400 naming a bad nonce', async () => {
    const vol = await loginAs(VOLUNTEER);
    const r = await call('undoCollection', { nonce: nonce() }, vol);
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('NotFound');
    for (const body of [{}, { nonce: 'short' }, { nonce: 42 }, { nonce: 'has spaces in it' }]) {
      const bad = await call('undoCollection', body, vol);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.desc).toMatch(/nonce/);
    }
  });

  it('two undos of one millisecond write one audit row: the guard is the change, not the time', async () => {
    const p = await passOrder();
    const vol = await loginAs(VOLUNTEER);
    const n = await tap(p.rcpt, vol);
    // a Worker's clock moves only between I/O: parallel undos often read the same Date.now()
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    try {
      expect((await call('undoCollection', { nonce: n }, vol)).status).toBe(200);
      expect((await call('undoCollection', { nonce: n }, vol)).status).toBe(200);
    } finally {
      clock.mockRestore();
    }
    expect(await undoAudits(p.orderId)).toHaveLength(1);
    expect((await orderRow(p.orderId)).passCollected).toBe(0);
  });

  it('is for admins and volunteers only, checked before the body', async () => {
    const p = await passOrder();
    const n = await tap(p.rcpt, await loginAs(VOLUNTEER));
    for (const [token, status] of [
      [null, 401],
      [await loginAs(MEMBER), 403],
    ] as const) {
      for (const body of [{ nonce: n }, { nonce: 1 }]) {
        const r = await call('undoCollection', body, token);
        expect(r.status).toBe(status);
        expect(r.body.error).toBe('InsufficientAccess');
      }
    }
    expect((await orderRow(p.orderId)).passCollected).toBe(1);
  });
});

describe('/searchVenuePasses by name', () => {
  it('finds the start of a name in any case, narrowed by digits of the mobile or the contribution id', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const a = await passOrder(`Gatename${tag} Sen`, '1111');
    const b = await passOrder(`Gatename${tag} Sen`, '4321');
    const c = await passOrder(`Gatename${tag} Roy`, '5555');
    const vol = await loginAs(VOLUNTEER);
    const found = async (q: string) =>
      ((await call('searchVenuePasses', { q }, vol)).body.data as { orderRcptId: string }[])
        .map((x) => x.orderRcptId)
        .sort();
    expect(await found(`gatename${tag}`)).toEqual([a.rcpt, b.rcpt, c.rcpt].sort());
    expect(await found(`GATENAME${tag} sen`)).toEqual([a.rcpt, b.rcpt].sort());
    expect(await found(`gatename${tag} 4321`)).toEqual([b.rcpt]);
    expect(await found(`gatename${tag} ${c.rcpt}`)).toEqual([c.rcpt]);
    expect(await found(`atename${tag}`)).toEqual([]);
    // a volunteer's answer carries no email (decision 072)
    const rows = (await call('searchVenuePasses', { q: `gatename${tag}` }, vol)).body.data as { email: string }[];
    expect(rows.every((r) => r.email === '')).toBe(true);
  });

  it("uses the name index: the plan reads a range of the year's names, not every order", async () => {
    const plan = await db().all<{ detail: string }>(
      sql`EXPLAIN QUERY PLAN SELECT id FROM orders WHERE fiscal_year = '2026-27' AND pass_code IS NOT NULL
        AND lower(user_name) >= 'ananya' AND lower(user_name) < 'ananya' || char(1114111)`,
    );
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING INDEX orders_year_name_idx/);
  });

  it('is for admins and volunteers only', async () => {
    expect((await call('searchVenuePasses', { q: 'ananya' }, await loginAs(MEMBER))).status).toBe(403);
  });
});
