-- The settings' version (issue 15, docs/decisions/114): one counter that every change to the settings table
-- raises, in the same statement (a trigger), so that a Worker isolate may keep the settings in memory and know
-- from one small read, sent with the session lookup, whether its copy is still the current one.
CREATE TABLE `settings_version` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`v` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `settings_version` (`id`, `v`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `settings_version_insert` AFTER INSERT ON `settings` BEGIN
	UPDATE `settings_version` SET `v` = `v` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `settings_version_update` AFTER UPDATE ON `settings` BEGIN
	UPDATE `settings_version` SET `v` = `v` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `settings_version_delete` AFTER DELETE ON `settings` BEGIN
	UPDATE `settings_version` SET `v` = `v` + 1 WHERE `id` = 1;
END;
