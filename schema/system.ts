import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`;

/** Every email the app sends; with no provider configured this is the local outbox a developer reads. */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    toAddr: text('to_addr').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: ['outbox', 'sent', 'failed'] }).notNull(),
    providerId: text('provider_id'),
    error: text('error'),
    headers: text('headers'), // 0090: JSON, e.g. List-Unsubscribe of reminders
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [index('email_outbox_to_idx').on(t.toAddr, t.createdAt)],
);

/** Every change to money, passes, products, settings or roles, written in the same batch as the change. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at').notNull().default(now),
    actorId: integer('actor_id'), // null: the system (webhook, scheduled job)
    action: text('action').notNull(), // dotted: order.approved, pass.collected
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    details: text('details').notNull().default('{}'), // JSON
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);
