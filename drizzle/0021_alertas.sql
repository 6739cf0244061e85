CREATE TABLE `alerta_envios` (
	`id` int AUTO_INCREMENT NOT NULL,
	`alerta_id` int NOT NULL,
	`tipo` enum('confirmacao','resumo') NOT NULL,
	`dia` date NOT NULL,
	`imoveis` json,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `alerta_envios_id` PRIMARY KEY(`id`),
	CONSTRAINT `alerta_envios_dia_uq` UNIQUE(`alerta_id`,`tipo`,`dia`)
);
--> statement-breakpoint
CREATE TABLE `alertas` (
	`id` int AUTO_INCREMENT NOT NULL,
	`email` varchar(191) NOT NULL,
	`lista` enum('imoveis','locacao','venda','temporada') NOT NULL,
	`consulta` varchar(512) NOT NULL DEFAULT '',
	`frequencia` enum('diaria','semanal') NOT NULL DEFAULT 'diaria',
	`token_hash` char(64) NOT NULL,
	`token_salt` char(32) NOT NULL,
	`confirmado_em` timestamp NULL,
	`desde` timestamp(3) NULL,
	`verificado_dia` date,
	`enviado_dia` date,
	`ip` varchar(45) NOT NULL DEFAULT '',
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `alertas_id` PRIMARY KEY(`id`),
	CONSTRAINT `alertas_token_hash_unique` UNIQUE(`token_hash`)
);
--> statement-breakpoint
ALTER TABLE `mensagem_emails` MODIFY COLUMN `mensagem_id` int;--> statement-breakpoint
ALTER TABLE `imoveis` ADD `publicado_em` timestamp(3) NULL;--> statement-breakpoint
ALTER TABLE `mensagem_emails` ADD `alerta_envio_id` int;--> statement-breakpoint
ALTER TABLE `mensagem_emails` ADD CONSTRAINT `mensagem_emails_alerta_envio_id_unique` UNIQUE(`alerta_envio_id`);--> statement-breakpoint
ALTER TABLE `alerta_envios` ADD CONSTRAINT `alerta_envios_alerta_id_alertas_id_fk` FOREIGN KEY (`alerta_id`) REFERENCES `alertas`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `alertas_due_idx` ON `alertas` (`confirmado_em`,`verificado_dia`);--> statement-breakpoint
CREATE INDEX `alertas_email_idx` ON `alertas` (`email`);--> statement-breakpoint
ALTER TABLE `mensagem_emails` ADD CONSTRAINT `mensagem_emails_alerta_envio_id_alerta_envios_id_fk` FOREIGN KEY (`alerta_envio_id`) REFERENCES `alerta_envios`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `imoveis_ativo_publicado_idx` ON `imoveis` (`ativo`,`publicado_em`);--> statement-breakpoint
-- The listings already public count as published when they were created (issue 32 §2: an alert only
-- ever mails listings that become public after it is confirmed, so none of these is ever "new").
-- `NULL` on the nullable timestamps above: without it, a server with explicit_defaults_for_timestamp
-- off gives a TIMESTAMP column NOT NULL DEFAULT CURRENT_TIMESTAMP (0002 did the same by hand).
-- updated_at kept as it is: this is no edit (its ON UPDATE would make every listing "edited now").
UPDATE `imoveis` SET `publicado_em` = `created_at`, `updated_at` = `updated_at` WHERE `ativo` = 'sim';
