CREATE TABLE `alert_run_marks` (
	`name` text NOT NULL,
	`day` text NOT NULL,
	`count` integer NOT NULL,
	`updated_at_ms` integer NOT NULL,
	PRIMARY KEY(`name`, `day`)
);
--> statement-breakpoint
-- The run's budgets and its send-stage mark used to be rows of source_watermarks: they live in
-- alert_run_marks now. Today's budget starts again from zero, at most one day's extra first reads.
DELETE FROM `source_watermarks` WHERE `source` LIKE 'vigieau-first-reads:%' OR `source` = 'send-stage';
