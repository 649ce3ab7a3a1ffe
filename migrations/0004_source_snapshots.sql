CREATE TABLE `source_snapshots` (
	`day` text NOT NULL,
	`source` text NOT NULL,
	`department` text NOT NULL,
	`payload_json` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	PRIMARY KEY(`day`, `source`, `department`)
);
--> statement-breakpoint
CREATE INDEX `source_snapshots_baseline` ON `source_snapshots` (`source`,`department`,`day`);--> statement-breakpoint
CREATE TABLE `source_watermarks` (
	`source` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at_ms` integer NOT NULL
);
