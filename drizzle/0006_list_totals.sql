CREATE TABLE `list_totals` (
	`id` tinyint unsigned NOT NULL,
	`version` int unsigned NOT NULL,
	`totals` mediumtext NOT NULL,
	CONSTRAINT `list_totals_id` PRIMARY KEY(`id`)
);
