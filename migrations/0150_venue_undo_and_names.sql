-- The venue, second pass (docs/decisions/152, 153).

-- A mistaken "Mark as Collected" taken back within seconds by the volunteer who tapped it: the event stays (its
-- nonce must keep a re-sent upload from collecting the pass again) and says when it was undone.
ALTER TABLE `collection_events` ADD `undone_at` integer;
--> statement-breakpoint
-- Name search at the gate: the festival year's orders by the start of the buyer's name, any case.
CREATE INDEX `orders_year_name_idx` ON `orders` (`fiscal_year`, lower(`user_name`));
