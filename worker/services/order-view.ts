// One order as SPEC.md section 3 names its fields, for the member's list and the admin's lists alike.
import { and, asc, inArray, ne } from 'drizzle-orm';
import { formatRcptId } from '../../core/ids';
import { paiseToRupees } from '../../core/money';
import { orderLines, type orders } from '../../schema/index';
import { refunds } from '../../schema/refunds';
import type { Db } from '../lib/db';
import type { OrderRefundView, OrderView } from '../../core/contracts/orders';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

// The shape is the contract's (core/contracts/orders.ts): the web reads the same declaration.
export type { OrderView };

export function orderView(o: OrderRow, lines: readonly OrderLineRow[], refundRows: OrderRefundView[] = []): OrderView {
  return {
    orderRcptId: formatRcptId(o.id),
    orderPkId: o.id,
    kind: o.kind,
    offlineUserId: o.userId,
    fiscalYear: o.fiscalYear,
    orderDate: o.createdAt,
    paymentDate: o.paymentDate,
    orderTotal: paiseToRupees(o.totalPaise),
    orderSubTotal: paiseToRupees(o.subtotalPaise),
    convenienceCharge: paiseToRupees(o.conveniencePaise),
    orderSuccessTS: o.successTs,
    status: o.status,
    paymentType: o.paymentType,
    transactionId: o.transactionId,
    bankName: o.bankName,
    userName: o.userName,
    userEmail: o.userEmail,
    userMobile: o.userMobile,
    referSource: o.referSource,
    referredBy: o.referredBy,
    addr1: o.addr1,
    addr2: o.addr2,
    city: o.city,
    state: o.state,
    pin: o.pin,
    passCollected: o.passCollected,
    passCode: o.passVoid ? null : o.passCode, // a refunded pass has no QR any more
    rejectReason: o.rejectReason,
    selectedProducts: lines.map((l) => ({
      name: l.name,
      code: l.code,
      qty: l.qty,
      sellPrice: paiseToRupees(l.sellPricePaise),
      maxPrice: paiseToRupees(l.maxPricePaise),
      lineId: l.id,
      refundedQty: l.refundedQty,
    })),
    refundState: o.refundState,
    refundedAmount: paiseToRupees(o.refundedPaise),
    refunds: refundRows,
  };
}

/**
 * Serializes many orders with one query for all their lines (keeps the given order). The line and refund queries
 * (paged by D1's limit on bound parameters) go out together: one D1 round trip after the orders' (decision 111).
 */
export async function orderViews(db: Db, rows: readonly OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const chunks = <T>(list: T[]) =>
    Array.from({ length: Math.ceil(list.length / 90) }, (_, i) => list.slice(i * 90, i * 90 + 90));
  const ids = rows.map((r) => r.id);
  // refunds are read only for the orders that have some, so the lists' reads stay flat (bench)
  const refunded = rows.filter((r) => r.refundState !== null).map((r) => r.id);
  const [lineChunks, refundChunks] = await Promise.all([
    Promise.all(
      chunks(ids).map((chunk) =>
        db.select().from(orderLines).where(inArray(orderLines.orderId, chunk)).orderBy(asc(orderLines.id)).all(),
      ),
    ),
    Promise.all(
      chunks(refunded).map((chunk) =>
        db
          .select({
            orderId: refunds.orderId,
            amountPaise: refunds.amountPaise,
            status: refunds.status,
            createdAt: refunds.createdAt,
            settledAt: refunds.settledAt,
            method: refunds.method,
            carriedTo: refunds.carriedToOrderId,
          })
          .from(refunds)
          .where(and(inArray(refunds.orderId, chunk), ne(refunds.status, 'failed'), ne(refunds.status, 'requested')))
          .orderBy(asc(refunds.id))
          .all(),
      ),
    ),
  ]);
  const byOrder = new Map<number, OrderLineRow[]>();
  for (const l of lineChunks.flat()) {
    const list = byOrder.get(l.orderId) ?? [];
    list.push(l);
    byOrder.set(l.orderId, list);
  }
  const refundsBy = new Map<number, OrderRefundView[]>();
  for (const r of refundChunks.flat()) {
    const list = refundsBy.get(r.orderId) ?? [];
    list.push({
      amount: paiseToRupees(r.amountPaise),
      status: r.status,
      date: r.settledAt ?? r.createdAt,
      method: r.method,
      carriedTo: r.carriedTo ? formatRcptId(r.carriedTo) : null,
    });
    refundsBy.set(r.orderId, list);
  }
  return rows.map((r) => orderView(r, byOrder.get(r.id) ?? [], refundsBy.get(r.id) ?? []));
}
