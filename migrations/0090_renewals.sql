-- The membership year (issue 17, docs/decisions/090-membership-year.md): renewals, reminder campaigns,
-- unsubscribe and the renewal report.

-- One row per membership line of an order that counts (Success, or Pending Approval: a transfer that
-- waits for an admin). Kept by the triggers below from orders and order_lines, whoever writes them
-- (checkout, the webhook, the reconciler, an admin, a refund), so the audience of a reminder and the
-- renewal report read this small table by index instead of a festival year's orders.
CREATE TABLE `memberships` (
  `line_id` integer PRIMARY KEY NOT NULL,
  `order_id` integer NOT NULL,
  `user_id` integer NOT NULL,
  `fiscal_year` text NOT NULL,
  `product_id` integer NOT NULL,
  `qty` integer NOT NULL,
  `paid` integer NOT NULL
);
CREATE INDEX `memberships_year_user_idx` ON `memberships` (`fiscal_year`, `user_id`, `paid`, `product_id`, `qty`);
CREATE INDEX `memberships_order_idx` ON `memberships` (`order_id`);
CREATE INDEX `memberships_user_idx` ON `memberships` (`user_id`, `fiscal_year`);

INSERT OR IGNORE INTO `memberships` (`line_id`, `order_id`, `user_id`, `fiscal_year`, `product_id`, `qty`, `paid`)
SELECT l.id, o.id, o.user_id, o.fiscal_year, l.product_id, l.qty, o.status = 'Success'
FROM `order_lines` l JOIN `orders` o ON o.id = l.order_id
WHERE l.type = 'MEMBERSHIP' AND o.status IN ('Success', 'Pending Approval');

CREATE TRIGGER `memberships_on_status` AFTER UPDATE OF `status` ON `orders`
FOR EACH ROW WHEN NEW.`status` IS NOT OLD.`status`
BEGIN
  DELETE FROM `memberships` WHERE `order_id` = NEW.`id`;
  INSERT OR IGNORE INTO `memberships` (`line_id`, `order_id`, `user_id`, `fiscal_year`, `product_id`, `qty`, `paid`)
  SELECT l.id, NEW.id, NEW.user_id, NEW.fiscal_year, l.product_id, l.qty, NEW.status = 'Success'
  FROM `order_lines` l
  WHERE l.order_id = NEW.id AND l.type = 'MEMBERSHIP' AND NEW.status IN ('Success', 'Pending Approval');
END;

CREATE TRIGGER `memberships_on_line` AFTER INSERT ON `order_lines`
FOR EACH ROW WHEN NEW.`type` = 'MEMBERSHIP'
BEGIN
  INSERT OR IGNORE INTO `memberships` (`line_id`, `order_id`, `user_id`, `fiscal_year`, `product_id`, `qty`, `paid`)
  SELECT NEW.id, o.id, o.user_id, o.fiscal_year, NEW.product_id, NEW.qty, o.status = 'Success'
  FROM `orders` o
  WHERE o.id = NEW.order_id AND o.status IN ('Success', 'Pending Approval');
END;

-- A member's choice about reminder emails (emails about their own orders always go out).
CREATE TABLE `email_prefs` (
  `user_id` integer PRIMARY KEY NOT NULL,
  `reminders_off` integer NOT NULL DEFAULT 0,
  `updated_at` integer NOT NULL DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER))
);

-- A renewal reminder campaign for one festival year. At most one is sending at a time per year: a second
-- start (or a double press) fails on this index, in the same statement that would create it.
CREATE TABLE `reminder_campaigns` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `fiscal_year` text NOT NULL,
  `from_year` text NOT NULL,
  `state` text NOT NULL,
  `audience` integer NOT NULL,
  `created_by` integer NOT NULL,
  `created_at` integer NOT NULL DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  `finished_at` integer
);
CREATE UNIQUE INDEX `reminder_campaigns_sending_uq` ON `reminder_campaigns` (`fiscal_year`) WHERE `state` = 'sending';

-- One row per member and campaign, claimed before the email goes out (INSERT ... ON CONFLICT DO NOTHING):
-- queued -> sending -> sent. A crash leaves queued rows (never attempted: the next cron run sends them)
-- or one sending row (its email may have left: never retried, so nobody gets a campaign twice).
CREATE TABLE `reminder_sends` (
  `campaign_id` integer NOT NULL,
  `user_id` integer NOT NULL,
  `state` text NOT NULL,
  `claimed_at` integer NOT NULL DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  `sent_at` integer,
  PRIMARY KEY (`campaign_id`, `user_id`)
);
CREATE INDEX `reminder_sends_state_idx` ON `reminder_sends` (`campaign_id`, `state`);

-- Reminder emails carry List-Unsubscribe headers; the outbox keeps them (JSON) so they can be checked.
ALTER TABLE `email_outbox` ADD `headers` text;
