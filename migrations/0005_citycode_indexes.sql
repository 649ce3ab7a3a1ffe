CREATE INDEX `monitored_addresses_citycode` ON `monitored_addresses` (`citycode`);--> statement-breakpoint
CREATE INDEX `alert_subscriptions_citycode` ON `alert_subscriptions` (`citycode`);