import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import {
  CLOSED_AS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  REFUND_STATES,
} from '../core/orders';
import { products } from './catalogue';
import { users } from './users';

const now = sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`;

// the status unions live in core/orders.ts (docs/decisions/177); the columns take them
export { ORDER_STATUSES, type OrderStatus } from '../core/orders';

export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }), // orderPkId; orderRcptId is derived (core/ids.ts)
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['CONTRIBUTION', 'DAILY_PASS'] }).notNull(),
    fiscalYear: text('fiscal_year').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    paymentType: text('payment_type', { enum: PAYMENT_TYPES }).notNull(),
    subtotalPaise: integer('subtotal_paise').notNull(),
    conveniencePaise: integer('convenience_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    checkoutKey: text('checkout_key'), // makes a double-clicked /startOrder return the same order
    createdAt: integer('created_at').notNull().default(now),
    paymentDate: integer('payment_date'),
    successTs: integer('success_ts'), // orderSuccessTS: unique, increasing, the admin lists' paging cursor
    // who and where, copied at checkout so that the order reads the same after a profile change
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    userMobile: text('user_mobile').notNull(),
    referSource: text('refer_source'),
    referredBy: text('referred_by'),
    addr1: text('addr1'),
    addr2: text('addr2'),
    city: text('city'),
    state: text('state'),
    pin: text('pin'),
    transactionId: text('transaction_id'),
    bankName: text('bank_name'),
    rejectReason: text('reject_reason'),
    // why a Failed order failed (migrations/0160): given up, not paid in time, or refused by the provider
    closedAs: text('closed_as', { enum: CLOSED_AS }),
    transitionId: text('transition_id'), // token of the last state change (migrations/0021)
    // what an admin must look at, e.g. a late capture whose item was taken meanwhile (migrations/0070)
    attention: text('attention'),
    // venue: a pass order is collected once, as a whole
    passCode: text('pass_code'),
    passCollected: integer('pass_collected'), // null: no passes; 0: not collected; 1: collected
    collectedAt: integer('collected_at'),
    collectedBy: integer('collected_by').references(() => users.id),
    // refunds (migrations/0080): paise given back, NULL | 'Partially Refunded' | 'Refunded', passes void
    refundedPaise: integer('refunded_paise').notNull().default(0),
    refundState: text('refund_state', { enum: REFUND_STATES }),
    passVoid: integer('pass_void').notNull().default(0),
    // billing details for the receipt (migrations/0260, docs/decisions/261): optional, shape-checked
    billingName: text('billing_name'),
    billingPan: text('billing_pan'),
    billingGstin: text('billing_gstin'),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('orders_success_ts_uq').on(t.successTs),
    index('orders_status_success_idx').on(t.status, t.successTs),
    index('orders_year_kind_idx').on(t.fiscalYear, t.kind, t.status),
    index('orders_collect_idx').on(t.passCollected, t.successTs),
    index('orders_mobile_idx').on(t.userMobile),
    index('orders_email_idx').on(t.userEmail),
    uniqueIndex('orders_pass_code_uq').on(t.passCode),
    uniqueIndex('orders_checkout_key_uq').on(t.checkoutKey),
    index('orders_year_updated_idx').on(t.fiscalYear, t.updatedAt, t.id), // 0040: venue delta sync (+ touch trigger)
    index('orders_user_year_idx').on(t.userId, t.fiscalYear, t.status), // 0060: pricing a cart
    index('orders_attention_idx').on(t.attention).where(sql`attention IS NOT NULL`), // 0070
    index('orders_year_name_idx').on(t.fiscalYear, sql`lower(user_name)`), // 0150: the gate's name search
  ],
);

/**
 * A sponsorship item has at most one full sponsor per festival year: the unique index makes two people
 * racing for one item end with exactly one claim. Starting checkout inserts a 'held' claim; payment
 * success turns it 'sponsored'; failure, rejection or expiry deletes it.
 */
export const sponsorshipClaims = sqliteTable(
  'sponsorship_claims',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    fiscalYear: text('fiscal_year').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    state: text('state', { enum: ['held', 'sponsored'] }).notNull(),
    createdAt: integer('created_at').notNull().default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
  },
  (t) => [
    uniqueIndex('sponsorship_claims_item_year_uq').on(t.productId, t.fiscalYear),
    index('sponsorship_claims_order_idx').on(t.orderId),
    index('sponsorship_claims_user_idx').on(t.userId, t.state), // migrations/0070
  ],
);

export const orderLines = sqliteTable(
  'order_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    type: text('type').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    qty: integer('qty').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    maxPricePaise: integer('max_price_paise').notNull(), // before any benefit
    sellPricePaise: integer('sell_price_paise').notNull(), // what is paid for the line
    fullSponsor: integer('full_sponsor', { mode: 'boolean' }),
    memberPricedUnits: integer('member_priced_units').notNull().default(0),
    refundedQty: integer('refunded_qty').notNull().default(0), // migrations/0080: units of processed refunds
    withheldQty: integer('withheld_qty').notNull().default(0), // 0145: units of refunds not failed (not handed out)
    // 0245: units of the line counted in products.taken while the order is active (its triggers release them)
    capacityUnits: integer('capacity_units').notNull().default(0),
    waivedUnits: integer('waived_units').notNull().default(0), // 0255: memberships whose fee the waiver took
    waiverCap: integer('waiver_cap').notNull().default(0), // 0255: the waiver's cap for the year when priced
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_product_idx').on(t.productId),
    index('order_lines_co_sponsor_idx').on(t.fullSponsor, t.productId), // 0050
  ],
);

/** One order, many payment attempts, each with its own state and provider reference. */
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(), // gate_*: 0250
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    transactionId: text('transaction_id'), // bank/UPI reference: one transaction cannot pay two orders
    bankName: text('bank_name'),
    failureReason: text('failure_reason'),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_provider_order_uq').on(t.providerOrderId),
    uniqueIndex('payments_provider_payment_uq').on(t.providerPaymentId),
    // a rejected transfer's id may be shared again (migrations/0070)
    uniqueIndex('payments_txn_uq').on(t.transactionId).where(sql`status <> 'rejected'`),
  ],
);

/** Every collection a volunteer records, online or uploaded from an offline queue (nonce makes uploads idempotent). */
export const collectionEvents = sqliteTable(
  'collection_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    nonce: text('nonce').notNull(),
    deviceId: text('device_id'),
    volunteerId: integer('volunteer_id')
      .notNull()
      .references(() => users.id),
    happenedAt: integer('happened_at').notNull(),
    recordedAt: integer('recorded_at').notNull().default(now),
    source: text('source', { enum: ['online', 'offline'] }).notNull(),
    isConflict: integer('is_conflict', { mode: 'boolean' }).notNull().default(false),
    conflictReason: text('conflict_reason'), // 0040: why an uploaded collection was flagged
    undoneAt: integer('undone_at'), // 0150: taken back by its volunteer within seconds (decision 153)
  },
  (t) => [
    uniqueIndex('collection_events_nonce_uq').on(t.nonce),
    index('collection_events_order_idx').on(t.orderId, t.happenedAt),
    index('collection_events_time_idx').on(t.happenedAt),
    index('collection_events_conflict_idx').on(t.isConflict, t.orderId), // 0040
  ],
);

export const webhookEvents = sqliteTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  receivedAt: integer('received_at').notNull().default(now),
});
