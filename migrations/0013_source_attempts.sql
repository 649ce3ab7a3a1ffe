ALTER TABLE `source_reads` ADD `failing_since_ms` integer;--> statement-breakpoint
ALTER TABLE `source_reads` ADD `last_refused_at_ms` integer;