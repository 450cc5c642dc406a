-- Refunds of a gate sale (issue 24 item 5, docs/decisions/253): a gate sale's passes are handed over with the sale
-- (collected at once), so the "no pass once collected" rule of refund_line_guard would make every gate sale
-- unrefundable. A gate sale (checkout_key 'gate:<nonce>') is refunded with its passes taken back at the desk, like
-- an uncollected order; the rest of the guard is as migrations/0080 wrote it.
DROP TRIGGER IF EXISTS `refund_line_guard`;
--> statement-breakpoint
CREATE TRIGGER `refund_line_guard` BEFORE INSERT ON `refund_lines`
BEGIN
  SELECT RAISE(ABORT, 'guard:foreign_line')
  WHERE NOT EXISTS (SELECT 1 FROM `order_lines` WHERE id = NEW.line_id AND order_id = NEW.order_id);
  SELECT RAISE(ABORT, 'guard:line_refunded')
  WHERE NEW.qty <= 0 OR (
    SELECT coalesce(sum(rl.qty), 0) FROM `refund_lines` rl CROSS JOIN `refunds` r ON r.id = rl.refund_id
    WHERE rl.line_id = NEW.line_id AND r.status <> 'failed'
  ) + NEW.qty > (SELECT qty FROM `order_lines` WHERE id = NEW.line_id)
  OR (
    SELECT coalesce(sum(rl.amount_paise), 0) FROM `refund_lines` rl CROSS JOIN `refunds` r ON r.id = rl.refund_id
    WHERE rl.line_id = NEW.line_id AND r.status <> 'failed'
  ) + NEW.amount_paise > (SELECT sell_price_paise FROM `order_lines` WHERE id = NEW.line_id);
  SELECT RAISE(ABORT, 'guard:pass_collected')
  WHERE EXISTS (SELECT 1 FROM `order_lines` WHERE id = NEW.line_id
      AND type IN ('MEMBERSHIP', 'DAILY_PASS') AND code <> 'DNP')
    AND EXISTS (SELECT 1 FROM `orders` WHERE id = NEW.order_id AND pass_collected = 1
      AND (checkout_key IS NULL OR checkout_key NOT LIKE 'gate:%'));
END;
