import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { orders } from './orders';
import { users } from './users';

const now = sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`;

/**
 * A pass sold by a volunteer at the gate (docs/decisions/250): the order it made (paid and
 * collected at once), who sold it, how it was paid and on which festival day. The phone's nonce is unique: a
 * replayed or double-tapped sale finds its row and makes no second order.
 */
export const gateSales = sqliteTable(
  'gate_sales',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    nonce: text('nonce').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    volunteerId: integer('volunteer_id')
      .notNull()
      .references(() => users.id),
    deviceId: text('device_id'),
    mode: text('mode', { enum: ['cash', 'upi'] }).notNull(),
    utr: text('utr'),
    amountPaise: integer('amount_paise').notNull(),
    saleDay: text('sale_day').notNull(), // YYYY-MM-DD in India (IST), the day the volunteer answers for
    happenedAt: integer('happened_at').notNull(),
    source: text('source', { enum: ['online', 'offline'] }).notNull(),
    // what an admin must resolve: 'oversold' (capacity), 'utr_used' (the UTR paid another order already)
    conflict: text('conflict'),
    resolvedAt: integer('resolved_at'),
    recordedAt: integer('recorded_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('gate_sales_nonce_uq').on(t.nonce),
    uniqueIndex('gate_sales_order_uq').on(t.orderId),
    index('gate_sales_day_idx').on(t.saleDay, t.volunteerId),
    index('gate_sales_conflict_idx').on(t.conflict).where(sql`conflict IS NOT NULL`),
  ],
);

/** Cash a volunteer handed over to the committee for one festival day; several per day add up. */
export const gateHandovers = sqliteTable(
  'gate_handovers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    volunteerId: integer('volunteer_id')
      .notNull()
      .references(() => users.id),
    saleDay: text('sale_day').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    note: text('note'),
    recordedBy: integer('recorded_by')
      .notNull()
      .references(() => users.id),
    requestKey: text('request_key').notNull(), // a double-clicked "Record" is one handover
    recordedAt: integer('recorded_at').notNull().default(now),
  },
  (t) => [
    index('gate_handovers_day_idx').on(t.saleDay, t.volunteerId),
    uniqueIndex('gate_handovers_key_uq').on(t.requestKey),
  ],
);
