-- Bengali and English (issue 16, docs/decisions/120): the language a member chose, for the emails sent to
-- them. NULL until the member chooses (the app then saves the device's language); any other value is refused.
ALTER TABLE `users` ADD COLUMN `lang` text CHECK (`lang` IN ('en', 'bn-IN'));
