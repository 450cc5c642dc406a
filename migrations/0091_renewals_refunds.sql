-- A refunded membership unit is no membership (issue 13's migrations/0080 added order_lines.refunded_qty;
-- docs/decisions/090-membership-year.md): the memberships table counts qty - refunded_qty, and a line
-- refunded whole leaves it, so a member refunded last year is not offered a renewal and not reminded, and a
-- renewal refunded this year counts as not renewed.

DROP TRIGGER IF EXISTS `memberships_on_status`;
DROP TRIGGER IF EXISTS `memberships_on_line`;

CREATE TRIGGER `memberships_on_status` AFTER UPDATE OF `status` ON `orders`
FOR EACH ROW WHEN NEW.`status` IS NOT OLD.`status`
BEGIN
  DELETE FROM `memberships` WHERE `order_id` = NEW.`id`;
  INSERT OR IGNORE INTO `memberships` (`line_id`, `order_id`, `user_id`, `fiscal_year`, `product_id`, `qty`, `paid`)
  SELECT l.id, NEW.id, NEW.user_id, NEW.fiscal_year, l.product_id, l.qty - l.refunded_qty, NEW.status = 'Success'
  FROM `order_lines` l
  WHERE l.order_id = NEW.id AND l.type = 'MEMBERSHIP' AND l.qty > l.refunded_qty
    AND NEW.status IN ('Success', 'Pending Approval');
END;

CREATE TRIGGER `memberships_on_line` AFTER INSERT ON `order_lines`
FOR EACH ROW WHEN NEW.`type` = 'MEMBERSHIP' AND NEW.`qty` > NEW.`refunded_qty`
BEGIN
  INSERT OR IGNORE INTO `memberships` (`line_id`, `order_id`, `user_id`, `fiscal_year`, `product_id`, `qty`, `paid`)
  SELECT NEW.id, o.id, o.user_id, o.fiscal_year, NEW.product_id, NEW.qty - NEW.refunded_qty, o.status = 'Success'
  FROM `orders` o
  WHERE o.id = NEW.order_id AND o.status IN ('Success', 'Pending Approval');
END;

CREATE TRIGGER `memberships_on_refund` AFTER UPDATE OF `refunded_qty` ON `order_lines`
FOR EACH ROW WHEN NEW.`type` = 'MEMBERSHIP' AND NEW.`refunded_qty` IS NOT OLD.`refunded_qty`
BEGIN
  DELETE FROM `memberships` WHERE `line_id` = NEW.`id`;
  INSERT OR IGNORE INTO `memberships` (`line_id`, `order_id`, `user_id`, `fiscal_year`, `product_id`, `qty`, `paid`)
  SELECT NEW.id, o.id, o.user_id, o.fiscal_year, NEW.product_id, NEW.qty - NEW.refunded_qty, o.status = 'Success'
  FROM `orders` o
  WHERE o.id = NEW.order_id AND o.status IN ('Success', 'Pending Approval') AND NEW.qty > NEW.refunded_qty;
END;

-- Lines refunded before this migration.
DELETE FROM `memberships` WHERE `line_id` IN (SELECT `id` FROM `order_lines` WHERE `type` = 'MEMBERSHIP' AND `qty` <= `refunded_qty`);
UPDATE `memberships` SET `qty` = (SELECT l.qty - l.refunded_qty FROM `order_lines` l WHERE l.id = `memberships`.`line_id`)
WHERE `line_id` IN (SELECT `id` FROM `order_lines` WHERE `type` = 'MEMBERSHIP' AND `refunded_qty` > 0);
