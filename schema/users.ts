import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`;

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(), // stored lower-case
    mobile: text('mobile').notNull(), // digits only
    passwordHash: text('password_hash').notNull(), // "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>"
    emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
    isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
    isVolunteer: integer('is_volunteer', { mode: 'boolean' }).notNull().default(false),
    isMember: integer('is_member', { mode: 'boolean' }).notNull().default(false),
    lang: text('lang', { enum: ['en', 'bn-IN'] }), // the member's language for emails; NULL until chosen (0120)
    deletedAt: integer('deleted_at'), // 0265: erased by its member (docs/decisions/265); the row stays for paid orders
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_mobile_idx').on(t.mobile)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(), // SHA-256 of the token; the token itself is never stored
    iid: text('iid'), // the client's device id
    createdAt: integer('created_at').notNull().default(now),
    expiresAt: integer('expires_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use codes for forgot password and links for email verification, stored hashed. */
export const userTokens = sqliteTable(
  'user_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['password_code', 'email_verification', 'email_change'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    newEmail: text('new_email'), // 0265: the address an email_change link confirms
    createdAt: integer('created_at').notNull().default(now),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [uniqueIndex('user_tokens_hash_uq').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Failure counters per account key (login, forgot password): throttling without revealing which emails exist. */
export const throttles = sqliteTable('throttles', {
  key: text('key').primaryKey(), // e.g. "login:<email>"
  failures: integer('failures').notNull().default(0),
  windowStart: integer('window_start').notNull(),
  lockedUntil: integer('locked_until'), // unused since decision 071: the attempt count itself decides
});
