CREATE TABLE `water_digests` (
	`citycode` text PRIMARY KEY NOT NULL,
	`department` text NOT NULL,
	`newest_sample_at` text,
	`payload_json` text NOT NULL,
	`updated_at_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `water_digests_department` ON `water_digests` (`department`);