-- A member's own data (issue 25 item 5, docs/decisions/265-266): an account deleted by its member keeps its row
-- (paid orders refer to it) with every personal field erased, marked by `deleted_at`; an email change waits for
-- the link sent to the new address, which its token row carries until it is used.
ALTER TABLE `users` ADD COLUMN `deleted_at` integer;
ALTER TABLE `user_tokens` ADD COLUMN `new_email` text;
