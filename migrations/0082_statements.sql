-- Bank statement matching (issue 13, docs/decisions/083-statement-matching.md). Every credit of an imported
-- statement is kept once (unique key: date, reference, amount, narration), so importing the same statement twice
-- never matches or approves anything twice.
CREATE TABLE `statement_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_name` text,
	`uploaded_by` integer REFERENCES `users`(`id`),
	`credits` integer DEFAULT 0 NOT NULL,
	`duplicates` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `statement_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`import_id` integer NOT NULL REFERENCES `statement_imports`(`id`),
	`line_key` text NOT NULL,
	`row_no` integer NOT NULL,
	`txn_date` text NOT NULL,
	`narration` text NOT NULL,
	`reference` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`order_id` integer REFERENCES `orders`(`id`),
	`expected_paise` integer,
	-- matched | mismatch | unmatched | approved
	`state` text NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `statement_lines_key_uq` ON `statement_lines` (`line_key`);
--> statement-breakpoint
CREATE INDEX `statement_lines_import_idx` ON `statement_lines` (`import_id`, `state`);
--> statement-breakpoint
CREATE INDEX `statement_lines_order_idx` ON `statement_lines` (`order_id`);
--> statement-breakpoint
-- The column mapping an admin chose once (JSON: { date, narration, reference, credit } header names).
CREATE TABLE `statement_mapping` (
	`id` integer PRIMARY KEY NOT NULL,
	`mapping` text NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
