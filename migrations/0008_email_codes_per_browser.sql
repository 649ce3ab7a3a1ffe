ALTER TABLE `email_codes` ADD `requester_hash` text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- A code is now valid only in the browser that asked for it: codes stored before match no browser
-- and go (they lasted 10 minutes).
DELETE FROM `email_codes`;
