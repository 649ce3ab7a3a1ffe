CREATE TABLE `admin_notices` (
	`cause` text PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`sent_at_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `source_reads` (
	`source` text PRIMARY KEY NOT NULL,
	`last_success_at_ms` integer,
	`last_failure_at_ms` integer,
	`updated_at_ms` integer NOT NULL
);
