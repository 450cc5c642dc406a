import { sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { orders } from './orders';
import { refunds } from './refunds';

/**
 * The last number issued per series ('R' receipts, 'CN' credit notes) and festival year (migrations/0260,
 * docs/decisions/260): raised by one in the same batch as the receipt it numbers.
 */
export const receiptCounters = sqliteTable(
  'receipt_counters',
  {
    series: text('series', { enum: ['R', 'CN'] }).notNull(),
    fiscalYear: text('fiscal_year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.series, t.fiscalYear] })],
);

/**
 * A numbered receipt (one per paid order, issued in the batch that makes it Success) or a credit note (one per
 * refund whose money went back, naming the receipt it reduces). The payer's name and billing details are the
 * receipt's own copy: what was filed stays as filed.
 */
export const receipts = sqliteTable(
  'receipts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['receipt', 'credit_note'] }).notNull(),
    fiscalYear: text('fiscal_year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(), // '2026-27/000123', 'CN/2026-27/000004'
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    refundId: integer('refund_id').references(() => refunds.id),
    receiptId: integer('receipt_id').references((): AnySQLiteColumn => receipts.id),
    amountPaise: integer('amount_paise').notNull(),
    mode: text('mode', { enum: ['Online', 'Offline'] }).notNull(),
    reference: text('reference'),
    payerName: text('payer_name').notNull(),
    billingName: text('billing_name'),
    pan: text('pan'),
    gstin: text('gstin'),
    issuedAt: integer('issued_at').notNull(),
  },
  (t) => [
    uniqueIndex('receipts_number_uq').on(t.number),
    // the register and the Overview read a year's series in order
    uniqueIndex('receipts_series_uq').on(t.fiscalYear, t.kind, t.seq),
    uniqueIndex('receipts_order_uq').on(t.orderId).where(sql`kind = 'receipt'`),
    uniqueIndex('receipts_refund_uq').on(t.refundId),
    index('receipts_order_idx').on(t.orderId),
    index('receipts_receipt_idx').on(t.receiptId), // a receipt's credit notes
  ],
);
