// Orders written straight into D1 for the admin tests (the lists and searches read the tables as they are).
import { sql } from 'drizzle-orm';
import { festivalYear } from '../../core/festival';
import { orderLines, orders, payments, products } from '../../schema/index';
import { db } from './helpers';

let seq = 0;
/** A unique, increasing orderSuccessTS, as confirmPayment gives one. */
export function nextSuccessTs(): number {
  seq++;
  return Date.now() * 1000 + seq;
}

export async function productByCode(code: string) {
  const p = await db().select().from(products).where(sql`code = ${code}`).get();
  if (!p) throw new Error(`no product ${code}`);
  return p;
}

type OrderOpts = {
  userId?: number;
  name?: string;
  email?: string;
  mobile?: string;
  status?: (typeof orders.$inferInsert)['status'];
  paymentType?: 'Online' | 'Offline';
  passCollected?: 0 | 1 | null;
  lines?: { code: string; qty: number }[];
  transactionId?: string | null;
  successTs?: number | null;
  fiscalYear?: string;
};

export async function makeOrder(o: OrderOpts = {}) {
  const status = o.status ?? 'Success';
  const lines = await Promise.all(
    (o.lines ?? [{ code: 'DPAD', qty: 2 }]).map(async (l) => ({ ...l, p: await productByCode(l.code) })),
  );
  const total = lines.reduce((s, l) => s + l.p.pricePaise * l.qty, 0);
  const uid = o.userId ?? 2; // the demo member
  const row = await db()
    .insert(orders)
    .values({
      userId: uid,
      kind: lines.some((l) => l.p.type === 'DAILY_PASS') ? 'DAILY_PASS' : 'CONTRIBUTION',
      fiscalYear: o.fiscalYear ?? festivalYear(),
      status,
      paymentType: o.paymentType ?? 'Online',
      subtotalPaise: total,
      totalPaise: total,
      paymentDate: status === 'Success' ? Date.now() : null,
      successTs: o.successTs !== undefined ? o.successTs : status === 'Success' ? nextSuccessTs() : null,
      userName: o.name ?? 'Test Buyer',
      userEmail: o.email ?? 'buyer@example.net',
      userMobile: o.mobile ?? '9811111111',
      addr1: '12 Lake Road',
      city: 'Bengaluru',
      referSource: 'Other',
      referredBy: 'A friend',
      transactionId: o.transactionId ?? null,
      bankName: o.transactionId ? 'SBI' : null,
      passCollected: o.passCollected !== undefined ? o.passCollected : status === 'Success' ? 0 : null,
    })
    .returning()
    .get();
  for (const l of lines) {
    await db()
      .insert(orderLines)
      .values({
        orderId: row.id,
        productId: l.p.id,
        type: l.p.type,
        code: l.p.code,
        name: l.p.name,
        qty: l.qty,
        unitPricePaise: l.p.pricePaise,
        maxPricePaise: l.p.pricePaise * l.qty,
        sellPricePaise: l.p.pricePaise * l.qty,
      });
  }
  if (o.paymentType === 'Offline') {
    await db()
      .insert(payments)
      .values({
        orderId: row.id,
        method: 'bank_transfer',
        status: status === 'Pending Approval' ? 'submitted' : status === 'Success' ? 'approved' : 'created',
        amountPaise: total,
        transactionId: o.transactionId ?? null,
        bankName: o.transactionId ? 'SBI' : null,
      });
  }
  return row;
}
