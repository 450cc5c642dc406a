-- Numbered receipts and credit notes (issue 25, docs/decisions/260-receipts.md).

-- What a member may want on a receipt for their books, entered at checkout or later (docs/decisions/261).
ALTER TABLE `orders` ADD `billing_name` text;
ALTER TABLE `orders` ADD `billing_pan` text;
ALTER TABLE `orders` ADD `billing_gstin` text;

-- One row per series ('R' receipts, 'CN' credit notes) and festival year: the last number issued. The transition to
-- paid (and a refund's settlement) adds one to it and inserts the receipt in the same batch, so a number is issued
-- exactly when the money is confirmed, never twice and never skipped.
CREATE TABLE `receipt_counters` (
  `series` text NOT NULL,
  `fiscal_year` text NOT NULL,
  `last` integer DEFAULT 0 NOT NULL,
  PRIMARY KEY (`series`, `fiscal_year`)
);

-- A receipt (kind 'receipt': one per paid order) or a credit note (kind 'credit_note': one per refund whose money
-- went back, naming the receipt it reduces). number: '2026-27/000123' or 'CN/2026-27/000004'.
CREATE TABLE `receipts` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `kind` text NOT NULL,
  `fiscal_year` text NOT NULL,
  `seq` integer NOT NULL,
  `number` text NOT NULL,
  `order_id` integer NOT NULL,
  `refund_id` integer,
  `receipt_id` integer,
  `amount_paise` integer NOT NULL,
  `mode` text NOT NULL,
  `reference` text,
  `payer_name` text NOT NULL,
  `billing_name` text,
  `pan` text,
  `gstin` text,
  `issued_at` integer NOT NULL,
  FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
  FOREIGN KEY (`refund_id`) REFERENCES `refunds`(`id`) ON UPDATE no action ON DELETE no action,
  FOREIGN KEY (`receipt_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE no action
);
CREATE UNIQUE INDEX `receipts_number_uq` ON `receipts` (`number`);
CREATE UNIQUE INDEX `receipts_series_uq` ON `receipts` (`fiscal_year`, `kind`, `seq`);
CREATE UNIQUE INDEX `receipts_order_uq` ON `receipts` (`order_id`) WHERE kind = 'receipt';
CREATE UNIQUE INDEX `receipts_refund_uq` ON `receipts` (`refund_id`);
CREATE INDEX `receipts_order_idx` ON `receipts` (`order_id`);
CREATE INDEX `receipts_receipt_idx` ON `receipts` (`receipt_id`);

-- Contributions paid before receipts existed get theirs now, numbered in the order they were paid; a carried-in
-- order (a carry-over's new order) has none of its own: it keeps the receipt of the order it came from.
INSERT INTO `receipts` (`kind`, `fiscal_year`, `seq`, `number`, `order_id`, `amount_paise`, `mode`, `reference`,
    `payer_name`, `issued_at`)
  SELECT 'receipt', fiscal_year, n, fiscal_year || '/' || printf('%06d', n), id, total_paise, payment_type,
    transaction_id, user_name, coalesce(payment_date, success_ts, created_at)
  FROM (SELECT o.*, ROW_NUMBER() OVER (PARTITION BY fiscal_year ORDER BY success_ts, id) AS n FROM `orders` o
    WHERE o.status = 'Success' AND (o.checkout_key IS NULL OR o.checkout_key NOT LIKE 'carry:%'));
INSERT INTO `receipt_counters` (`series`, `fiscal_year`, `last`)
  SELECT 'R', fiscal_year, max(seq) FROM `receipts` WHERE kind = 'receipt' GROUP BY fiscal_year;
-- Refunds already paid back get their credit notes the same way (a carry-over moves no money: none).
INSERT INTO `receipts` (`kind`, `fiscal_year`, `seq`, `number`, `order_id`, `refund_id`, `receipt_id`, `amount_paise`,
    `mode`, `reference`, `payer_name`, `issued_at`)
  SELECT 'credit_note', fiscal_year, n, 'CN/' || fiscal_year || '/' || printf('%06d', n), order_id, refund_id,
    (SELECT x.id FROM `receipts` x WHERE x.kind = 'receipt' AND x.order_id = coalesce(
      (SELECT c.order_id FROM `refunds` c WHERE c.carried_to_order_id = q.order_id LIMIT 1), q.order_id)),
    amount_paise, mode, reference, user_name, issued_at
  FROM (SELECT o.fiscal_year, r.order_id, r.id AS refund_id, r.amount_paise,
      CASE WHEN r.method = 'razorpay' THEN 'Online' ELSE 'Offline' END AS mode,
      coalesce(r.provider_refund_id, r.reference) AS reference, o.user_name,
      coalesce(r.settled_at, r.updated_at) AS issued_at,
      ROW_NUMBER() OVER (PARTITION BY o.fiscal_year ORDER BY coalesce(r.settled_at, r.updated_at), r.id) AS n
    FROM `refunds` r CROSS JOIN `orders` o ON o.id = r.order_id
    WHERE r.status = 'processed' AND r.method <> 'carry_over') q;
INSERT INTO `receipt_counters` (`series`, `fiscal_year`, `last`)
  SELECT 'CN', fiscal_year, max(seq) FROM `receipts` WHERE kind = 'credit_note' GROUP BY fiscal_year;
