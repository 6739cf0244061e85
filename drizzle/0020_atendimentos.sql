CREATE TABLE `atendimento_eventos` (
	`id` int AUTO_INCREMENT NOT NULL,
	`mensagem_id` int NOT NULL,
	`em` timestamp(3) NOT NULL DEFAULT (now(3)),
	`usuario_id` int,
	`usuario_email` varchar(191),
	`tipo` enum('nota','etapa','responsavel','retorno') NOT NULL,
	`texto` text NOT NULL,
	CONSTRAINT `atendimento_eventos_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `lembrete_emails` (
	`id` int AUTO_INCREMENT NOT NULL,
	`usuario_id` int NOT NULL,
	`dia` date NOT NULL,
	`status` enum('pendente','enviado','falhou') NOT NULL DEFAULT 'pendente',
	`attempts` int NOT NULL DEFAULT 0,
	`next_attempt_at` timestamp(3) NULL,
	`locked_until` timestamp(3) NULL,
	`locked_by` varchar(64),
	`last_error` varchar(500),
	`sent_at` timestamp NULL,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `lembrete_emails_id` PRIMARY KEY(`id`),
	CONSTRAINT `lembrete_emails_usuario_dia` UNIQUE(`usuario_id`,`dia`)
);
--> statement-breakpoint
CREATE TABLE `whatsapp_toques` (
	`imovel_id` int NOT NULL,
	`dia` date NOT NULL,
	`total` int unsigned NOT NULL DEFAULT 0,
	CONSTRAINT `whatsapp_toques_imovel_id_dia_pk` PRIMARY KEY(`imovel_id`,`dia`)
);
--> statement-breakpoint
ALTER TABLE `mensagens` ADD `etapa` enum('Novo','Em atendimento','Visita','Proposta','Fechado','Perdido') DEFAULT 'Novo' NOT NULL;--> statement-breakpoint
ALTER TABLE `mensagens` ADD `etapa_max` tinyint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `mensagens` ADD `motivo` enum('Já comprou/alugou','Sem resposta','Fora do perfil','Preço','Outro');--> statement-breakpoint
ALTER TABLE `mensagens` ADD `responsavel_id` int;--> statement-breakpoint
ALTER TABLE `mensagens` ADD `retornar_em` timestamp NULL;--> statement-breakpoint
ALTER TABLE `mensagens` ADD `telefone_chave` varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `atendimento_eventos` ADD CONSTRAINT `atendimento_eventos_mensagem_id_mensagens_id_fk` FOREIGN KEY (`mensagem_id`) REFERENCES `mensagens`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `lembrete_emails` ADD CONSTRAINT `lembrete_emails_usuario_id_usuarios_id_fk` FOREIGN KEY (`usuario_id`) REFERENCES `usuarios`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `atendimento_eventos_mensagem_idx` ON `atendimento_eventos` (`mensagem_id`,`em`);--> statement-breakpoint
CREATE INDEX `lembrete_emails_due_idx` ON `lembrete_emails` (`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `whatsapp_toques_dia_idx` ON `whatsapp_toques` (`dia`);--> statement-breakpoint
ALTER TABLE `mensagens` ADD CONSTRAINT `mensagens_responsavel_id_usuarios_id_fk` FOREIGN KEY (`responsavel_id`) REFERENCES `usuarios`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `mensagens_etapa_idx` ON `mensagens` (`arquivada`,`etapa`,`created_at`);--> statement-breakpoint
CREATE INDEX `mensagens_board_resp_idx` ON `mensagens` (`arquivada`,`responsavel_id`,`etapa`,`created_at`);--> statement-breakpoint
CREATE INDEX `mensagens_board_tipo_idx` ON `mensagens` (`arquivada`,`tipo`,`etapa`,`created_at`);--> statement-breakpoint
CREATE INDEX `mensagens_board_retorno_idx` ON `mensagens` (`arquivada`,`retornar_em`,`etapa`);--> statement-breakpoint
CREATE INDEX `mensagens_responsavel_idx` ON `mensagens` (`responsavel_id`,`retornar_em`);--> statement-breakpoint
CREATE INDEX `mensagens_stats_idx` ON `mensagens` (`created_at`,`tipo`,`etapa`,`etapa_max`);--> statement-breakpoint
CREATE INDEX `mensagens_email_idx` ON `mensagens` (`email`);--> statement-breakpoint
CREATE INDEX `mensagens_telefone_chave_idx` ON `mensagens` (`telefone_chave`);--> statement-breakpoint
-- The comparable digits of the phones already stored (utils/personal-data.ts#phoneKey in SQL).
UPDATE `mensagens` SET `telefone_chave` = LEFT(CASE WHEN CHAR_LENGTH(TRIM(LEADING '0' FROM REGEXP_REPLACE(`telefone`, '[^0-9]', ''))) IN (12, 13) AND LEFT(TRIM(LEADING '0' FROM REGEXP_REPLACE(`telefone`, '[^0-9]', '')), 2) = '55' THEN SUBSTRING(TRIM(LEADING '0' FROM REGEXP_REPLACE(`telefone`, '[^0-9]', '')), 3) ELSE TRIM(LEADING '0' FROM REGEXP_REPLACE(`telefone`, '[^0-9]', '')) END, 30);
