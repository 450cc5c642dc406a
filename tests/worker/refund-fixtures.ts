// Fixtures of the refund tests: paid orders through the real checkout and the test gateway, its refund switch,
// and reads of what a refund left behind.
import { exports } from 'cloudflare:workers';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, orderLines, orders, products } from '../../schema/index';
import { refunds } from '../../schema/refunds';
import { getConfig } from '../../worker/lib/config';
import type { Svc } from '../../worker/lib/svc';
import { newUtr } from '../fixtures/bank-statements';
import { bindings, call, db, newUser } from './helpers';

export const s = (): Svc => ({ db: db(), config: getConfig(bindings), env: bindings, origin: 'http://localhost' });
export const AUTH = { authorization: `Basic ${btoa('rzp_test_local:local-test-secret')}` };

export async function productId(code: string) {
  return (await db().select({ id: products.id }).from(products).where(eq(products.code, code)).get())!.id;
}

export type Pick = { code: string; qty?: number; fullSponsor?: boolean };
export async function fillCart(token: string, picks: Pick[]) {
  const productQtys: Record<string, object> = {};
  for (const p of picks) {
    productQtys[String(await productId(p.code))] = {
      qty: p.qty ?? 1,
      code: p.code,
      ...(p.fullSponsor !== undefined ? { fullSponsor: p.fullSponsor } : {}),
    };
  }
  const r = await call('addToCart', { productQtys }, token);
  if (r.status !== 200) throw new Error(`addToCart: ${JSON.stringify(r.body)}`);
}

export async function gateway(path: string, body: unknown) {
  const res = await exports.default.fetch(`http://localhost/dev/razorpay/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

export const setMode = (mode: 'process' | 'fail' | 'hold' | 'refuse') => gateway('refund-mode', { mode });

/** A paid online order, through the real checkout: start, pay on the test gateway, confirm. */
export async function paidOnline(picks: Pick[], u?: Awaited<ReturnType<typeof newUser>>) {
  const user = u ?? (await newUser());
  await fillCart(user.token, picks);
  const start = await call('startOrder', { offline: false }, user.token);
  expect(start.status).toBe(200);
  const paid = await gateway('pay', {
    key: 'rzp_test_local',
    order_id: start.body.data.orderOrTokenId,
    outcome: 'success',
    webhooks: false,
  });
  const ok = await call(
    'handleSuccessOrder',
    {
      isOffline: false,
      orderId: start.body.data.orderOrTokenId,
      razorpayPaymentId: paid.body.razorpay_payment_id,
      razorpaySignature: paid.body.razorpay_signature,
    },
    user.token,
  );
  expect(ok.status).toBe(200);
  return {
    u: user,
    orderPkId: start.body.data.orderPkId as number,
    paymentId: paid.body.razorpay_payment_id as string,
  };
}

/** A paid direct transfer: start offline, share the transaction id, approved by the admin. */
export async function paidTransfer(picks: Pick[], admin: string) {
  const u = await newUser();
  await fillCart(u.token, picks);
  const start = await call('startOrder', { offline: true }, u.token);
  expect(start.status).toBe(200);
  const txn = newUtr();
  const shared = await call(
    'handleOfflineOrder',
    { isOffline: true, offlineTxnId: txn, offlineBankName: 'SBI', orderRcptId: start.body.data.orderRcptId },
    u.token,
  );
  expect(shared.status).toBe(200);
  const orderPkId = start.body.data.orderPkId as number;
  const order = (await db().select().from(orders).where(eq(orders.id, orderPkId)).get())!;
  const ok = await call('approveOfflineOrder', { offlineUserId: order.userId, orderPkId }, admin);
  expect(ok.status).toBe(200);
  return { u, orderPkId, txn };
}

export const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)).get())!;
export const linesOf = (id: number) =>
  db().select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(orderLines.id).all();
export const key = () => `k-${crypto.randomUUID()}`;
export const auditCount = async (orderId: number, action: string) =>
  (await db()
    .select({ n: sql<number>`count(*)` })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(orderId)), eq(auditLog.action, action)))
    .get())!.n;

/** Waits for the gateway's webhooks, delivered a moment after its answer. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 4000): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}
export const refundRow = async (orderId: number) =>
  (await db().select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id).all()).at(-1)!;

/** A fresh sponsorship item through the admin's Add Product (each test sponsors its own). */
export async function newSponsorItem(admin: string): Promise<string> {
  for (;;) {
    const code = `R${crypto
      .randomUUID()
      .replace(/[^a-z]/g, '')
      .slice(0, 3)
      .toUpperCase()
      .padEnd(3, 'X')}`;
    const r = await call(
      'addProduct',
      { code, name: `Refund item ${code}`, price: 5000, coSponsorPrice: 1000, sponsorship: true },
      admin,
    );
    if (r.status === 200) return code;
  }
}
