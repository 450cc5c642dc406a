-- The built-in Razorpay test gateway (local mode only): its own orders and payments, so that the Worker's
-- isolates share them. Production never writes these tables.
CREATE TABLE `test_gateway_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`receipt` text,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`notes` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `test_gateway_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`method` text NOT NULL,
	`error_code` text,
	`error_description` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `test_gateway_payments_order_idx` ON `test_gateway_payments` (`order_id`);
