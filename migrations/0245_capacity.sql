-- Capacity per product (issue 24 item 3, docs/decisions/245-capacity-counter.md).
-- products.capacity: the units that may be held or sold, NULL = unlimited.
-- products.taken: the units held (unpaid orders, waiting-list offers) or sold now, counted for every product so
--   that a capacity set later starts from the truth.
-- products.oversold: the units forced past the capacity (offline gate sales synced later, a payment that arrives
--   after its order was given up), cumulative: what admins see as a conflict to resolve.
-- order_lines.capacity_units: the units of the line counted in its product's `taken` while the order is active
--   (Pending Payment, Pending Approval, Success); the triggers below release and take them back with the order.
ALTER TABLE `products` ADD COLUMN `capacity` integer;
ALTER TABLE `products` ADD COLUMN `taken` integer DEFAULT 0 NOT NULL;
ALTER TABLE `products` ADD COLUMN `oversold` integer DEFAULT 0 NOT NULL;
ALTER TABLE `order_lines` ADD COLUMN `capacity_units` integer DEFAULT 0 NOT NULL;

-- The guard: a take that would pass the capacity aborts its statement and its whole batch, unless the same
-- statement records the units it forces past the capacity in `oversold` (worker/services/capacity.ts forceTake).
CREATE TRIGGER `products_capacity` BEFORE UPDATE OF `taken` ON `products`
FOR EACH ROW WHEN NEW.`taken` > OLD.`taken` AND NEW.`capacity` IS NOT NULL AND NEW.`taken` > NEW.`capacity`
  AND NEW.`oversold` = OLD.`oversold`
BEGIN
  SELECT RAISE(ABORT, 'guard:sold_out');
END;

-- An order given up, expired or rejected releases its lines' units; one that becomes active again (a payment
-- captured after the order was given up) takes them back, past the capacity if it must (recorded as oversold).
CREATE TRIGGER `capacity_on_status` AFTER UPDATE OF `status` ON `orders`
FOR EACH ROW WHEN NEW.`status` IS NOT OLD.`status`
  AND (OLD.`status` IN ('Success', 'Pending Approval', 'Pending Payment'))
    <> (NEW.`status` IN ('Success', 'Pending Approval', 'Pending Payment'))
BEGIN
  UPDATE `products` SET `taken` = max(0, `taken` - (SELECT coalesce(sum(l.capacity_units), 0) FROM `order_lines` l
      WHERE l.order_id = NEW.id AND l.product_id = `products`.id))
  WHERE NEW.`status` NOT IN ('Success', 'Pending Approval', 'Pending Payment')
    AND `id` IN (SELECT `product_id` FROM `order_lines` WHERE `order_id` = NEW.id AND `capacity_units` > 0);
  UPDATE `products` SET
    `oversold` = `oversold` + max(0, (`taken` + (SELECT coalesce(sum(l.capacity_units), 0) FROM `order_lines` l
        WHERE l.order_id = NEW.id AND l.product_id = `products`.id))
      - max(`taken`, coalesce(`capacity`, `taken` + (SELECT coalesce(sum(l.capacity_units), 0) FROM `order_lines` l
        WHERE l.order_id = NEW.id AND l.product_id = `products`.id)))),
    `taken` = `taken` + (SELECT coalesce(sum(l.capacity_units), 0) FROM `order_lines` l
      WHERE l.order_id = NEW.id AND l.product_id = `products`.id)
  WHERE NEW.`status` IN ('Success', 'Pending Approval', 'Pending Payment')
    AND `id` IN (SELECT `product_id` FROM `order_lines` WHERE `order_id` = NEW.id AND `capacity_units` > 0);
END;

-- A processed refund releases the refunded units of a line (a refund never un-processes).
CREATE TRIGGER `capacity_on_refund` AFTER UPDATE OF `refunded_qty` ON `order_lines`
FOR EACH ROW WHEN NEW.`refunded_qty` > OLD.`refunded_qty` AND NEW.`capacity_units` > max(0, NEW.`qty` - NEW.`refunded_qty`)
BEGIN
  UPDATE `products` SET `taken` = max(0, `taken` - (NEW.`capacity_units` - max(0, NEW.`qty` - NEW.`refunded_qty`)))
  WHERE `id` = NEW.`product_id` AND EXISTS (SELECT 1 FROM `orders` o WHERE o.id = NEW.`order_id`
    AND o.status IN ('Success', 'Pending Approval', 'Pending Payment'));
  UPDATE `order_lines` SET `capacity_units` = max(0, NEW.`qty` - NEW.`refunded_qty`) WHERE `id` = NEW.`id`;
END;

-- The units held or sold so far this festival year (April to March, India's time) count from today.
UPDATE `order_lines` SET `capacity_units` = max(0, `qty` - `refunded_qty`)
WHERE `order_id` IN (SELECT `id` FROM `orders` WHERE `status` IN ('Success', 'Pending Approval', 'Pending Payment')
  AND `fiscal_year` = (SELECT y || '-' || substr('0' || ((y + 1) % 100), -2) FROM (SELECT
    CAST(strftime('%Y', 'now', '+330 minutes') AS INTEGER) - (CAST(strftime('%m', 'now', '+330 minutes') AS INTEGER) < 4) AS y)));
UPDATE `products` SET `taken` = (SELECT coalesce(sum(l.capacity_units), 0) FROM `order_lines` l
  CROSS JOIN `orders` o ON o.id = l.order_id
  WHERE l.product_id = `products`.id AND o.status IN ('Success', 'Pending Approval', 'Pending Payment'));
