-- A refunded co-sponsorship no longer makes its item "co-sponsored" (issue 13, docs/decisions/080): the 0070
-- trigger, recreated to skip co-sponsor lines whose units are all refunded.
DROP TRIGGER IF EXISTS `sponsorship_full_after_co`;
--> statement-breakpoint
CREATE TRIGGER `sponsorship_full_after_co` BEFORE INSERT ON `sponsorship_claims`
WHEN EXISTS (
  SELECT 1 FROM `order_lines` l CROSS JOIN `orders` o ON o.id = l.order_id
  WHERE l.full_sponsor = 0 AND l.refunded_qty < l.qty AND l.product_id = NEW.product_id AND l.order_id <> NEW.order_id
    AND o.fiscal_year = NEW.fiscal_year AND o.status IN ('Success', 'Pending Approval', 'Pending Payment')
)
BEGIN
  SELECT RAISE(ABORT, 'guard:item_co_sponsored');
END;
