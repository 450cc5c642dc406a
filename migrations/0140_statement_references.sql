-- Statement matching by whole references (docs/decisions/140). A credit may now need a person ('ambiguous': two
-- waiting transfers fit it, or one transfer fits two credits; candidate_ids lists the transfers when several fit
-- it), and a credit whose transfer was rejected or refunded by hand returns to 'unmatched' with a flag for the
-- treasurer naming that order. Every import remembers every credit it held, new or imported before
-- (statement_import_lines), so that importing a statement again shows its earlier, still-open matches.
ALTER TABLE `statement_lines` ADD COLUMN `candidate_ids` text;
--> statement-breakpoint
ALTER TABLE `statement_lines` ADD COLUMN `flag` text;
--> statement-breakpoint
ALTER TABLE `statement_lines` ADD COLUMN `flag_order_id` integer REFERENCES `orders`(`id`);
--> statement-breakpoint
CREATE INDEX `statement_lines_flag_idx` ON `statement_lines` (`updated_at`) WHERE `flag` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `statement_import_lines` (
	`import_id` integer NOT NULL REFERENCES `statement_imports`(`id`),
	`line_id` integer NOT NULL REFERENCES `statement_lines`(`id`),
	`row_no` integer NOT NULL,
	PRIMARY KEY (`import_id`, `line_id`)
);
--> statement-breakpoint
INSERT INTO `statement_import_lines` (`import_id`, `line_id`, `row_no`) SELECT `import_id`, `id`, `row_no` FROM `statement_lines`;
--> statement-breakpoint
-- Matches made by the old rule (a transaction id anywhere inside a narration, so `4857` matched
-- `UPI/CR/485724971134`) are not trusted: the next import of the statement matches them again by whole references.
UPDATE `statement_lines` SET `state` = 'unmatched', `order_id` = NULL, `expected_paise` = NULL
WHERE `state` IN ('matched', 'mismatch');
