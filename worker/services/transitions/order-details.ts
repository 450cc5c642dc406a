// The writes to orders and payment attempts that change no state: an order born Pending Payment and its Razorpay
// attempt born 'created', the Razorpay order id on an attempt, the member's address copied onto unpaid orders,
// billing details, a gate conflict's attention flag cleared, an account's erasure, and the local-only seed of last
// year's membership. Their callers (checkout, receipts, gate, privacy, renewals) keep building their batches; the
// statements live here because only the transitions module writes orders, payments and refunds
// (docs/decisions/181), so that a reader finds every write to the money tables in one place.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { ORDER_STATUS, PAYMENT_STATUS } from '../../../core/orders';
import { orders, payments } from '../../../schema/index';
import { raw } from '../../lib/d1-batch';
import type { Db } from '../../lib/db';

/** A new order, Pending Payment (checkout's batch writes its lines, claims and audit row beside it). */
export const insertPendingOrder = (db: Db, values: typeof orders.$inferInsert & { status: 'Pending Payment' }) =>
  db.insert(orders).values(values);

/** An online order's Razorpay attempt, born 'created'. */
export const insertRazorpayAttempt = (db: Db, orderId: number | SQL, amountPaise: number) =>
  db.insert(payments).values({ orderId, method: 'razorpay', status: PAYMENT_STATUS.created, amountPaise });

/**
 * The Razorpay order id on an attempt. Two racing requests may each create one at Razorpay; the conditional
 * update keeps the first.
 */
export const keepProviderOrderId = (db: Db, attemptId: number, providerOrderId: string, at: number) =>
  db
    .update(payments)
    .set({ providerOrderId, updatedAt: at })
    .where(and(eq(payments.id, attemptId), sql`${payments.providerOrderId} IS NULL`));

/** The member's address and referral, copied onto their unpaid orders that still lack an address. */
export const addressUnpaidOrders = (
  db: Db,
  userId: number,
  info: {
    addrLine1: string | null;
    addrLine2: string | null;
    city: string | null;
    state: string | null;
    pin: string | null;
    referSource: string | null;
    referredBy: string | null;
  },
) =>
  db
    .update(orders)
    .set({
      addr1: info.addrLine1,
      addr2: info.addrLine2,
      city: info.city,
      state: info.state,
      pin: info.pin,
      referSource: info.referSource,
      referredBy: info.referredBy,
    })
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [ORDER_STATUS.pendingPayment, ORDER_STATUS.pendingApproval]),
        sql`${orders.addr1} IS NULL`,
      ),
    );

/** Billing details (docs/decisions/261) on the orders a receipt covers (the receipt's and the one asked about). */
export const billingOnOrders = (
  next: { billingName: string | null; pan: string | null; gstin: string | null },
  orderIds: readonly [number, number],
) =>
  raw(
    `UPDATE orders SET billing_name = ?, billing_pan = ?, billing_gstin = ? WHERE id IN (?, ?)`,
    next.billingName,
    next.pan,
    next.gstin,
    orderIds[0],
    orderIds[1],
  );

/** A gate sale's conflict resolved: its order's attention cleared, only if this call's `at` resolved the sale. */
export const clearGateConflictAttention = (db: Db, orderId: number, at: number) =>
  db
    .update(orders)
    .set({ attention: null })
    .where(
      and(eq(orders.id, orderId), inArray(orders.id, sql`(SELECT order_id FROM gate_sales WHERE resolved_at = ${at})`)),
    );

/**
 * An order the accounts must keep: paid (Success, also when refunded or carried over since) or money given back on
 * it. A transfer's submission also sets payment_date (the day the member says they paid), so that is no proof.
 */
export const PAID_SQL = `(status = 'Success' OR refunded_paise > 0 OR refund_state IS NOT NULL)`;

/** An erased account's orders and payment attempts (docs/decisions/266), each guarded by the erasure's `done`. */
export const eraseOrders = (userId: number, done: string) => [
  // paid orders keep the payer's name, lines, amounts and payment reference; the rest of the contact goes
  raw(
    `UPDATE orders SET user_email = '', user_mobile = '', refer_source = NULL, referred_by = NULL, addr1 = NULL,
        addr2 = NULL, city = NULL, state = NULL, pin = NULL, bank_name = NULL WHERE user_id = ? AND ${done}`,
    userId,
  ),
  // orders never paid are no record of money: their name and the reference the member typed go too
  raw(
    `UPDATE orders SET user_name = '', transaction_id = NULL, reject_reason = NULL
        WHERE user_id = ? AND NOT ${PAID_SQL} AND ${done}`,
    userId,
  ),
  raw(
    `UPDATE payments SET bank_name = NULL, transaction_id = CASE WHEN order_id IN
          (SELECT id FROM orders WHERE user_id = ? AND ${PAID_SQL}) THEN transaction_id ELSE NULL END
        WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?) AND ${done}`,
    userId,
    userId,
  ),
];

/**
 * Local mode only: last year's paid membership, born Success with no payment attempt (a seed for trying the
 * renewal); its line is inserted right after it, with last_insert_rowid().
 */
export const seedLastYearOrder = (o: {
  userId: number;
  fiscalYear: string;
  totalPaise: number;
  at: number;
  name: string;
  email: string;
  mobile: string;
}) =>
  raw(
    `INSERT INTO orders (user_id, kind, fiscal_year, status, payment_type, subtotal_paise, total_paise,
          payment_date, user_name, user_email, user_mobile, created_at)
        VALUES (?, 'CONTRIBUTION', ?, 'Success', 'Offline', ?, ?, ?, ?, ?, ?, ?)`,
    o.userId,
    o.fiscalYear,
    o.totalPaise,
    o.totalPaise,
    o.at,
    o.name,
    o.email,
    o.mobile,
    o.at,
  );
