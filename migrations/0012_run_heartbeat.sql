ALTER TABLE `alert_events` ADD `send_key` text;--> statement-breakpoint
CREATE INDEX `alert_events_in_doubt` ON `alert_events` (`send_key`) WHERE "alert_events"."send_key" is not null and "alert_events"."sent_at_ms" is null;--> statement-breakpoint
ALTER TABLE `alert_runs` ADD `heartbeat_at_ms` integer;