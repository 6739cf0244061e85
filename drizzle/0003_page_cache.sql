CREATE TABLE `content_version` (
	`id` tinyint unsigned NOT NULL,
	`version` int unsigned NOT NULL DEFAULT 0,
	`changed_at` timestamp(3) NOT NULL DEFAULT (now()),
	CONSTRAINT `content_version_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
DROP INDEX `imoveis_bairro_idx` ON `imoveis`;--> statement-breakpoint
CREATE INDEX `imoveis_ativo_bairro_idx` ON `imoveis` (`ativo`,`bairro`);--> statement-breakpoint
INSERT INTO `content_version` (`id`, `version`) VALUES (1, 0);