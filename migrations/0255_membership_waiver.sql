-- The membership fee waiver for sponsoring families (issue 24 item 6, docs/decisions/255): per order line, the
-- memberships whose fee was waived and the waiver's cap for the festival year when the line was priced (the tier's
-- member count). The trigger holds the year's waived memberships of one account (orders paid, awaiting approval or
-- awaiting payment; units refunded or being refunded give their place back) to that cap, so two checkouts in
-- parallel cannot each count the same sponsorship for the whole waiver: the second one's batch is refused whole.
ALTER TABLE `order_lines` ADD `waived_units` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `order_lines` ADD `waiver_cap` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `membership_waiver_cap` BEFORE INSERT ON `order_lines`
WHEN NEW.waived_units > 0 AND (
  SELECT coalesce(sum(max(0, min(l.waived_units, l.qty - l.withheld_qty))), 0)
  FROM `orders` o CROSS JOIN `order_lines` l ON l.order_id = o.id
  WHERE o.user_id = (SELECT user_id FROM `orders` WHERE id = NEW.order_id)
    AND o.fiscal_year = (SELECT fiscal_year FROM `orders` WHERE id = NEW.order_id)
    AND o.status IN ('Success', 'Pending Approval', 'Pending Payment')
    AND l.waived_units > 0
) + NEW.waived_units > NEW.waiver_cap
BEGIN
  SELECT RAISE(ABORT, 'guard:waiver_used');
END;
