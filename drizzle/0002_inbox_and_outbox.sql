-- Nullable TIMESTAMPs say NULL explicitly: with explicit_defaults_for_timestamp=OFF (older MySQL/MariaDB
-- settings) a bare TIMESTAMP would become NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP.
CREATE TABLE `mensagem_emails` (
	`id` int AUTO_INCREMENT NOT NULL,
	`mensagem_id` int NOT NULL,
	`status` enum('pendente','enviado','falhou') NOT NULL DEFAULT 'pendente',
	`attempts` int NOT NULL DEFAULT 0,
	`next_attempt_at` timestamp(3) NULL,
	`locked_until` timestamp(3) NULL,
	`locked_by` varchar(64),
	`last_error` varchar(500),
	`sent_at` timestamp NULL,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `mensagem_emails_id` PRIMARY KEY(`id`),
	CONSTRAINT `mensagem_emails_mensagem_id_unique` UNIQUE(`mensagem_id`)
);
--> statement-breakpoint
ALTER TABLE `mensagens` ADD `lida` boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `mensagens` ADD `arquivada` boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `mensagem_emails` ADD CONSTRAINT `mensagem_emails_mensagem_id_mensagens_id_fk` FOREIGN KEY (`mensagem_id`) REFERENCES `mensagens`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `mensagem_emails_due_idx` ON `mensagem_emails` (`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `imoveis_updated_idx` ON `imoveis` (`updated_at`);--> statement-breakpoint
CREATE INDEX `mensagens_unread_idx` ON `mensagens` (`arquivada`,`lida`,`created_at`);--> statement-breakpoint
CREATE INDEX `mensagens_arquivada_created_idx` ON `mensagens` (`arquivada`,`created_at`);