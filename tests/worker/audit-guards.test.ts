// An admin action's audit row is written in the batch of the change it records, only when that change is made
//. Requests do not interleave in this tier (the parallel requests are in tests/e2e/audit-once.test.ts):
// here each batch is built from a row as it was read and run after another write changed it, as in guards.test.ts.
// Writing the audit row unconditionally (or outside the batch) makes these tests fail.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../schema/index';
import { runBatch } from '../../worker/lib/d1-batch';
import { settingsWrites } from '../../worker/services/admin/admin-system';
import { getSettings } from '../../worker/services/admin/settings';
import { confirmLoaded, loadOrder } from '../../worker/services/transitions/orders';
import { placeOrder } from './cart-fixtures';
import { ADMIN, db, newUser } from './helpers';
import { s } from './refund-fixtures';

const rows = async (entityType: string, entityId: string, action: string) =>
  (await db()
    .select({ n: sql<number>`count(*)` })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId), eq(auditLog.action, action)))
    .get())!.n;

const adminId = async () => (await db().select().from(users).where(eq(users.email, ADMIN.email)).get())!.id;

describe('settings', () => {
  it('a change read before another admin saved the same value writes no second audit row', async () => {
    const id = await adminId();
    const before = await getSettings(db(), ['membershipLive', 'dailyPassLive', 'bank', 'convenienceChargeBasisPoints']);
    const to = before.convenienceChargeBasisPoints + 7;
    const next = { convenienceChargeBasisPoints: to };
    const count = () => rows('setting', 'convenienceChargeBasisPoints', 'settings.updated');
    const start = await count();
    // both admins read the same settings; the first one's batch runs
    await runBatch(db(), settingsWrites(db(), id, before, next, ['convenienceChargeBasisPoints']));
    expect(await count()).toBe(start + 1);
    // the second one's batch, built from the same read, changes nothing and records nothing
    await runBatch(db(), settingsWrites(db(), id, before, next, ['convenienceChargeBasisPoints']));
    expect(await count()).toBe(start + 1);
    expect((await getSettings(db(), ['convenienceChargeBasisPoints'])).convenienceChargeBasisPoints).toBe(to);
    // the row names what it replaced, as stored
    const last = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, 'convenienceChargeBasisPoints'))
      .orderBy(sql`id DESC`)
      .get();
    expect(JSON.parse(last!.details)).toEqual({ from: before.convenienceChargeBasisPoints, to });
    await runBatch(
      db(),
      settingsWrites(db(), id, { ...before, convenienceChargeBasisPoints: to }, before, [
        'convenienceChargeBasisPoints',
      ]),
    );
  });
});

describe('completing a failed order by hand', () => {
  it("the admin's row goes with the completion: none for an order completed meanwhile", async () => {
    const u = await newUser();
    const id = await placeOrder(u.email, 'Failed', [{ code: 'MABD', qty: 1 }]);
    const read = (await loadOrder(s(), id))!;
    const audit = { action: 'order.completed_by_admin', details: { transactionId: 'UTRTEST' } };
    const first = await confirmLoaded(s(), read, { orderId: id, via: 'reconciler', actorId: await adminId(), audit });
    expect(first.changed).toBe(true);
    expect(await rows('order', String(id), 'order.completed_by_admin')).toBe(1);
    const second = await confirmLoaded(s(), read, { orderId: id, via: 'reconciler', actorId: await adminId(), audit });
    expect(second.changed).toBe(false);
    expect(await rows('order', String(id), 'order.completed_by_admin')).toBe(1);
  });
});
