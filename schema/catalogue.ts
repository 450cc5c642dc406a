import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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
    nameBn: text('name_bn').notNull().default(''), // migration 0121: '' shows the English name
    descriptionBn: text('description_bn').notNull().default(''),
    pricePaise: integer('price_paise').notNull(),
    coPricePaise: integer('co_price_paise').notNull(),
    available: integer('available', { mode: 'boolean' }).notNull().default(true),
    fullSponsorOnly: integer('full_sponsor_only', { mode: 'boolean' }).notNull().default(false),
    blockedByName: text('blocked_by_name'),
    blockedByEmail: text('blocked_by_email'),
    sortOrder: integer('sort_order').notNull().default(0),
    // migration 0245 (docs/decisions/245): units that may be held or sold (null: unlimited), units held or sold
    // now, units forced past the capacity (offline gate sales, late captures); worker/services/catalogue/capacity.ts
    capacity: integer('capacity'),
    taken: integer('taken').notNull().default(0),
    oversold: integer('oversold').notNull().default(0),
    waitlist: integer('waitlist', { mode: 'boolean' }).notNull().default(false), // 0246: a waiting list when sold out
    /** migration 0240: pricing rules as JSON (core/pricing.ts PricingRules); null = the defaults of the code */
    rules: text('rules'),
    /** the festival year it is sold in; '' on insert = the live catalogue's year (trigger products_festival_year) */
    festivalYear: text('festival_year').notNull().default(''),
    /** null = a draft; else members see it from this time on (when its year is the live one) */
    publishAt: integer('publish_at').default(0),
    /** migration 0241: a picture of the site shown on the product's card (/gallery/...); null = none */
    photo: text('photo'),
    createdAt: integer('created_at').notNull().default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
    updatedAt: integer('updated_at').notNull().default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
  },
  (t) => [
    uniqueIndex('products_year_code_uq').on(t.festivalYear, t.code),
    index('products_type_idx').on(t.type, t.sortOrder),
  ],
);
