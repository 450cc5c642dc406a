import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** The built-in Razorpay test gateway's state (local mode only; migrations/0020_test_gateway.sql). */
export const testGatewayOrders = /* @__PURE__ */ (() =>
  sqliteTable('test_gateway_orders', {
    id: text('id').primaryKey(), // order_...
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    receipt: text('receipt'),
    status: text('status', { enum: ['created', 'attempted', 'paid'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    notes: text('notes').notNull().default('{}'),
    createdAt: integer('created_at').notNull(), // seconds, as Razorpay answers
  }))();

export const testGatewayPayments = /* @__PURE__ */ (() =>
  sqliteTable(
    'test_gateway_payments',
    {
      id: text('id').primaryKey(), // pay_...
      orderId: text('order_id').notNull(),
      amount: integer('amount').notNull(),
      currency: text('currency').notNull(),
      status: text('status', { enum: ['authorized', 'captured', 'failed', 'refunded'] }).notNull(),
      method: text('method').notNull(),
      errorCode: text('error_code'),
      errorDescription: text('error_description'),
      createdAt: integer('created_at').notNull(),
    },
    (t) => [index('test_gateway_payments_order_idx').on(t.orderId)],
  ))();
