-- Carry-over (issue 13, docs/decisions/081-carry-over.md): a paid order's memberships and sponsorships moved to
-- the next festival year instead of being refunded. It is written as a refund with method 'carry_over' (no money
-- moves), so that the same guards hold (never beyond what was paid, a line never released twice), and names
-- the new order of the next year that carries the lines.
ALTER TABLE `refunds` ADD `carried_to_order_id` integer REFERENCES `orders`(`id`);
