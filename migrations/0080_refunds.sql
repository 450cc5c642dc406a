-- Cancellations and refunds (issue 13, docs/decisions/080-refunds.md). A refund names whole lines (or N of a
-- line's units); its amount is computed by the server. Every guard below is checked by the database inside the
-- batch that writes the refund, so two admins refunding one order at the same moment cannot both pass it.

-- Units of a line refunded (by refunds the gateway accepted, or recorded transfers). A refunded UTSAV unit
-- no longer counts as a membership for member-priced passes; refunded passes are void at the venue.
ALTER TABLE `order_lines` ADD `refunded_qty` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_paise` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- NULL, 'Partially Refunded' or 'Refunded' (the status stays Success: the payment did happen).
ALTER TABLE `orders` ADD `refund_state` text;
--> statement-breakpoint
-- 1 once every pass unit of the order is refunded: the venue refuses the pass as "Refunded".
ALTER TABLE `orders` ADD `pass_void` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL REFERENCES `orders`(`id`),
	`request_key` text NOT NULL,
	`method` text NOT NULL,
	`status` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`reason` text NOT NULL,
	`provider_payment_id` text,
	`provider_refund_id` text,
	`reference` text,
	`failure_reason` text,
	`created_by` integer REFERENCES `users`(`id`),
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`settled_at` integer,
	`transition_id` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_request_key_uq` ON `refunds` (`request_key`);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_provider_refund_uq` ON `refunds` (`provider_refund_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_reference_uq` ON `refunds` (`reference`);
--> statement-breakpoint
CREATE INDEX `refunds_order_idx` ON `refunds` (`order_id`);
--> statement-breakpoint
CREATE INDEX `refunds_status_idx` ON `refunds` (`status`, `updated_at`);
--> statement-breakpoint
CREATE TABLE `refund_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`refund_id` integer NOT NULL REFERENCES `refunds`(`id`),
	`order_id` integer NOT NULL REFERENCES `orders`(`id`),
	`line_id` integer NOT NULL REFERENCES `order_lines`(`id`),
	`qty` integer NOT NULL,
	`amount_paise` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `refund_lines_line_idx` ON `refund_lines` (`line_id`);
--> statement-breakpoint
CREATE INDEX `refund_lines_refund_idx` ON `refund_lines` (`refund_id`);
--> statement-breakpoint
-- Only a paid order is refunded, and never beyond what was captured less the convenience charge. Refunds
-- the gateway refused ('failed') give their amount back.
CREATE TRIGGER `refund_within_captured` BEFORE INSERT ON `refunds`
BEGIN
  SELECT RAISE(ABORT, 'guard:order_not_paid')
  WHERE NOT EXISTS (SELECT 1 FROM `orders` WHERE id = NEW.order_id AND status = 'Success');
  SELECT RAISE(ABORT, 'guard:refund_exceeds')
  WHERE NEW.amount_paise <= 0 OR (
    SELECT coalesce(sum(amount_paise), 0) FROM `refunds` WHERE order_id = NEW.order_id AND status <> 'failed'
  ) + NEW.amount_paise > (SELECT total_paise - convenience_paise FROM `orders` WHERE id = NEW.order_id);
  SELECT RAISE(ABORT, 'guard:reference_used')
  WHERE NEW.reference IS NOT NULL
    AND EXISTS (SELECT 1 FROM `payments` WHERE transaction_id = NEW.reference AND status <> 'rejected');
END;
--> statement-breakpoint
-- A line of this order, never more units or paise than it had, and no pass once the order's pass is collected.
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
    AND EXISTS (SELECT 1 FROM `orders` WHERE id = NEW.order_id AND pass_collected = 1);
END;
--> statement-breakpoint
-- The bank/UPI reference of money sent back is unique across the whole system: a payer's transaction id
-- cannot repeat a refund's reference either (the message reads like the transaction id's own unique index,
-- so checkout answers it as "already shared").
CREATE TRIGGER `payment_txn_not_refund_ref` BEFORE INSERT ON `payments`
WHEN NEW.transaction_id IS NOT NULL AND EXISTS (SELECT 1 FROM `refunds` WHERE reference = NEW.transaction_id)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: payments.transaction_id (a refund reference)');
END;
--> statement-breakpoint
-- Member-priced passes (migrations/0070's trigger, recreated): a refunded UTSAV unit no longer counts.
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
  SELECT coalesce(sum(l.qty - l.refunded_qty), 0) FROM `orders` o CROSS JOIN `order_lines` l ON l.order_id = o.id
  WHERE o.user_id = (SELECT user_id FROM `orders` WHERE id = NEW.order_id)
    AND o.fiscal_year = (SELECT fiscal_year FROM `orders` WHERE id = NEW.order_id)
    AND o.status IN ('Success', 'Pending Approval')
    AND l.code = 'MUTV'
)
BEGIN
  SELECT RAISE(ABORT, 'guard:member_price_used');
END;
--> statement-breakpoint
-- The local test gateway's refunds (local mode only; production never writes it).
CREATE TABLE `test_gateway_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`idempotency_key` text,
	`notes` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `test_gateway_refunds_key_uq` ON `test_gateway_refunds` (`idempotency_key`);
--> statement-breakpoint
CREATE INDEX `test_gateway_refunds_payment_idx` ON `test_gateway_refunds` (`payment_id`);
--> statement-breakpoint
-- What the test gateway does with the next refunds: process (default), fail, or hold them pending.
CREATE TABLE `test_gateway_flags` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
