-- Reminders for unpaid direct transfers (issue 13, docs/decisions/084-transfer-reminders.md): one row per order
-- reminded, so that each member gets the reminder once, whichever cron run (or two at once) sends it.
CREATE TABLE `transfer_reminders` (
	`order_id` integer PRIMARY KEY NOT NULL REFERENCES `orders`(`id`),
	`sent_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
