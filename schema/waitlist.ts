import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { products } from './catalogue';
import { orders } from './orders';
import { users } from './users';

export const WAITLIST_STATES = ['waiting', 'offered', 'bought', 'expired', 'left', 'removed'] as const;

/**
 * A member's place on a sold-out product's waiting list (migrations/0246, docs/decisions/246): waiting, then offered
 * (the units held for them until offer_expires_at), then bought or expired; left when they leave the list, removed
 * when an admin takes them off it (/removeFromWaitlist; no migration: the column is text without a CHECK).
 */
export const waitlistEntries = sqliteTable(
  'waitlist_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    qty: integer('qty').notNull(),
    state: text('state', { enum: WAITLIST_STATES }).notNull(),
    createdAt: integer('created_at').notNull().default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
    offeredAt: integer('offered_at'),
    offerExpiresAt: integer('offer_expires_at'),
    offerToken: text('offer_token'),
    orderId: integer('order_id').references(() => orders.id),
    updatedAt: integer('updated_at').notNull().default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
  },
  (t) => [
    uniqueIndex('waitlist_member_uq').on(t.productId, t.userId).where(sql`state IN ('waiting', 'offered')`),
    index('waitlist_line_idx').on(t.productId, t.state, t.id),
    index('waitlist_user_idx').on(t.userId, t.state),
    uniqueIndex('waitlist_token_uq').on(t.offerToken),
    index('waitlist_expiry_idx').on(t.state, t.offerExpiresAt),
  ],
);
