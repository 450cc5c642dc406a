import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { orders } from './orders';
import { users } from './users';

export const PRODUCT_TYPES = ['MEMBERSHIP', 'SPONSORSHIP', 'DAILY_PASS'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: text('type', { enum: PRODUCT_TYPES }).notNull(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    nameBn: text('name_bn').notNull().default(''), // issue 16 (0121): '' shows the English name
    descriptionBn: text('description_bn').notNull().default(''),
    pricePaise: integer('price_paise').notNull(),
    coPricePaise: integer('co_price_paise').notNull(),
    available: integer('available', { mode: 'boolean' }).notNull().default(true),
    fullSponsorOnly: integer('full_sponsor_only', { mode: 'boolean' }).notNull().default(false),
    blockedByName: text('blocked_by_name'),
    blockedByEmail: text('blocked_by_email'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: integer('created_at').notNull().default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
    updatedAt: integer('updated_at').notNull().default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
  },
  (t) => [uniqueIndex('products_code_uq').on(t.code), index('products_type_idx').on(t.type, t.sortOrder)],
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
