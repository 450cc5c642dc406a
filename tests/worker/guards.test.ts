// The D1 guards of the state changes, tested directly: the services are called in parallel in one isolate,
// so each one reads the row before any of them writes, and only the conditional write can decide. Removing
// a guard (the status condition of a transition, "pass_collected = 0" of a collection) fails these tests.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, collectionEvents, orders, users } from '../../schema/index';
import { getConfig } from '../../worker/lib/config';
import type { Actor } from '../../worker/lib/session';
import type { Svc } from '../../worker/lib/svc';
import { markCollected } from '../../worker/services/collection';
import { confirmPayment, releaseOrder } from '../../worker/services/payments';
import { placeOrder } from './cart-fixtures';
import { bindings, db, newUser, outbox, VOLUNTEER } from './helpers';

const s = (): Svc => ({ db: db(), config: getConfig(bindings), env: bindings, origin: 'http://localhost' });

const audits = async (orderId: number, action: string) =>
  (await db()
    .select({ n: sql<number>`count(*)` })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(orderId)), eq(auditLog.action, action)))
    .get())!.n;

async function volunteer(): Promise<Actor> {
  const u = (await db().select().from(users).where(eq(users.email, VOLUNTEER.email)).get())!;
  return { ...u, userId: u.id, sessionId: 0 };
}

describe('order transitions', () => {
  it('five parallel approvals of one transfer: one changes it, one audit row, one email', async () => {
    const u = await newUser();
    const id = await placeOrder(u.email, 'Pending Approval', [{ code: 'MABD', qty: 1 }]);
    const rs = await Promise.all(
      Array.from({ length: 5 }, () => confirmPayment(s(), { orderId: id, via: 'admin', actorId: null })),
    );
    expect(rs.filter((r) => r.changed)).toHaveLength(1);
    expect(await audits(id, 'order.approved')).toBe(1);
    expect((await outbox(u.email)).filter((m) => /^Contribution confirmed/.test(m.subject))).toHaveLength(1);
  });

  it('an approval and a rejection at the same moment: exactly one decides', async () => {
    for (let round = 0; round < 5; round++) {
      const u = await newUser();
      const id = await placeOrder(u.email, 'Pending Approval', [{ code: 'MABD', qty: 1 }]);
      const [approved, rejected] = await Promise.allSettled([
        confirmPayment(s(), { orderId: id, via: 'admin', actorId: null }),
        releaseOrder(s(), { orderId: id, to: 'Rejected', reason: 'No credit', via: 'admin', actorId: null }),
      ]);
      const changed = [approved, rejected].filter((r) => r.status === 'fulfilled' && r.value.changed);
      expect(changed, `round ${round}`).toHaveLength(1);
      const row = (await db().select().from(orders).where(eq(orders.id, id)).get())!;
      expect(['Success', 'Rejected']).toContain(row.status);
      expect((await audits(id, 'order.approved')) + (await audits(id, 'order.rejected'))).toBe(1);
    }
  });
});

describe('collect once', () => {
  it('six volunteers tapping one pass at once: one collection, one event, one audit row', async () => {
    const u = await newUser();
    const id = await placeOrder(u.email, 'Pending Approval', [{ code: 'DPDY', qty: 2 }]);
    await confirmPayment(s(), { orderId: id, via: 'admin', actorId: null });
    const actor = await volunteer();
    const rs = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        markCollected(s(), actor, { orderRcptId: id, nonce: `tap-${id}-${i}-nonce` }),
      ),
    );
    expect(rs.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of rs) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/already collected/i);
    const events = await db().select().from(collectionEvents).where(eq(collectionEvents.orderId, id)).all();
    expect(events).toHaveLength(1);
    expect(await audits(id, 'pass.collected')).toBe(1);
  });
});
