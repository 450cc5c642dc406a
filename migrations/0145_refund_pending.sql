-- A refund is a refund when the money has gone (docs/decisions/145-refund-pending.md, superseding part of 080).
-- order_lines.refunded_qty now counts only units of processed refunds (money sent back): what a refund releases
-- for good (the full sponsorship claim, the co-sponsorship, the membership) waits for it. withheld_qty counts the
-- units of every refund that has not failed (requested, pending or processed): those are not handed out at the
-- venue, nor used for member-priced passes, from the moment the refund is asked for; a failed refund gives them
-- back. A failed refund is replaced at most once (retried or recorded as paid back by hand): refunds.retry_of.
ALTER TABLE `order_lines` ADD `withheld_qty` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `refunds` ADD `retry_of` integer REFERENCES `refunds`(`id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_retry_of_uq` ON `refunds` (`retry_of`);
--> statement-breakpoint
-- Only a failed refund of the same order is replaced (retried, or recorded as paid back by hand).
CREATE TRIGGER `refund_retry_guard` BEFORE INSERT ON `refunds`
WHEN NEW.retry_of IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM `refunds` WHERE id = NEW.retry_of AND order_id = NEW.order_id AND status = 'failed')
BEGIN
  SELECT RAISE(ABORT, 'guard:refund_not_failed');
END;
--> statement-breakpoint
-- Member-priced passes (0080's trigger, recreated): a UTSAV unit being refunded no longer counts.
DROP TRIGGER IF EXISTS `member_price_entitlement`;
--> statement-breakpoint
CREATE TRIGGER `member_price_entitlement` BEFORE INSERT ON `order_lines`
WHEN NEW.member_priced_units > 0 AND (
  SELECT coalesce(sum(l.member_priced_units), 0) FROM `orders` o CROSS JOIN `order_lines` l ON l.order_id = o.id
  WHERE o.user_id = (SELECT user_id FROM `orders` WHERE id = NEW.order_id)
    AND o.fiscal_year = (SELECT fiscal_year FROM `orders` WHERE id = NEW.order_id)
    AND o.status IN ('Success', 'Pending Approval', 'Pending Payment')
    AND l.product_id = NEW.product_id
) + NEW.member_priced_units > (
  SELECT coalesce(sum(l.qty - l.withheld_qty), 0) FROM `orders` o CROSS JOIN `order_lines` l ON l.order_id = o.id
  WHERE o.user_id = (SELECT user_id FROM `orders` WHERE id = NEW.order_id)
    AND o.fiscal_year = (SELECT fiscal_year FROM `orders` WHERE id = NEW.order_id)
    AND o.status IN ('Success', 'Pending Approval')
    AND l.code = 'MUTV'
)
BEGIN
  SELECT RAISE(ABORT, 'guard:member_price_used');
END;
--> statement-breakpoint
-- The refunds made so far, under the new rule. (Claims released by refunds still pending are not restored: the
-- item may be someone else's by now.)
UPDATE `order_lines` SET
  `withheld_qty` = (SELECT coalesce(sum(rl.qty), 0) FROM `refund_lines` rl CROSS JOIN `refunds` r ON r.id = rl.refund_id
    WHERE rl.line_id = `order_lines`.id AND r.status <> 'failed'),
  `refunded_qty` = (SELECT coalesce(sum(rl.qty), 0) FROM `refund_lines` rl CROSS JOIN `refunds` r ON r.id = rl.refund_id
    WHERE rl.line_id = `order_lines`.id AND r.status = 'processed')
WHERE `order_id` IN (SELECT `order_id` FROM `refunds`);
--> statement-breakpoint
UPDATE `orders` SET
  `refunded_paise` = (SELECT coalesce(sum(amount_paise), 0) FROM `refunds`
    WHERE order_id = `orders`.id AND status = 'processed' AND method <> 'carry_over'),
  `refund_state` = CASE
    WHEN EXISTS (SELECT 1 FROM `refunds` WHERE order_id = `orders`.id AND status IN ('requested', 'pending')) THEN 'Refund Pending'
    WHEN NOT EXISTS (SELECT 1 FROM `order_lines` WHERE order_id = `orders`.id AND refunded_qty > 0) THEN NULL
    WHEN NOT EXISTS (SELECT 1 FROM `refunds` WHERE order_id = `orders`.id AND status = 'processed'
      AND method <> 'carry_over') THEN 'Carried Over'
    WHEN NOT EXISTS (SELECT 1 FROM `order_lines` WHERE order_id = `orders`.id AND refunded_qty < qty) THEN 'Refunded'
    ELSE 'Partially Refunded' END,
  `pass_void` = CASE
    WHEN EXISTS (SELECT 1 FROM `order_lines` WHERE order_id = `orders`.id AND type IN ('MEMBERSHIP', 'DAILY_PASS') AND code <> 'DNP')
      AND NOT EXISTS (SELECT 1 FROM `order_lines` WHERE order_id = `orders`.id AND type IN ('MEMBERSHIP', 'DAILY_PASS')
        AND code <> 'DNP' AND withheld_qty < qty)
    THEN 1 ELSE 0 END
WHERE `id` IN (SELECT `order_id` FROM `refunds`);
