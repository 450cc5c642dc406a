-- Pricing a cart counts the buyer's own orders of the festival year (UTSAV memberships, member-priced
-- units). Without an index that starts from the buyer and the year, SQLite with table statistics read the
-- whole festival year's orders for every /addToCart and /getCartDetails.
CREATE INDEX `orders_user_year_idx` ON `orders` (`user_id`,`fiscal_year`,`status`);
