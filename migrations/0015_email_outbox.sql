CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`task` text,
	`payload_json` text,
	`to_address` text,
	`subject` text,
	`html` text,
	`text` text,
	`headers_json` text,
	`budget` text DEFAULT 'general' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at_ms` integer NOT NULL,
	`next_attempt_at_ms` integer NOT NULL,
	`claimed_until_ms` integer,
	`last_error` text,
	`sent_at_ms` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_idempotency_key_unique` ON `email_outbox` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `email_outbox_due` ON `email_outbox` (`status`,`next_attempt_at_ms`);