// The membership year (migrations/0090): memberships kept by triggers, reminder campaigns. The email choices
// moved to schema/channels.ts (channel_prefs, migrations/0230).
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`;

/** Membership lines of counted orders (Success or Pending Approval); written only by the 0090 triggers. */
export const memberships = sqliteTable(
  'memberships',
  {
    lineId: integer('line_id').primaryKey(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id').notNull(),
    fiscalYear: text('fiscal_year').notNull(),
    productId: integer('product_id').notNull(),
    qty: integer('qty').notNull(),
    paid: integer('paid', { mode: 'boolean' }).notNull(),
  },
  (t) => [
    index('memberships_year_user_idx').on(t.fiscalYear, t.userId, t.paid, t.productId, t.qty),
    index('memberships_order_idx').on(t.orderId),
    index('memberships_user_idx').on(t.userId, t.fiscalYear),
  ],
);

export const CAMPAIGN_STATES = ['sending', 'done', 'stopped'] as const;

export const reminderCampaigns = /* @__PURE__ */ (() =>
  sqliteTable(
    'reminder_campaigns',
    {
      id: integer('id').primaryKey({ autoIncrement: true }),
      fiscalYear: text('fiscal_year').notNull(),
      fromYear: text('from_year').notNull(),
      state: text('state', { enum: CAMPAIGN_STATES }).notNull(),
      audience: integer('audience').notNull(),
      createdBy: integer('created_by').notNull(),
      createdAt: integer('created_at').notNull().default(now),
      finishedAt: integer('finished_at'),
    },
    (t) => [uniqueIndex('reminder_campaigns_sending_uq').on(t.fiscalYear).where(sql`state = 'sending'`)],
  ))();

export const reminderSends = /* @__PURE__ */ (() =>
  sqliteTable(
    'reminder_sends',
    {
      campaignId: integer('campaign_id').notNull(),
      userId: integer('user_id').notNull(),
      state: text('state', { enum: ['queued', 'sending', 'sent'] }).notNull(),
      claimedAt: integer('claimed_at').notNull().default(now),
      sentAt: integer('sent_at'),
    },
    (t) => [
      primaryKey({ columns: [t.campaignId, t.userId] }),
      index('reminder_sends_state_idx').on(t.campaignId, t.state),
    ],
  ))();
