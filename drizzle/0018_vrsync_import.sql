CREATE TABLE `importacao_itens` (
	`id` int AUTO_INCREMENT NOT NULL,
	`importacao_id` int NOT NULL,
	`codigo_feed` varchar(50) NOT NULL,
	`imovel_id` int,
	`resultado` enum('criado','atualizado','sem mudança','ignorado','com avisos') NOT NULL,
	`motivo` varchar(1000) NOT NULL DEFAULT '',
	CONSTRAINT `importacao_itens_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `importacoes` (
	`id` int AUTO_INCREMENT NOT NULL,
	`estado` enum('executando','concluida','falhou','interrompida') NOT NULL DEFAULT 'executando',
	`em_curso` tinyint unsigned,
	`origem` varchar(1000) NOT NULL,
	`publicar` enum('sim','nao') NOT NULL DEFAULT 'nao',
	`usuario_email` varchar(191),
	`lidos` int unsigned NOT NULL DEFAULT 0,
	`total` int unsigned NOT NULL DEFAULT 0,
	`erro` varchar(1000),
	`iniciado_em` timestamp(3) NOT NULL DEFAULT (now(3)),
	`batida_em` timestamp(3) NOT NULL DEFAULT (now(3)),
	`terminado_em` timestamp(3) NULL,
	CONSTRAINT `importacoes_id` PRIMARY KEY(`id`),
	CONSTRAINT `importacoes_em_curso_unique` UNIQUE(`em_curso`)
);
--> statement-breakpoint
ALTER TABLE `imoveis` ADD `codigo_feed` varchar(50);--> statement-breakpoint
ALTER TABLE `imovel_fotos` ADD `origem` varchar(1000);--> statement-breakpoint
ALTER TABLE `imoveis` ADD CONSTRAINT `imoveis_codigo_feed_unique` UNIQUE(`codigo_feed`);--> statement-breakpoint
ALTER TABLE `importacao_itens` ADD CONSTRAINT `importacao_itens_importacao_id_importacoes_id_fk` FOREIGN KEY (`importacao_id`) REFERENCES `importacoes`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `importacao_itens_importacao_idx` ON `importacao_itens` (`importacao_id`,`id`);