import { check, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';

/** Admin-editable settings, one JSON value per key (flags, bank/UPI details, convenience charge). */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(), // JSON
  updatedAt: integer('updated_at').notNull().default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
  updatedBy: integer('updated_by'),
});

/**
 * The settings' version (migrations/0100, docs/decisions/114): one row, raised by triggers on every change to
 * settings, read beside the session lookup so that an isolate knows whether its copy of the settings is current.
 */
export const settingsVersion = sqliteTable(
  'settings_version',
  {
    id: integer('id').primaryKey(),
    v: integer('v').notNull(),
  },
  (t) => [check('settings_version_one_row', sql`${t.id} = 1`)],
);
