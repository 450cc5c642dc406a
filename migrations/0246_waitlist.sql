-- A waiting list for a sold-out product (issue 24 item 4, docs/decisions/246-waiting-list.md).
-- products.waitlist: members may join the product's waiting list when it is sold out (off by default).
-- waitlist_entries: one member's wish for `qty` units, in line by id. 'waiting' -> 'offered' (the units are held
-- for the member until offer_expires_at; the email's link carries offer_token) -> 'bought' (a checkout used the
-- offer) or 'expired' (the hold ended unused, the units go to the next in line); 'left' when the member leaves.
ALTER TABLE `products` ADD COLUMN `waitlist` integer DEFAULT false NOT NULL;
CREATE TABLE `waitlist_entries` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `product_id` integer NOT NULL,
  `user_id` integer NOT NULL,
  `qty` integer NOT NULL,
  `state` text NOT NULL,
  `created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
  `offered_at` integer,
  `offer_expires_at` integer,
  `offer_token` text,
  `order_id` integer,
  `updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
  FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
  FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
  FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
-- one place in line per member and product at a time
CREATE UNIQUE INDEX `waitlist_member_uq` ON `waitlist_entries` (`product_id`,`user_id`) WHERE `state` IN ('waiting', 'offered');
CREATE INDEX `waitlist_line_idx` ON `waitlist_entries` (`product_id`,`state`,`id`);
CREATE INDEX `waitlist_user_idx` ON `waitlist_entries` (`user_id`,`state`);
CREATE UNIQUE INDEX `waitlist_token_uq` ON `waitlist_entries` (`offer_token`);
CREATE INDEX `waitlist_expiry_idx` ON `waitlist_entries` (`state`,`offer_expires_at`);
