-- Channels beside email (issue 26, docs/decisions/230-233).

-- A member's choice per kind of message and channel, with the time it was made: the consent record (withdrawn =
-- granted 0, kept with its time). No row: the default of core/channels.ts. Each change also writes an audit row.
CREATE TABLE `channel_prefs` (
  `user_id` integer NOT NULL,
  `kind` text NOT NULL,
  `channel` text NOT NULL,
  `granted` integer NOT NULL,
  `at` integer NOT NULL,
  `via` text NOT NULL,
  PRIMARY KEY (`user_id`, `kind`, `channel`)
);
-- the renewal reminders' email choice (decision 092) is the first of them
INSERT INTO `channel_prefs` (`user_id`, `kind`, `channel`, `granted`, `at`, `via`)
  SELECT `user_id`, 'reminders', 'email', 1 - `reminders_off`, `updated_at`, 'profile' FROM `email_prefs`;
DROP TABLE `email_prefs`;

-- The number a member's WhatsApp messages go to (E.164); a STOP reply from it withdraws WhatsApp consent.
CREATE TABLE `whatsapp_numbers` (
  `user_id` integer PRIMARY KEY NOT NULL,
  `number` text NOT NULL,
  `at` integer NOT NULL
);
CREATE INDEX `whatsapp_numbers_number_idx` ON `whatsapp_numbers` (`number`);

-- A browser's web push subscription (RFC 8030/8291): the push service's URL and the browser's keys.
CREATE TABLE `push_subscriptions` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `user_id` integer NOT NULL,
  `endpoint` text NOT NULL,
  `p256dh` text NOT NULL,
  `auth` text NOT NULL,
  `created_at` integer NOT NULL
);
CREATE UNIQUE INDEX `push_subscriptions_endpoint_uq` ON `push_subscriptions` (`endpoint`);
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);

-- Every message on a channel: queued, then sent, failed or skipped (opted out, no number, no device). One row per
-- member, event and channel: the unique index is what makes a message go out once however often it is triggered.
CREATE TABLE `deliveries` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `user_id` integer NOT NULL,
  `event` text NOT NULL,
  `channel` text NOT NULL,
  `kind` text NOT NULL,
  `state` text NOT NULL,
  `message` text NOT NULL,
  `attempts` integer DEFAULT 0 NOT NULL,
  `next_at` integer NOT NULL,
  `provider_id` text,
  `error` text,
  `created_at` integer NOT NULL,
  `sent_at` integer
);
CREATE UNIQUE INDEX `deliveries_once_uq` ON `deliveries` (`event`, `user_id`, `channel`);
CREATE INDEX `deliveries_due_idx` ON `deliveries` (`state`, `next_at`);
CREATE INDEX `deliveries_user_idx` ON `deliveries` (`user_id`, `id`);
CREATE INDEX `deliveries_provider_idx` ON `deliveries` (`provider_id`);

-- The admins' announcements, in English and Bengali, sent in batches by the cron (or at `send_at`).
CREATE TABLE `announcements` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `title_en` text NOT NULL,
  `body_en` text NOT NULL,
  `title_bn` text NOT NULL,
  `body_bn` text NOT NULL,
  `audience` text NOT NULL,
  `product_id` integer,
  `fiscal_year` text NOT NULL,
  `operational` integer DEFAULT 0 NOT NULL,
  `state` text NOT NULL,
  `send_at` integer NOT NULL,
  `request_key` text NOT NULL,
  `created_by` integer NOT NULL,
  `created_at` integer NOT NULL,
  `finished_at` integer
);
CREATE UNIQUE INDEX `announcements_request_key_uq` ON `announcements` (`request_key`);
CREATE INDEX `announcements_state_idx` ON `announcements` (`state`, `send_at`);

-- Local mode's stand-ins (worker/dev/whatsapp.ts, push.ts): what the fake WhatsApp Cloud API and push service got.
CREATE TABLE `dev_whatsapp_messages` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `wamid` text NOT NULL,
  `to_number` text NOT NULL,
  `template` text NOT NULL,
  `lang` text NOT NULL,
  `text` text NOT NULL,
  `request` text NOT NULL,
  `status` text DEFAULT 'accepted' NOT NULL,
  `created_at` integer NOT NULL
);
CREATE TABLE `dev_push_subscriptions` (
  `id` text PRIMARY KEY NOT NULL,
  `keys` text NOT NULL,
  `app_server_key` text NOT NULL,
  `expired` integer DEFAULT 0 NOT NULL,
  `created_at` integer NOT NULL
);
CREATE TABLE `dev_push_messages` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `subscription_id` text NOT NULL,
  `headers` text NOT NULL,
  `body` text NOT NULL,
  `plaintext` text,
  `created_at` integer NOT NULL
);
CREATE TABLE `dev_channel_flags` (
  `key` text PRIMARY KEY NOT NULL,
  `value` text NOT NULL
);
