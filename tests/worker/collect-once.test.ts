// The "collect once" guard run directly (docs/decisions/070): the batch of an online tap,
// built as markCollected builds it from a pass read as collectable, is run after another statement changed the
// pass. Requests hardly interleave in the worker tier, so only this order of events shows that the database
// refuses the write: taking a guard out of the batch's statements makes these tests fail.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, collectionEvents, orders, users } from '../../schema/index';
import { runBatch } from '../../worker/lib/d1-batch';
import { collectStatements, type Tap } from '../../worker/services/venue/collection';
import { placeOrder } from './cart-fixtures';
import { ADMIN, db, newUser, VOLUNTEER } from './helpers';

const idOf = async (email: string) => (await db().select().from(users).where(eq(users.email, email)).get())!.id;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)).get())!;
const eventsOf = (nonce: string) => db().select().from(collectionEvents).where(eq(collectionEvents.nonce, nonce)).all();
const auditsOf = async (orderId: number) =>
  (
    await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pass.collected'), eq(auditLog.entityId, String(orderId))))
      .all()
  ).length;

/** A paid pass order still to collect, and the tap a volunteer makes after reading it as collectable. */
async function readCollectable() {
  const u = await newUser();
  const orderId = await placeOrder(u.email, 'Success', [{ code: 'DPDY', qty: 2 }]);
  await db()
    .update(orders)
    .set({ passCollected: 0, passCode: `pc_${crypto.randomUUID().slice(0, 20)}` })
    .where(eq(orders.id, orderId));
  const read = await orderRow(orderId);
  expect(read).toMatchObject({ status: 'Success', passCollected: 0, passVoid: 0 });
  const tap: Tap = {
    orderId,
    nonce: `tap-${crypto.randomUUID()}`,
    deviceId: 'gate-1',
    volunteerId: await idOf(VOLUNTEER.email),
    happenedAt: Date.now(),
    email: null,
  };
  return { orderId, tap };
}

/** True when the batch's UPDATE collected the pass (its change count includes the updated_at trigger's). */
const collect = async (tap: Tap) => {
  const [, , update] = await runBatch(db(), collectStatements(db(), tap));
  return update.meta.changes > 0;
};

describe('collect once, decided by the database', () => {
  it('collects a pass nobody changed: the control for the cases below', async () => {
    const { orderId, tap } = await readCollectable();
    expect(await collect(tap)).toBe(true);
    expect(await orderRow(orderId)).toMatchObject({ passCollected: 1, collectedAt: tap.happenedAt });
    expect(await eventsOf(tap.nonce)).toHaveLength(1);
    expect(await auditsOf(orderId)).toBe(1);
  });

  const changes: [string, (id: number, adminId: number) => Promise<unknown>][] = [
    [
      'another volunteer collected it',
      (id, adminId) =>
        db()
          .update(orders)
          .set({ passCollected: 1, collectedAt: Date.now() - 60_000, collectedBy: adminId })
          .where(eq(orders.id, id)),
    ],
    ['it was refunded', (id) => db().update(orders).set({ passVoid: 1 }).where(eq(orders.id, id))],
    ['its payment was rejected', (id) => db().update(orders).set({ status: 'Rejected' }).where(eq(orders.id, id))],
  ];

  it.each(changes)('records and collects nothing when, after the read, %s', async (_, change) => {
    const { orderId, tap } = await readCollectable();
    await change(orderId, await idOf(ADMIN.email));
    const changed = await orderRow(orderId);
    expect(await collect(tap)).toBe(false);
    expect(await orderRow(orderId)).toEqual(changed);
    expect(await eventsOf(tap.nonce)).toHaveLength(0);
    expect(await auditsOf(orderId)).toBe(0);
  });

  it('a tap retried after it collected the pass changes nothing: the first time counts', async () => {
    const { orderId, tap } = await readCollectable();
    expect(await collect(tap)).toBe(true);
    const first = await orderRow(orderId);
    expect(await collect({ ...tap, happenedAt: tap.happenedAt + 5_000 })).toBe(false);
    expect(await orderRow(orderId)).toEqual(first);
    expect(await eventsOf(tap.nonce)).toHaveLength(1);
    expect(await auditsOf(orderId)).toBe(1);
  });

  it("a contributor's email that does not match records and collects nothing", async () => {
    const { orderId, tap } = await readCollectable();
    expect(await collect({ ...tap, email: 'someone@else.org' })).toBe(false);
    expect((await orderRow(orderId)).passCollected).toBe(0);
    expect(await eventsOf(tap.nonce)).toHaveLength(0);
    expect(await auditsOf(orderId)).toBe(0);
  });
});
