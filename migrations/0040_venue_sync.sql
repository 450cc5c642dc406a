-- Venue pass collection (issue 7): delta sync for volunteers' phones and the admins' conflicts list.

-- Why an uploaded collection was flagged (collected on another device earlier, order not paid, ...).
ALTER TABLE `collection_events` ADD `conflict_reason` text;
--> statement-breakpoint
CREATE INDEX `collection_events_conflict_idx` ON `collection_events` (`is_conflict`,`order_id`);
--> statement-breakpoint
-- The phones' delta sync reads the festival year's pass orders in (updated_at, id) order from a cursor.
CREATE INDEX `orders_year_updated_idx` ON `orders` (`fiscal_year`,`updated_at`,`id`);
--> statement-breakpoint
-- Every change to an order moves updated_at forward, strictly, whoever writes it (checkout, admin,
-- venue), so the delta sync cannot miss a change. A write that sets updated_at itself is left alone.
CREATE TRIGGER `orders_touch_updated_at` AFTER UPDATE ON `orders`
FOR EACH ROW WHEN NEW.`updated_at` = OLD.`updated_at`
BEGIN
  UPDATE `orders`
  SET `updated_at` = MAX(OLD.`updated_at` + 1, CAST(unixepoch('subsec') * 1000 AS INTEGER))
  WHERE `id` = NEW.`id`;
END;
