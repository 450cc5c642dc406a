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
import { REFUND_METHODS, REFUND_STATUSES } from '../core/orders';
import { orderLines, orders } from './orders';
import { users } from './users';

const now = sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`;

// the status union lives in core/orders.ts (docs/decisions/177)
export { REFUND_STATUSES, type RefundStatus } from '../core/orders';

/**
 * Money given back for some lines of a paid order (migrations/0080, docs/decisions/080). Online: a Razorpay
 * refund, 'requested' while the gateway is asked, 'pending' once it accepted, then 'processed' or 'failed'
 * (webhook or reconciler). Direct transfer: recorded 'processed' with the bank/UPI reference of the money
 * sent back. The database refuses a refund beyond what was captured, or of a line refunded already.
 */
export const refunds = sqliteTable(
  'refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    requestKey: text('request_key').notNull(), // the admin dialog's key: a double click is one refund
    method: text('method', { enum: REFUND_METHODS }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    providerPaymentId: text('provider_payment_id'),
    providerRefundId: text('provider_refund_id'),
    reference: text('reference'), // bank/UPI reference of a direct transfer's refund: unique system-wide
    failureReason: text('failure_reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
    settledAt: integer('settled_at'),
    transitionId: text('transition_id'), // token of the last state change, as on orders (migrations/0021)
    carriedToOrderId: integer('carried_to_order_id').references(() => orders.id), // migrations/0081
    // 0145: the failed refund this one replaces (retried, or recorded as paid back by hand): once
    retryOf: integer('retry_of').references((): AnySQLiteColumn => refunds.id),
  },
  (t) => [
    uniqueIndex('refunds_request_key_uq').on(t.requestKey),
    uniqueIndex('refunds_provider_refund_uq').on(t.providerRefundId),
    uniqueIndex('refunds_reference_uq').on(t.reference),
    uniqueIndex('refunds_retry_of_uq').on(t.retryOf),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_status_idx').on(t.status, t.updatedAt),
  ],
);

export const refundLines = sqliteTable(
  'refund_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    lineId: integer('line_id')
      .notNull()
      .references(() => orderLines.id),
    qty: integer('qty').notNull(),
    amountPaise: integer('amount_paise').notNull(),
  },
  (t) => [index('refund_lines_line_idx').on(t.lineId), index('refund_lines_refund_idx').on(t.refundId)],
);

/** The local test gateway's refunds (local mode only). */
export const testGatewayRefunds = sqliteTable(
  'test_gateway_refunds',
  {
    id: text('id').primaryKey(), // rfnd_...
    paymentId: text('payment_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'processed', 'failed'] }).notNull(),
    idempotencyKey: text('idempotency_key'),
    notes: text('notes').notNull().default('{}'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('test_gateway_refunds_key_uq').on(t.idempotencyKey),
    index('test_gateway_refunds_payment_idx').on(t.paymentId),
  ],
);

export const testGatewayFlags = sqliteTable('test_gateway_flags', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Imported bank statements (migrations/0082): one row per import, one per credit (unique across imports). */
export const statementImports = sqliteTable('statement_imports', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  fileName: text('file_name'),
  uploadedBy: integer('uploaded_by').references(() => users.id),
  credits: integer('credits').notNull().default(0),
  duplicates: integer('duplicates').notNull().default(0),
  createdAt: integer('created_at').notNull().default(now),
});

export const statementLines = sqliteTable(
  'statement_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    importId: integer('import_id')
      .notNull()
      .references(() => statementImports.id),
    lineKey: text('line_key').notNull(),
    rowNo: integer('row_no').notNull(),
    txnDate: text('txn_date').notNull(),
    narration: text('narration').notNull(),
    reference: text('reference').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    expectedPaise: integer('expected_paise'),
    state: text('state', { enum: ['matched', 'mismatch', 'ambiguous', 'unmatched', 'approved'] }).notNull(),
    updatedAt: integer('updated_at').notNull().default(now),
    // migrations/0140 (docs/decisions/140): the transfers that fit an ambiguous credit ("12,15"), and the flag
    // for the treasurer of a credit whose transfer was rejected or refunded by hand (flag_order_id names it)
    candidateIds: text('candidate_ids'),
    flag: text('flag', { enum: ['order_rejected', 'order_refunded', 'order_partly_refunded'] }),
    flagOrderId: integer('flag_order_id').references(() => orders.id),
  },
  (t) => [
    uniqueIndex('statement_lines_key_uq').on(t.lineKey),
    index('statement_lines_import_idx').on(t.importId, t.state),
    index('statement_lines_order_idx').on(t.orderId),
    index('statement_lines_flag_idx').on(t.updatedAt).where(sql`flag IS NOT NULL`),
  ],
);

/** Every credit an import held, new or imported before (migrations/0140): a statement imported again remembers. */
export const statementImportLines = sqliteTable(
  'statement_import_lines',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => statementImports.id),
    lineId: integer('line_id')
      .notNull()
      .references(() => statementLines.id),
    rowNo: integer('row_no').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.lineId] })],
);

export const statementMapping = sqliteTable('statement_mapping', {
  id: integer('id').primaryKey(),
  mapping: text('mapping').notNull(),
  updatedAt: integer('updated_at').notNull().default(now),
});

/** One row per unpaid direct transfer reminded (migrations/0083): the reminder goes out once. */
export const transferReminders = sqliteTable('transfer_reminders', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  sentAt: integer('sent_at').notNull().default(now),
});
