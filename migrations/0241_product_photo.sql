-- Issue 24 item 1 (docs/decisions/240): a product's photo, a picture of the site (such as /gallery/photo-03-sm.png)
-- shown on its card; NULL = none. The copy of next year's catalogue keeps it.
ALTER TABLE `products` ADD COLUMN `photo` text;
