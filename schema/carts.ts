import { sql } from 'drizzle-orm';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { products } from './catalogue';
import { users } from './users';

/** One server cart per user, replaced whole by /addToCart; it holds contributions or daily passes, never both. */
export const carts = sqliteTable('carts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  kind: text('kind', { enum: ['CONTRIBUTION', 'DAILY_PASS'] }).notNull(),
  updatedAt: integer('updated_at').notNull().default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
});

export const cartLines = sqliteTable(
  'cart_lines',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    qty: integer('qty').notNull(),
    fullSponsor: integer('full_sponsor', { mode: 'boolean' }), // sponsorship only: true full, false co-sponsor
    amountPaise: integer('amount_paise'), // the extra contribution's chosen amount
    // migration 0240: the product's price and co-price when the line was added; a change shows on the next view
    unitPricePaise: integer('unit_price_paise'),
    coPricePaise: integer('co_price_paise'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const userExtraInfo = sqliteTable('user_extra_info', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  addrLine1: text('addr_line1'),
  addrLine2: text('addr_line2'),
  city: text('city'),
  state: text('state'),
  pin: text('pin'),
  additionalEmail: text('additional_email'),
  additionalMobile: text('additional_mobile'),
  referSource: text('refer_source'),
  referredBy: text('referred_by'),
  updatedAt: integer('updated_at').notNull().default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
});
