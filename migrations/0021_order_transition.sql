-- A random token written by every conditional state change of an order (confirm, fail, reject, submit):
-- the other statements of the same db.batch() check it, so the audit row, claims and email follow only
-- the call that really made the change (D1 has no interactive transactions).
ALTER TABLE `orders` ADD `transition_id` text;
