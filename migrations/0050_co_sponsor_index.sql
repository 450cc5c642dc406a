-- Co-sponsorship lookups (catalogue and cart) start from the few co-sponsor lines instead of scanning the
-- festival year's orders: rows read no longer grow with the number of orders.
CREATE INDEX `order_lines_co_sponsor_idx` ON `order_lines` (`full_sponsor`,`product_id`);
