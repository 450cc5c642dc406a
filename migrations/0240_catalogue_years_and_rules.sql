-- Issue 24 (docs/decisions/240, 241): a product's pricing rules, stored per product, and its festival year.
-- rules: JSON (core/pricing.ts PricingRules); NULL = the defaults of its code. The existing rule codes get theirs
-- written out, so an admin sees and edits them.
ALTER TABLE `products` ADD COLUMN `rules` text;
UPDATE `products` SET `rules` = '{"qtyTiers":[{"minQty":3,"basisPoints":9500},{"minQty":4,"basisPoints":9000}],"memberPrice":false,"freeAmount":null}'
  WHERE `code` = 'MUTV' AND `type` <> 'DAILY_PASS';
UPDATE `products` SET `rules` = '{"qtyTiers":[{"minQty":4,"basisPoints":9000}],"memberPrice":true,"freeAmount":null}'
  WHERE `code` = 'DPDY1' AND `type` = 'DAILY_PASS';
UPDATE `products` SET `rules` = '{"qtyTiers":[],"memberPrice":false,"freeAmount":{"minPaise":100,"maxPaise":100000000}}'
  WHERE `code` = 'DNP';
UPDATE `products` SET `rules` = '{"qtyTiers":[],"memberPrice":true,"freeAmount":null}'
  WHERE `type` = 'DAILY_PASS' AND `rules` IS NULL;
UPDATE `products` SET `rules` = '{"qtyTiers":[],"memberPrice":false,"freeAmount":null}' WHERE `rules` IS NULL;
-- The festival year a product is sold in (2026-27); codes are unique per year. '' is filled by the trigger below
-- with the live catalogue's year (or the festival year of today when nothing is published yet).
ALTER TABLE `products` ADD COLUMN `festival_year` text DEFAULT '' NOT NULL;
-- When members may see it: NULL = a draft (next year's copy to review), else the time it is published from.
ALTER TABLE `products` ADD COLUMN `publish_at` integer DEFAULT 0;
UPDATE `products` SET `festival_year` =
  (CAST(strftime('%Y', 'now', '+330 minutes') AS INTEGER) - (CAST(strftime('%m', 'now', '+330 minutes') AS INTEGER) < 4))
  || '-' || substr('0' || ((CAST(strftime('%Y', 'now', '+330 minutes') AS INTEGER) - (CAST(strftime('%m', 'now', '+330 minutes') AS INTEGER) < 4) + 1) % 100), -2);
DROP INDEX IF EXISTS `products_code_uq`;
CREATE UNIQUE INDEX `products_year_code_uq` ON `products` (`festival_year`,`code`);
CREATE TRIGGER `products_festival_year` AFTER INSERT ON `products` WHEN NEW.`festival_year` = ''
BEGIN
  UPDATE `products` SET `festival_year` = COALESCE(
    (SELECT max(`festival_year`) FROM `products` WHERE `festival_year` <> '' AND `publish_at` IS NOT NULL
       AND `publish_at` <= CAST(unixepoch('subsec') * 1000 AS INTEGER)),
    (CAST(strftime('%Y', 'now', '+330 minutes') AS INTEGER) - (CAST(strftime('%m', 'now', '+330 minutes') AS INTEGER) < 4))
    || '-' || substr('0' || ((CAST(strftime('%Y', 'now', '+330 minutes') AS INTEGER) - (CAST(strftime('%m', 'now', '+330 minutes') AS INTEGER) < 4) + 1) % 100), -2)
  ) WHERE `id` = NEW.`id`;
END;
-- The price a cart line was added at, so that the next view of the cart says when it changed since.
ALTER TABLE `cart_lines` ADD COLUMN `unit_price_paise` integer;
ALTER TABLE `cart_lines` ADD COLUMN `co_price_paise` integer;
