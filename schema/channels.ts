// Channels beside email (migrations/0230_channels.sql, docs/decisions/230-233). The Worker writes these tables with
// raw statements (worker/services/channels/channels.ts, deliveries.ts, announcements.ts); the definitions here keep schema/
// equal to the database (tests/worker/schema.test.ts). Each is built in a function called once and marked pure, so
// that a bundle that does not use a table leaves all of its column builders out (esbuild drops a pure call whose
// result is unused, but not the calls in its arguments).
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CHANNELS, MESSAGE_KINDS } from '../core/channels';

export const DELIVERY_STATES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export const ANNOUNCEMENT_STATES = ['scheduled', 'sending', 'done', 'stopped'] as const;

export const channelPrefs = /* @__PURE__ */ (() =>
  sqliteTable(
    'channel_prefs',
    {
      userId: integer('user_id').notNull(),
      kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
      channel: text('channel', { enum: CHANNELS }).notNull(),
      granted: integer('granted', { mode: 'boolean' }).notNull(),
      at: integer('at').notNull(),
      via: text('via').notNull(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
  ))();

export const whatsappNumbers = /* @__PURE__ */ (() =>
  sqliteTable(
    'whatsapp_numbers',
    {
      userId: integer('user_id').primaryKey(),
      number: text('number').notNull(),
      at: integer('at').notNull(),
    },
    (t) => [index('whatsapp_numbers_number_idx').on(t.number)],
  ))();

export const pushSubscriptions = /* @__PURE__ */ (() =>
  sqliteTable(
    'push_subscriptions',
    {
      id: integer('id').primaryKey({ autoIncrement: true }),
      userId: integer('user_id').notNull(),
      endpoint: text('endpoint').notNull(),
      p256dh: text('p256dh').notNull(),
      auth: text('auth').notNull(),
      createdAt: integer('created_at').notNull(),
    },
    (t) => [
      uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
      index('push_subscriptions_user_idx').on(t.userId),
    ],
  ))();

export const deliveries = /* @__PURE__ */ (() =>
  sqliteTable(
    'deliveries',
    {
      id: integer('id').primaryKey({ autoIncrement: true }),
      userId: integer('user_id').notNull(),
      event: text('event').notNull(), // what happened: order.confirmed:42, ann:7, reminder:3:12
      channel: text('channel', { enum: CHANNELS }).notNull(),
      kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
      state: text('state', { enum: DELIVERY_STATES }).notNull(),
      message: text('message').notNull(), // JSON: the topic and its parameters
      attempts: integer('attempts').notNull().default(0),
      nextAt: integer('next_at').notNull(),
      providerId: text('provider_id'),
      error: text('error'),
      createdAt: integer('created_at').notNull(),
      sentAt: integer('sent_at'),
    },
    (t) => [
      uniqueIndex('deliveries_once_uq').on(t.event, t.userId, t.channel),
      index('deliveries_due_idx').on(t.state, t.nextAt),
      index('deliveries_user_idx').on(t.userId, t.id),
      index('deliveries_provider_idx').on(t.providerId),
    ],
  ))();

export const announcements = /* @__PURE__ */ (() =>
  sqliteTable(
    'announcements',
    {
      id: integer('id').primaryKey({ autoIncrement: true }),
      titleEn: text('title_en').notNull(),
      bodyEn: text('body_en').notNull(),
      titleBn: text('title_bn').notNull(),
      bodyBn: text('body_bn').notNull(),
      audience: text('audience').notNull(),
      productId: integer('product_id'),
      fiscalYear: text('fiscal_year').notNull(),
      operational: integer('operational', { mode: 'boolean' }).notNull().default(false),
      state: text('state', { enum: ANNOUNCEMENT_STATES }).notNull(),
      sendAt: integer('send_at').notNull(),
      requestKey: text('request_key').notNull(),
      createdBy: integer('created_by').notNull(),
      createdAt: integer('created_at').notNull(),
      finishedAt: integer('finished_at'),
    },
    (t) => [
      uniqueIndex('announcements_request_key_uq').on(t.requestKey),
      index('announcements_state_idx').on(t.state, t.sendAt),
    ],
  ))();

// ---- local mode's stand-ins (worker/dev/whatsapp.ts, push.ts) ----

export const devWhatsappMessages = /* @__PURE__ */ (() =>
  sqliteTable('dev_whatsapp_messages', {
    id: integer('id').primaryKey({ autoIncrement: true }),
    wamid: text('wamid').notNull(),
    toNumber: text('to_number').notNull(),
    template: text('template').notNull(),
    lang: text('lang').notNull(),
    text: text('text').notNull(),
    request: text('request').notNull(),
    // accepted, then (POST /dev/whatsapp/flush) delivered or failed, as Meta's status webhooks report them
    status: text('status').notNull().default('accepted'),
    createdAt: integer('created_at').notNull(),
  }))();

export const devPushSubscriptions = /* @__PURE__ */ (() =>
  sqliteTable('dev_push_subscriptions', {
    id: text('id').primaryKey(),
    keys: text('keys').notNull(), // JSON: the subscriber's private key (JWK) and auth secret
    appServerKey: text('app_server_key').notNull(),
    expired: integer('expired', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
  }))();

export const devPushMessages = /* @__PURE__ */ (() =>
  sqliteTable('dev_push_messages', {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: text('subscription_id').notNull(),
    headers: text('headers').notNull(),
    body: text('body').notNull(), // base64url of the encrypted body as received
    plaintext: text('plaintext'),
    createdAt: integer('created_at').notNull(),
  }))();

export const devChannelFlags = /* @__PURE__ */ (() =>
  sqliteTable('dev_channel_flags', {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
  }))();
