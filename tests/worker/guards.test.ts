// The D1 guards of the state changes, tested directly. Requests never interleave inside one isolate, so the
// tests below "a row changed after it was read" read a row, change its status with another statement, and
// then run the transition's write (worker/services/transitions/) with the row as it was read: only the
// conditional UPDATE ... WHERE status = <from> and its change count can refuse it. Removing a guard (the
// status condition of a transition, the change-count check, "pass_collected = 0" of a collection) fails them.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, collectionEvents, orderLines, orders, payments, sponsorshipClaims, users } from '../../schema/index';
import { refunds } from '../../schema/refunds';
import { getConfig } from '../../worker/lib/config';
import type { Actor } from '../../worker/lib/session';
import type { Svc } from '../../worker/lib/svc';
import { markCollected } from '../../worker/services/venue/collection';
import {
  attachTransferToFailed,
  confirmLoaded,
  confirmPayment,
  loadOrder,
  releaseLoaded,
  releaseOrder,
  submitTransfer,
} from '../../worker/services/transitions/orders';
import { createRefund, moveRefund } from '../../worker/services/transitions/refunds';
import { claim, placeOrder } from './cart-fixtures';
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

const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)).get())!;
const attemptsOf = (id: number) => db().select().from(payments).where(eq(payments.orderId, id)).all();
const mails = async (email: string, subject: RegExp) => (await outbox(email)).filter((m) => subject.test(m.subject));

describe('a transition against a row changed after it was read', () => {
  it('an approval of a transfer rejected meanwhile is refused: no Success, no audit row, no email, no member', async () => {
    const u = await newUser();
    const id = await placeOrder(u.email, 'Pending Approval', [{ code: 'MABD', qty: 1 }]);
    await db()
      .insert(payments)
      .values({
        orderId: id,
        method: 'bank_transfer',
        status: 'submitted',
        amountPaise: 100,
        transactionId: `TXN${id}A`,
      });
    const read = (await loadOrder(s(), id))!;
    await db().update(orders).set({ status: 'Rejected' }).where(eq(orders.id, id));
    const r = await confirmLoaded(s(), read, { orderId: id, via: 'admin', actorId: null });
    expect(r.changed).toBe(false);
    const row = await orderRow(id);
    expect(row.status).toBe('Rejected');
    expect(row.passCode).toBeNull();
    expect(row.successTs).toBeNull();
    expect((await attemptsOf(id)).map((p) => p.status)).toEqual(['submitted']);
    expect(await audits(id, 'order.approved')).toBe(0);
    expect(await mails(u.email, /^Contribution confirmed/)).toHaveLength(0);
    const user = (await db().select().from(users).where(eq(users.email, u.email)).get())!;
    expect(user.isMember).toBeFalsy();
  });

  it('a second capture of an order paid meanwhile is refused: the first payment stays, one audit row, one email', async () => {
    const u = await newUser();
    const id = await placeOrder(u.email, 'Pending Payment', [{ code: 'MABD', qty: 1 }]);
    const rzpOrder = `order_guard${id}`;
    await db().update(orders).set({ paymentType: 'Online' }).where(eq(orders.id, id));
    await db()
      .insert(payments)
      .values({ orderId: id, method: 'razorpay', status: 'created', amountPaise: 100, providerOrderId: rzpOrder });
    const read = (await loadOrder(s(), id))!;
    const first = await confirmPayment(s(), {
      orderId: id,
      via: 'webhook',
      actorId: null,
      razorpay: { paymentId: `pay_first${id}`, orderId: rzpOrder, amountPaise: 100 },
    });
    expect(first.changed).toBe(true);
    const paid = await orderRow(id);
    const second = await confirmLoaded(s(), read, {
      orderId: id,
      via: 'callback',
      actorId: null,
      razorpay: { paymentId: `pay_second${id}`, orderId: rzpOrder, amountPaise: 100 },
    });
    expect(second.changed).toBe(false);
    const row = await orderRow(id);
    expect(row.transactionId).toBe(`pay_first${id}`);
    expect(row.passCode).toBe(paid.passCode);
    expect(row.successTs).toBe(paid.successTs);
    expect((await attemptsOf(id)).map((p) => [p.status, p.providerPaymentId])).toEqual([
      ['captured', `pay_first${id}`],
    ]);
    expect(await audits(id, 'order.paid')).toBe(1);
    expect(await mails(u.email, /^Contribution confirmed/)).toHaveLength(1);
  });

  it('an expiry of an order whose transfer was shared meanwhile is refused: the hold and the attempt stay', async () => {
    const u = await newUser();
    const id = await claim('SPRS', u.email, 'held');
    const read = (await loadOrder(s(), id))!;
    const shared = await submitTransfer(s(), read, { transactionId: `TXN${id}B`, bankName: null, actorId: null });
    expect(shared.changed).toBe(true);
    const r = await releaseLoaded(s(), read, {
      orderId: id,
      to: 'Failed',
      reason: 'Transfer details not shared in time',
      via: 'reconciler',
      actorId: null,
    });
    expect(r.changed).toBe(false);
    expect((await orderRow(id)).status).toBe('Pending Approval');
    expect((await orderRow(id)).rejectReason).toBeNull();
    const claims = await db().select().from(sponsorshipClaims).where(eq(sponsorshipClaims.orderId, id)).all();
    expect(claims.map((c) => c.state)).toEqual(['held']);
    expect((await attemptsOf(id)).map((p) => p.status)).toEqual(['submitted']);
    expect(await audits(id, 'order.failed')).toBe(0);
  });

  it('a rejection of a transfer approved meanwhile is refused: no Rejected, no audit row, no email', async () => {
    const u = await newUser();
    const id = await placeOrder(u.email, 'Pending Approval', [{ code: 'MABD', qty: 1 }]);
    const read = (await loadOrder(s(), id))!;
    expect((await confirmPayment(s(), { orderId: id, via: 'admin', actorId: null })).changed).toBe(true);
    const r = await releaseLoaded(s(), read, {
      orderId: id,
      to: 'Rejected',
      reason: 'No credit',
      via: 'admin',
      actorId: null,
    });
    expect(r.changed).toBe(false);
    expect((await orderRow(id)).status).toBe('Success');
    expect(await audits(id, 'order.rejected')).toBe(0);
    expect(await mails(u.email, /^Contribution not verified/)).toHaveLength(0);
  });

  it('a transfer shared for an order given up meanwhile is refused: no attempt, no audit row', async () => {
    const u = await newUser();
    const id = await placeOrder(u.email, 'Pending Payment', [{ code: 'MABD', qty: 1 }]);
    const read = (await loadOrder(s(), id))!;
    await releaseOrder(s(), { orderId: id, to: 'Failed', reason: 'Given up', via: 'checkout', actorId: null });
    const r = await submitTransfer(s(), read, { transactionId: `TXN${id}C`, bankName: null, actorId: null });
    expect(r.changed).toBe(false);
    const row = await orderRow(id);
    expect(row.status).toBe('Failed');
    expect(row.transactionId).toBeNull();
    expect(await attemptsOf(id)).toHaveLength(0);
    expect(await audits(id, 'order.transfer_submitted')).toBe(0);
  });

  it('completing a Failed order by hand, by two admins with two transaction ids: one transfer is attached', async () => {
    const u = await newUser();
    const id = await placeOrder(u.email, 'Failed', [{ code: 'MABD', qty: 1 }]);
    const read = (await loadOrder(s(), id))!;
    const first = await attachTransferToFailed(s(), read, {
      transactionId: `TXN${id}D`,
      bankName: 'SBI',
      actorId: null,
    });
    // the second admin read the order before the first attached: still Failed in what it read
    const second = await attachTransferToFailed(s(), read, {
      transactionId: `TXN${id}E`,
      bankName: null,
      actorId: null,
    });
    expect([first.changed, second.changed]).toEqual([true, false]);
    const row = await orderRow(id);
    expect(row.transactionId).toBe(`TXN${id}D`);
    expect((await attemptsOf(id)).map((a) => a.transactionId)).toEqual([`TXN${id}D`]);
    expect(await audits(id, 'order.transfer_attached')).toBe(1);
  });

  it('a transfer attached to an order that left Failed meanwhile is refused: no attempt, no audit row', async () => {
    const u = await newUser();
    const id = await placeOrder(u.email, 'Failed', [{ code: 'MABD', qty: 1 }]);
    const read = (await loadOrder(s(), id))!;
    await db().update(orders).set({ status: 'Success' }).where(eq(orders.id, id));
    const r = await attachTransferToFailed(s(), read, { transactionId: `TXN${id}F`, bankName: null, actorId: null });
    expect(r.changed).toBe(false);
    expect((await orderRow(id)).transactionId).toBeNull();
    expect(await attemptsOf(id)).toHaveLength(0);
    expect(await audits(id, 'order.transfer_attached')).toBe(0);
  });

  it('a refund settled meanwhile is not settled again: no effects, no audit row', async () => {
    const u = await newUser();
    const id = await placeOrder(u.email, 'Success', [{ code: 'MABD', qty: 1 }]);
    const line = (await db().select().from(orderLines).where(eq(orderLines.orderId, id)).get())!;
    const actor = (await db().select().from(users).where(eq(users.email, u.email)).get())!;
    const read = await createRefund(
      s(),
      { id },
      {
        requestKey: `guard-refund-${id}`,
        method: 'razorpay',
        status: 'requested',
        amountPaise: 100,
        reason: 'Test',
        providerPaymentId: `pay_refund${id}`,
        reference: null,
        lines: [{ lineId: line.id, code: line.code, qty: 1, amountPaise: 100 }],
        actorId: actor.id,
      },
    );
    const failed = await moveRefund(s(), read, ['requested'], 'failed', { via: 'admin', actorId: null });
    expect(failed.changed).toBe(true);
    const r = await moveRefund(s(), read, ['requested'], 'processed', { via: 'webhook', actorId: null });
    expect(r.changed).toBe(false);
    expect((await db().select().from(refunds).where(eq(refunds.id, read.id)).get())!.status).toBe('failed');
    const row = await orderRow(id);
    expect(row.refundedPaise).toBe(0);
    expect(row.refundState).toBeNull();
    expect(await audits(id, 'refund.processed')).toBe(0);
    expect(await audits(id, 'refund.failed')).toBe(1);
  });
});
