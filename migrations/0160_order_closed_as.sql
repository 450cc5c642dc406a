-- Why an order became Failed, so that the member reads what happened (issue 23, docs/decisions/163):
-- 'cancelled' (given up by the member, replaced by a new checkout, or the payment window closed without paying),
-- 'expired' (not paid in time) or 'failed' (the payment provider refused the payment). NULL for other statuses.
ALTER TABLE `orders` ADD COLUMN `closed_as` text;
UPDATE `orders` SET `closed_as` = CASE
    WHEN `reject_reason` IN ('Cancelled by the member before paying', 'Replaced by a new checkout', 'Payment failed')
      THEN 'cancelled'
    WHEN `reject_reason` LIKE 'Payment not completed in time%' OR `reject_reason` LIKE 'Transfer details not shared in time%'
      THEN 'expired'
    ELSE 'failed'
  END
  WHERE `status` = 'Failed';
