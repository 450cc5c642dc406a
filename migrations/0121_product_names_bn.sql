-- Bengali and English (issue 16, docs/decisions/120): a product's Bengali name and description, which admins
-- write in Add Product and All Products. Empty means "show the English one".
ALTER TABLE `products` ADD COLUMN `name_bn` text DEFAULT '' NOT NULL;
ALTER TABLE `products` ADD COLUMN `description_bn` text DEFAULT '' NOT NULL;
