// One order as SPEC.md section 3 names its fields, for the member's list and the admin's lists alike.
import { and, asc, inArray, ne, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { OrderRefundView, OrderView } from '../../../core/contracts/orders';
import { formatRcptId } from '../../../core/ids';
import { paiseToRupees } from '../../../core/money';
import { ORDER_STATUS } from '../../../core/orders';
import { orderLines, orders } from '../../../schema/index';
import { refunds } from '../../../schema/refunds';
import { runBatch } from '../../lib/d1-batch';
import type { Db } from '../../lib/db';

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
    closedAs: o.status === ORDER_STATUS.failed ? (o.closedAs ?? 'failed') : null,
    selectedProducts: lines.map((l) => ({
      name: l.name,
      code: l.code,
      qty: l.qty,
      sellPrice: paiseToRupees(l.sellPricePaise),
      maxPrice: paiseToRupees(l.maxPricePaise),
      lineId: l.id,
      refundedQty: l.refundedQty,
      withheldQty: l.withheldQty,
      ...(l.waivedUnits > 0 ? { waivedQty: l.waivedUnits } : {}),
    })),
    refundState: o.refundState,
    refundedAmount: paiseToRupees(o.refundedPaise),
    refunds: refundRows,
  };
}

const refundFields = {
  orderId: refunds.orderId,
  amountPaise: refunds.amountPaise,
  status: refunds.status,
  createdAt: refunds.createdAt,
  settledAt: refunds.settledAt,
  method: refunds.method,
  carriedTo: refunds.carriedToOrderId,
};
const shownRefunds = ne(refunds.status, 'failed');
type RefundRow = {
  [K in keyof typeof refundFields]: (typeof refunds.$inferSelect)[K extends 'carriedTo' ? 'carriedToOrderId' : K];
};

/** The orders' views from their lines and refunds, read by either reader below (keeps the orders' order). */
function viewsOf(rows: readonly OrderRow[], lines: readonly OrderLineRow[], refundRows: readonly RefundRow[]) {
  const byOrder = new Map<number, OrderLineRow[]>();
  for (const l of lines) {
    const list = byOrder.get(l.orderId) ?? [];
    list.push(l);
    byOrder.set(l.orderId, list);
  }
  const refundsBy = new Map<number, OrderRefundView[]>();
  for (const r of refundRows) {
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

/**
 * Serializes orders already read, with one query for all their lines (keeps the given order). The line and refund
 * queries (paged by D1's limit on bound parameters) go out together: one D1 round trip after the orders'. A list
 * read for the answer uses orderListQueries() instead, which needs no second round trip (decision 111).
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
          .select(refundFields)
          .from(refunds)
          .where(and(inArray(refunds.orderId, chunk), shownRefunds))
          .orderBy(asc(refunds.id))
          .all(),
      ),
    ),
  ]);
  return viewsOf(rows, lineChunks.flat(), refundChunks.flat());
}

export type OrderListing = { where: SQL | undefined; orderBy: (SQL | SQLiteColumn)[]; limit: number };

/**
 * A list of orders (where, order, limit) with its lines and refunds, as three statements for one batch: the lines
 * and refunds select the same orders through a subquery, so nothing waits for the list's answer (decision 111).
 * orderListOf() reads their answers. A caller may add the statements to a session batch (sessionBatch).
 */
export function orderListQueries(db: Db, list: OrderListing) {
  const ids = db
    .select({ id: orders.id })
    .from(orders)
    .where(list.where)
    .orderBy(...list.orderBy)
    .limit(list.limit);
  return [
    db
      .select()
      .from(orders)
      .where(list.where)
      .orderBy(...list.orderBy)
      .limit(list.limit),
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    db
      .select(refundFields)
      .from(refunds)
      .where(and(inArray(refunds.orderId, ids), shownRefunds))
      .orderBy(asc(refunds.id)),
  ] as const;
}

/** The answers of orderListQueries(): the rows and their views, in the list's order. */
export function orderListOf(rows: OrderRow[], lines: readonly OrderLineRow[], refundRows: readonly RefundRow[]) {
  return { rows, views: viewsOf(rows, lines, refundRows) };
}

/** A list of orders with their lines and refunds in one D1 round trip. */
export async function orderList(db: Db, list: OrderListing) {
  const [rows, lines, refundRows] = await runBatch(db, orderListQueries(db, list));
  return orderListOf(rows, lines, refundRows);
}
