ALTER TABLE `alert_runs` ADD `subjects_checked` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `alert_runs` ADD `emails_sent` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `alert_runs` ADD `email_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `alert_runs` ADD `dead_letters` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Runs before the tallies: their stored summary's counts (a whole Node run wrote them there).
UPDATE `alert_runs` SET
  `subjects_checked` = coalesce(json_extract(`summary_json`, '$.subjectsChecked'), 0),
  `emails_sent` = coalesce(json_extract(`summary_json`, '$.sent'), 0),
  `email_failures` = coalesce(json_extract(`summary_json`, '$.failed'), 0),
  `dead_letters` = coalesce(json_extract(`summary_json`, '$.messagesDeadLettered'), 0)
WHERE json_valid(`summary_json`);
