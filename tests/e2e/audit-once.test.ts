// Every admin action is audited once: the audit row is written in the same batch as the change it
// records, and only when that change was made. Fired as real parallel requests against `wrangler dev` (requests
// interleave here, not in the worker tier): a double click, a retry or two admins at once leave one change and one
// audit row per kind of action. Moving a kind's audit row out of its guarded batch makes its case fail.
import { describe, expect, it } from 'vitest';
import { api, post, uniqueEmail } from './browser';
import { newUtr } from '../fixtures/bank-statements';

const TIMES = 6;

let adminToken: string | null = null;
async function admin() {
  adminToken ??= (await post<{ session: string }>('login', { email: 'admin@example.org', password: 'admin-demo-123' }))
    .session;
  return adminToken;
}
/** A second admin session: "two admins at once" are two sessions of the demo admin. */
async function admin2() {
  return (await post<{ session: string }>('login', { email: 'admin@example.org', password: 'admin-demo-123' })).session;
}

/** The audit rows of one entity and action (newest first), as the Audit tab reads them. */
async function auditRows(entityType: string, entityId: string | number, action: string) {
  const page = await post<{ rows: { action: string; details: Record<string, unknown> }[] }>(
    'getAuditLog',
    { entityType, entityId: String(entityId), action },
    await admin(),
  );
  return page.rows;
}

/** The same call TIMES times at once, from two admin sessions; answers the statuses. */
async function fire(path: string, body: (i: number) => object, times = TIMES) {
  const tokens = [await admin(), await admin2()];
  const rs = await Promise.all(Array.from({ length: times }, (_, i) => api(path, body(i), tokens[i % 2])));
  return rs;
}

/** Every product's id by code: the contributions' catalogue and the daily passes'. */
async function productIds() {
  const lists = await Promise.all(
    ['getProducts', 'getUProducts'].map(async (path) =>
      Object.values(
        (await post<{ productsResponses: Record<string, { id: number; code: string }[]> }>(path, {}, await admin()))
          .productsResponses,
      ).flat(),
    ),
  );
  return new Map(lists.flat().map((p) => [p.code, p.id]));
}

async function member(tag: string) {
  const email = uniqueEmail(tag);
  const u = await post<{ session: string }>('signUpAndLogin', {
    name: 'Audit Tester',
    mobile: `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    email,
    password: 'audit-pass-1',
  });
  return { email, token: u.session };
}

/** A member's order of `code` x qty: a transfer waiting for approval, a transfer given up, or paid online. */
async function order(kind: 'waiting' | 'givenUp' | 'online' | 'paidNotRecorded', code = 'MABD', qty = 1) {
  const m = await member(`audit-${kind}`);
  const id = (await productIds()).get(code)!;
  await post('addToCart', { productQtys: { [id]: { qty, code } } }, m.token);
  const online = kind === 'online' || kind === 'paidNotRecorded';
  const start = await post<{ orderPkId: number; orderRcptId: string; orderOrTokenId: string }>(
    'startOrder',
    { offline: !online },
    m.token,
  );
  const txn = newUtr();
  if (kind === 'waiting') {
    await post(
      'handleOfflineOrder',
      { isOffline: true, offlineTxnId: txn, offlineBankName: 'SBI', orderRcptId: start.orderRcptId },
      m.token,
    );
  }
  if (kind === 'givenUp' || kind === 'paidNotRecorded') {
    await post('giveUpOrder', { orderRcptId: start.orderRcptId }, m.token);
  }
  let paymentId = '';
  if (online) {
    // paid at the gateway; with webhooks off the app hears of it only through the callback (or not at all)
    const paid = await post<{ razorpay_payment_id: string; razorpay_signature: string }>('/dev/razorpay/pay', {
      key: 'rzp_test_local',
      order_id: start.orderOrTokenId,
      outcome: 'success',
      webhooks: false,
    });
    paymentId = paid.razorpay_payment_id;
    if (kind === 'online') {
      await post(
        'handleSuccessOrder',
        {
          isOffline: false,
          orderId: start.orderOrTokenId,
          razorpayPaymentId: paymentId,
          razorpaySignature: paid.razorpay_signature,
        },
        m.token,
      );
    }
  }
  const pending =
    kind === 'waiting'
      ? await post<{ orderPkId: number; offlineUserId: number }[]>('getPendingOrders', {}, await admin())
      : [];
  const offlineUserId = pending.find((o) => o.orderPkId === start.orderPkId)?.offlineUserId ?? 0;
  return { ...m, ...start, txn, paymentId, offlineUserId };
}

const key = () => `audit-${crypto.randomUUID()}`;
const ok = (rs: { status: number }[]) => rs.filter((r) => r.status === 200).length;

describe('every admin action is audited once, under parallel requests', () => {
  it('approving a transfer', async () => {
    const o = await order('waiting');
    const rs = await fire('approveOfflineOrder', () => ({ offlineUserId: o.offlineUserId, orderPkId: o.orderPkId }));
    expect(ok(rs)).toBe(1);
    expect(await auditRows('order', o.orderPkId, 'order.approved')).toHaveLength(1);
  });

  it('rejecting a transfer', async () => {
    const o = await order('waiting');
    const rs = await fire('rejectOfflineOrder', () => ({
      offlineUserId: o.offlineUserId,
      orderPkId: o.orderPkId,
      reason: 'No such credit',
    }));
    expect(ok(rs)).toBe(1);
    expect(await auditRows('order', o.orderPkId, 'order.rejected')).toHaveLength(1);
  });

  it('completing a failed online order by its payment id', async () => {
    const o = await order('paidNotRecorded');
    const rs = await fire('completeFailedOrder', () => ({ orderPkId: o.orderPkId, razorpayPaymentId: o.paymentId }));
    expect(rs.map((r) => r.status)).toContain(200);
    expect(await auditRows('order', o.orderPkId, 'order.completed_by_admin')).toHaveLength(1);
    expect(await auditRows('order', o.orderPkId, 'order.paid')).toHaveLength(1);
  });

  it('completing a failed transfer by its transaction id (attaching the transfer)', async () => {
    const o = await order('givenUp');
    const other = newUtr();
    const rs = await fire('completeFailedOrder', (i) => ({
      orderPkId: o.orderPkId,
      transactionId: i % 2 ? o.txn : other,
    }));
    expect(ok(rs)).toBeGreaterThanOrEqual(1);
    expect(await auditRows('order', o.orderPkId, 'order.transfer_attached')).toHaveLength(1);
    expect(await auditRows('order', o.orderPkId, 'order.completed_by_admin')).toHaveLength(1);
    expect(await auditRows('order', o.orderPkId, 'order.approved')).toHaveLength(0);
  });

  it('refunding (a transfer recorded, online through the gateway) and carrying over', async () => {
    const t = await order('waiting', 'MHHR', 2);
    await post('approveOfflineOrder', { offlineUserId: t.offlineUserId, orderPkId: t.orderPkId }, await admin());
    const r1 = await fire('refundOrder', (i) => ({
      orderPkId: t.orderPkId,
      all: true,
      reason: 'Audit',
      reference: `NEFT${Date.now()}${i}`,
      requestKey: key(),
    }));
    expect(ok(r1)).toBe(1);
    expect(await auditRows('order', t.orderPkId, 'refund.recorded')).toHaveLength(1);

    await post('/dev/razorpay/refund-mode', { mode: 'hold' });
    const o = await order('online');
    const r2 = await fire('refundOrder', () => ({
      orderPkId: o.orderPkId,
      all: true,
      reason: 'Audit',
      requestKey: key(),
    }));
    expect(ok(r2)).toBe(1);
    expect(await auditRows('order', o.orderPkId, 'refund.requested')).toHaveLength(1);
    expect(await auditRows('order', o.orderPkId, 'refund.accepted')).toHaveLength(1);
    await post('/dev/razorpay/refund-mode', { mode: 'process' });

    const c = await order('online');
    const r3 = await fire('carryOverOrder', () => ({
      orderPkId: c.orderPkId,
      reason: 'Called off',
      requestKey: key(),
    }));
    expect(ok(r3)).toBe(1);
    expect(await auditRows('order', c.orderPkId, 'order.carried_over')).toHaveLength(1);
  });

  it('retrying a failed refund, and clearing the attention flag it raised', async () => {
    await post('/dev/razorpay/refund-mode', { mode: 'fail' });
    const o = await order('online');
    const first = await post<{ refund: { refundId: number } }>(
      'refundOrder',
      { orderPkId: o.orderPkId, all: true, reason: 'Audit', requestKey: key() },
      await admin(),
    );
    await expect
      .poll(
        async () =>
          (await post<{ refunds: { status: string }[] }>('getOrderRefunds', { orderPkId: o.orderPkId }, await admin()))
            .refunds[0]?.status,
        { timeout: 10_000 },
      )
      .toBe('failed');
    await post('/dev/razorpay/refund-mode', { mode: 'hold' });
    const rs = await fire('retryRefund', () => ({ refundId: first.refund.refundId, requestKey: key() }));
    expect(ok(rs)).toBe(1);
    expect(await auditRows('order', o.orderPkId, 'refund.requested')).toHaveLength(2); // the first one and one retry

    // another failed refund, left flagged: cleared once
    await post('/dev/razorpay/refund-mode', { mode: 'fail' });
    const f = await order('online');
    await post('refundOrder', { orderPkId: f.orderPkId, all: true, reason: 'Audit', requestKey: key() }, await admin());
    await expect
      .poll(
        async () =>
          (await post<{ order: { orderPkId: number } }[]>('getAttentionOrders', {}, await admin())).some(
            (a) => a.order.orderPkId === f.orderPkId,
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    await post('/dev/razorpay/refund-mode', { mode: 'process' });
    const cleared = await fire('clearAttention', () => ({ orderPkId: f.orderPkId, note: 'Paid back in cash' }));
    expect(ok(cleared)).toBe(1);
    expect(await auditRows('order', f.orderPkId, 'order.attention_cleared')).toHaveLength(1);
  });

  it('collecting a pass (a volunteer tapping it on several phones)', async () => {
    const o = await order('online', 'DPAD', 2);
    const volunteer = (
      await post<{ session: string }>('login', { email: 'volunteer@example.org', password: 'volunteer-demo-123' })
    ).session;
    const rs = await Promise.all(
      Array.from({ length: TIMES }, () =>
        api('markCouponCollected', { orderRcptId: o.orderRcptId, nonce: crypto.randomUUID() }, volunteer),
      ),
    );
    expect(ok(rs)).toBe(1);
    expect(await auditRows('order', o.orderPkId, 'pass.collected')).toHaveLength(1);
  });

  it('the catalogue: add, availability, full sponsor only, Bengali texts, block and unblock', async () => {
    const code = `A${crypto
      .randomUUID()
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 3)
      .toUpperCase()
      .padEnd(3, 'Q')}`;
    const added = await fire('addProduct', () => ({
      code,
      name: `Audit item ${code}`,
      price: 3000,
      coSponsorPrice: 500,
      sponsorship: true,
    }));
    expect(ok(added)).toBe(1);
    const id = (await productIds()).get(code)!;
    expect(await auditRows('product', id, 'product.added')).toHaveLength(1);

    expect(ok(await fire('markProductAvailable', () => ({ id, available: false })))).toBe(TIMES); // each answers the state
    expect(await auditRows('product', id, 'product.availability_changed')).toHaveLength(1);
    await fire('markProductFullSponsor', () => ({ id, fullSponsorOnly: true }));
    expect(await auditRows('product', id, 'product.full_sponsor_changed')).toHaveLength(1);
    await fire('setProductBengali', () => ({ id, nameBn: 'নিরীক্ষার জিনিস', descBn: '' }));
    expect(await auditRows('product', id, 'product.bengali_changed')).toHaveLength(1);

    const blocked = await fire('blockProduct', () => ({
      id,
      blockedByName: 'Tapas Mitra',
      blockedByEmail: 'tapas@example.net',
    }));
    expect(ok(blocked)).toBe(TIMES);
    expect(await auditRows('product', id, 'product.blocked')).toHaveLength(1);
    const unblocked = await fire('unblockProduct', () => ({ id }));
    expect(ok(unblocked)).toBe(1);
    expect(await auditRows('product', id, 'product.unblocked')).toHaveLength(1);
  });

  it('settings and roles', async () => {
    const before = await post<{ convenienceChargePercent: number }>('getAdminSettings', {}, await admin());
    const to = before.convenienceChargePercent === 2.5 ? 2.4 : 2.5;
    const since = Date.now() - 1;
    // (here the requests seldom read before another one wrote: tests/worker/audit-guards.test.ts runs that order)
    expect(ok(await fire('updateSettings', () => ({ convenienceChargePercent: to })))).toBe(TIMES);
    const rows = (
      await post<{ rows: { details: { from: number; to: number } }[] }>(
        'getAuditLog',
        { entityType: 'setting', entityId: 'convenienceChargeBasisPoints', from: since },
        await admin(),
      )
    ).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toEqual({
      from: Math.round(before.convenienceChargePercent * 100),
      to: Math.round(to * 100),
    });
    await post('updateSettings', { convenienceChargePercent: before.convenienceChargePercent }, await admin());

    const m = await member('audit-role');
    const granted = await fire('setUserRole', () => ({ email: m.email, role: 'volunteer', granted: true }));
    expect(ok(granted)).toBe(TIMES);
    const log = await post<{ rows: { action: string; details: { email: string } }[] }>(
      'getAuditLog',
      { action: 'user.role_granted', from: since },
      await admin(),
    );
    expect(log.rows.filter((r) => r.details.email === m.email)).toHaveLength(1);
  });
});
