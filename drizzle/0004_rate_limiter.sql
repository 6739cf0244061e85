DROP TABLE `rate_limits`;--> statement-breakpoint
CREATE TABLE `rate_limiter` (
	`key` varchar(191) NOT NULL,
	`points` int NOT NULL DEFAULT 0,
	`expire` bigint unsigned,
	CONSTRAINT `rate_limiter_key` PRIMARY KEY(`key`)
);
