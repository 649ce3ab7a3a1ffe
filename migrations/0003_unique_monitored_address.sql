-- Hand-added: accounts could add the same place twice, which the unique index below refuses. Each
-- account keeps its first copy; the purge of the next alert run drops the alert state of the others.
DELETE FROM `monitored_addresses` WHERE EXISTS (
	SELECT 1 FROM `monitored_addresses` AS `kept`
	WHERE `kept`.`user_id` = `monitored_addresses`.`user_id`
		AND `kept`.`citycode` = `monitored_addresses`.`citycode`
		AND `kept`.`latitude` = `monitored_addresses`.`latitude`
		AND `kept`.`longitude` = `monitored_addresses`.`longitude`
		AND (`kept`.`created_at_ms` < `monitored_addresses`.`created_at_ms`
			OR (`kept`.`created_at_ms` = `monitored_addresses`.`created_at_ms` AND `kept`.`id` < `monitored_addresses`.`id`))
);--> statement-breakpoint
DROP INDEX `monitored_addresses_user_id`;--> statement-breakpoint
CREATE UNIQUE INDEX `monitored_addresses_user_place` ON `monitored_addresses` (`user_id`,`citycode`,`latitude`,`longitude`);
