CREATE TABLE `sign_up_emails` (
	`key` text PRIMARY KEY NOT NULL,
	`sent_at_ms` integer NOT NULL
);
