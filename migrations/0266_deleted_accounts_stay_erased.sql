-- A deleted account stays erased (docs/decisions/266): a request whose session was looked up just before the
-- deletion's batch must not write the person back. No order is started for a deleted account (checkout answers
-- 401), and what a racing request would store about them is dropped as it is written.
CREATE TRIGGER `orders_not_for_deleted` BEFORE INSERT ON `orders`
WHEN (SELECT `deleted_at` FROM `users` WHERE `id` = NEW.user_id) IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'guard:account_deleted');
END;

CREATE TRIGGER `user_extra_info_not_for_deleted` AFTER INSERT ON `user_extra_info`
WHEN (SELECT `deleted_at` FROM `users` WHERE `id` = NEW.user_id) IS NOT NULL
BEGIN
  DELETE FROM `user_extra_info` WHERE `user_id` = NEW.user_id;
END;

CREATE TRIGGER `user_extra_info_update_not_for_deleted` AFTER UPDATE ON `user_extra_info`
WHEN (SELECT `deleted_at` FROM `users` WHERE `id` = NEW.user_id) IS NOT NULL
BEGIN
  DELETE FROM `user_extra_info` WHERE `user_id` = NEW.user_id;
END;

CREATE TRIGGER `cart_lines_not_for_deleted` AFTER INSERT ON `cart_lines`
WHEN (SELECT `deleted_at` FROM `users` WHERE `id` = NEW.user_id) IS NOT NULL
BEGIN
  DELETE FROM `cart_lines` WHERE `user_id` = NEW.user_id;
END;

CREATE TRIGGER `carts_not_for_deleted` AFTER INSERT ON `carts`
WHEN (SELECT `deleted_at` FROM `users` WHERE `id` = NEW.user_id) IS NOT NULL
BEGIN
  DELETE FROM `carts` WHERE `user_id` = NEW.user_id;
END;

CREATE TRIGGER `user_tokens_not_for_deleted` AFTER INSERT ON `user_tokens`
WHEN (SELECT `deleted_at` FROM `users` WHERE `id` = NEW.user_id) IS NOT NULL
BEGIN
  DELETE FROM `user_tokens` WHERE `id` = NEW.id;
END;

CREATE TRIGGER `whatsapp_numbers_not_for_deleted` AFTER INSERT ON `whatsapp_numbers`
WHEN (SELECT `deleted_at` FROM `users` WHERE `id` = NEW.user_id) IS NOT NULL
BEGIN
  DELETE FROM `whatsapp_numbers` WHERE `user_id` = NEW.user_id;
END;

CREATE TRIGGER `whatsapp_numbers_update_not_for_deleted` AFTER UPDATE ON `whatsapp_numbers`
WHEN (SELECT `deleted_at` FROM `users` WHERE `id` = NEW.user_id) IS NOT NULL
BEGIN
  DELETE FROM `whatsapp_numbers` WHERE `user_id` = NEW.user_id;
END;

CREATE TRIGGER `push_subscriptions_not_for_deleted` AFTER INSERT ON `push_subscriptions`
WHEN (SELECT `deleted_at` FROM `users` WHERE `id` = NEW.user_id) IS NOT NULL
BEGIN
  DELETE FROM `push_subscriptions` WHERE `id` = NEW.id;
END;

-- consent stays withdrawn: a racing choice turns back to off
CREATE TRIGGER `channel_prefs_not_for_deleted` AFTER UPDATE OF `granted` ON `channel_prefs`
WHEN NEW.granted = 1 AND (SELECT `deleted_at` FROM `users` WHERE `id` = NEW.user_id) IS NOT NULL
BEGIN
  UPDATE `channel_prefs` SET `granted` = 0 WHERE `user_id` = NEW.user_id AND `kind` = NEW.kind AND `channel` = NEW.channel;
END;
