CREATE TABLE `rate_limits` (
	`scope` text NOT NULL,
	`bucket_key` text NOT NULL,
	`window_start_seconds` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`scope`, `bucket_key`, `window_start_seconds`)
);
