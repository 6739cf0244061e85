CREATE TABLE `backups` (
	`id` int AUTO_INCREMENT NOT NULL,
	`origem` enum('diario','manual') NOT NULL,
	`estado` enum('executando','ok','falhou') NOT NULL DEFAULT 'executando',
	`iniciado_em` timestamp(3) NOT NULL DEFAULT (now(3)),
	`terminado_em` timestamp(3),
	`destino` varchar(500),
	`bytes` bigint unsigned,
	`erro` varchar(1000),
	CONSTRAINT `backups_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `historico` (
	`id` bigint unsigned AUTO_INCREMENT NOT NULL,
	`em` timestamp(3) NOT NULL DEFAULT (now(3)),
	`usuario_id` int,
	`usuario_email` varchar(191),
	`ip` varchar(45),
	`acao` varchar(40) NOT NULL,
	`imovel_id` int,
	`mensagem_id` int,
	`alvo_usuario_id` int,
	`resumo` varchar(255),
	`mudancas` json,
	CONSTRAINT `historico_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `imovel_visualizacoes` (
	`imovel_id` int NOT NULL,
	`dia` date NOT NULL,
	`total` int unsigned NOT NULL DEFAULT 0,
	CONSTRAINT `imovel_visualizacoes_imovel_id_dia_pk` PRIMARY KEY(`imovel_id`,`dia`)
);
--> statement-breakpoint
ALTER TABLE `usuarios` ADD `nome` varchar(120);--> statement-breakpoint
ALTER TABLE `usuarios` ADD `ativo` boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `usuarios` ADD `ultimo_login_em` timestamp;--> statement-breakpoint
ALTER TABLE `usuarios` ADD `trocar_senha` boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `backups_iniciado_idx` ON `backups` (`iniciado_em`);--> statement-breakpoint
CREATE INDEX `historico_em_idx` ON `historico` (`em`);--> statement-breakpoint
CREATE INDEX `historico_usuario_idx` ON `historico` (`usuario_id`,`em`);--> statement-breakpoint
CREATE INDEX `historico_imovel_idx` ON `historico` (`imovel_id`,`em`);--> statement-breakpoint
CREATE INDEX `historico_acao_idx` ON `historico` (`acao`,`em`);--> statement-breakpoint
CREATE INDEX `historico_mensagem_idx` ON `historico` (`mensagem_id`);--> statement-breakpoint
CREATE INDEX `imovel_visualizacoes_dia_idx` ON `imovel_visualizacoes` (`dia`);