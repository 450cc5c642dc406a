-- Hardening (issue 11, docs/decisions/070-atomic-checks.md): every check that guards a write is decided
-- by the database in the same statement or batch, so parallel requests cannot both pass it.

-- A transfer rejected by mistake may be shared again: its transaction id is unique only among attempts
-- that were not rejected.
DROP INDEX IF EXISTS `payments_txn_uq`;
CREATE UNIQUE INDEX `payments_txn_uq` ON `payments` (`transaction_id`) WHERE `status` <> 'rejected';

-- Something an admin must look at (a late capture that lost its item, a member price used twice):
-- shown in the Pending list and the Overview until an admin clears it.
ALTER TABLE `orders` ADD `attention` text;
CREATE INDEX `orders_attention_idx` ON `orders` (`attention`) WHERE `attention` IS NOT NULL;

-- Decision 011: an item has either one full sponsor or co-sponsors, never both. Checked by the database
-- when a claim or a co-sponsorship line is written, so two checkouts racing for one item cannot both win.
CREATE TRIGGER `sponsorship_full_after_co` BEFORE INSERT ON `sponsorship_claims`
WHEN EXISTS (
  SELECT 1 FROM `order_lines` l CROSS JOIN `orders` o ON o.id = l.order_id
  WHERE l.full_sponsor = 0 AND l.product_id = NEW.product_id AND l.order_id <> NEW.order_id
    AND o.fiscal_year = NEW.fiscal_year AND o.status IN ('Success', 'Pending Approval', 'Pending Payment')
)
BEGIN
  SELECT RAISE(ABORT, 'guard:item_co_sponsored');
END;

CREATE TRIGGER `sponsorship_co_after_full` BEFORE INSERT ON `order_lines`
WHEN NEW.type = 'SPONSORSHIP' AND NEW.full_sponsor = 0 AND EXISTS (
  SELECT 1 FROM `sponsorship_claims` c
  WHERE c.product_id = NEW.product_id AND c.order_id <> NEW.order_id
    AND c.fiscal_year = (SELECT fiscal_year FROM `orders` WHERE id = NEW.order_id)
)
BEGIN
  SELECT RAISE(ABORT, 'guard:item_taken');
END;

-- Member-priced passes: the units sold at the member price (paid, awaiting approval or awaiting payment)
-- never exceed the buyer's UTSAV memberships of the festival year (paid or awaiting approval).
CREATE TRIGGER `member_price_entitlement` BEFORE INSERT ON `order_lines`
WHEN NEW.member_priced_units > 0 AND (
  SELECT coalesce(sum(l.member_priced_units), 0) FROM `orders` o CROSS JOIN `order_lines` l ON l.order_id = o.id
  WHERE o.user_id = (SELECT user_id FROM `orders` WHERE id = NEW.order_id)
    AND o.fiscal_year = (SELECT fiscal_year FROM `orders` WHERE id = NEW.order_id)
    AND o.status IN ('Success', 'Pending Approval', 'Pending Payment')
    AND l.product_id = NEW.product_id
) + NEW.member_priced_units > (
  SELECT coalesce(sum(l.qty), 0) FROM `orders` o CROSS JOIN `order_lines` l ON l.order_id = o.id
  WHERE o.user_id = (SELECT user_id FROM `orders` WHERE id = NEW.order_id)
    AND o.fiscal_year = (SELECT fiscal_year FROM `orders` WHERE id = NEW.order_id)
    AND o.status IN ('Success', 'Pending Approval')
    AND l.code = 'MUTV'
)
BEGIN
  SELECT RAISE(ABORT, 'guard:member_price_used');
END;

-- An item an admin has blocked (reserved) for a named sponsor is claimed by that sponsor only.
CREATE TRIGGER `sponsorship_blocked_item` BEFORE INSERT ON `sponsorship_claims`
WHEN EXISTS (
  SELECT 1 FROM `products` p WHERE p.id = NEW.product_id AND p.blocked_by_email IS NOT NULL
    AND lower(trim(p.blocked_by_email)) <> (SELECT lower(trim(email)) FROM `users` WHERE id = NEW.user_id)
)
BEGIN
  SELECT RAISE(ABORT, 'guard:item_blocked');
END;

-- One account may hold at most 3 items with unpaid direct-transfer orders at a time.
CREATE TRIGGER `transfer_hold_limit` BEFORE INSERT ON `sponsorship_claims`
WHEN NEW.state = 'held'
  AND (SELECT payment_type FROM `orders` WHERE id = NEW.order_id) = 'Offline'
  AND (
    SELECT count(*) FROM `sponsorship_claims` c CROSS JOIN `orders` o ON o.id = c.order_id
    WHERE c.user_id = NEW.user_id AND c.state = 'held' AND o.payment_type = 'Offline'
  ) >= 3
BEGIN
  SELECT RAISE(ABORT, 'guard:hold_limit');
END;

CREATE INDEX `sponsorship_claims_user_idx` ON `sponsorship_claims` (`user_id`, `state`);
