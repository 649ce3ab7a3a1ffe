CREATE TABLE `alert_events` (
	`id` text PRIMARY KEY NOT NULL,
	`recipient_key` text NOT NULL,
	`subject_key` text NOT NULL,
	`source` text NOT NULL,
	`event_key` text NOT NULL,
	`payload_json` text NOT NULL,
	`detected_at_ms` integer NOT NULL,
	`sent_at_ms` integer,
	`email_id` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_events_unique` ON `alert_events` (`recipient_key`,`subject_key`,`source`,`event_key`);--> statement-breakpoint
CREATE INDEX `alert_events_unsent` ON `alert_events` (`sent_at_ms`);--> statement-breakpoint
CREATE INDEX `alert_events_detected` ON `alert_events` (`detected_at_ms`);--> statement-breakpoint
CREATE TABLE `alert_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`started_at_ms` integer NOT NULL,
	`finished_at_ms` integer,
	`summary_json` text
);
--> statement-breakpoint
CREATE TABLE `alert_states` (
	`subject_key` text NOT NULL,
	`source` text NOT NULL,
	`state_json` text NOT NULL,
	`updated_at_ms` integer NOT NULL,
	PRIMARY KEY(`subject_key`, `source`)
);
--> statement-breakpoint
CREATE TABLE `alert_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`address_label` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`citycode` text NOT NULL,
	`postcode` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`partner_origin` text,
	`consent_at_ms` integer NOT NULL,
	`confirmation_sent_at_ms` integer,
	`confirmed_at_ms` integer,
	`unsubscribed_at_ms` integer,
	`created_at_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `alert_subscriptions_email` ON `alert_subscriptions` (`email`);