-- Gate sales by volunteers (issue 24 item 5, docs/decisions/250-252).

-- A pass sold at the gate: the order it made, who sold it, cash or UPI (with the UTR), the festival day (IST). The
-- nonce is unique: a sale replayed from a phone's queue or tapped twice makes one order.
CREATE TABLE `gate_sales` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nonce` text NOT NULL,
	`order_id` integer NOT NULL,
	`volunteer_id` integer NOT NULL,
	`device_id` text,
	`mode` text NOT NULL,
	`utr` text,
	`amount_paise` integer NOT NULL,
	`sale_day` text NOT NULL,
	`happened_at` integer NOT NULL,
	`source` text NOT NULL,
	`conflict` text,
	`resolved_at` integer,
	`recorded_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`volunteer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
CREATE UNIQUE INDEX `gate_sales_nonce_uq` ON `gate_sales` (`nonce`);
CREATE UNIQUE INDEX `gate_sales_order_uq` ON `gate_sales` (`order_id`);
CREATE INDEX `gate_sales_day_idx` ON `gate_sales` (`sale_day`,`volunteer_id`);
CREATE INDEX `gate_sales_conflict_idx` ON `gate_sales` (`conflict`) WHERE conflict IS NOT NULL;

-- Cash a volunteer handed over for a festival day; several handovers of one day add up.
CREATE TABLE `gate_handovers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`volunteer_id` integer NOT NULL,
	`sale_day` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`note` text,
	`recorded_by` integer NOT NULL,
	`request_key` text NOT NULL,
	`recorded_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`volunteer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
CREATE INDEX `gate_handovers_day_idx` ON `gate_handovers` (`sale_day`,`volunteer_id`);
CREATE UNIQUE INDEX `gate_handovers_key_uq` ON `gate_handovers` (`request_key`);
