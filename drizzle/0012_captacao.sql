CREATE TABLE `mensagem_fotos` (
	`id` int AUTO_INCREMENT NOT NULL,
	`mensagem_id` int NOT NULL,
	`img` varchar(255) NOT NULL,
	`position` int NOT NULL DEFAULT 0,
	CONSTRAINT `mensagem_fotos_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
ALTER TABLE `mensagens` MODIFY COLUMN `tipo` enum('Contato','Visita','Captação') NOT NULL DEFAULT 'Contato';--> statement-breakpoint
ALTER TABLE `mensagens` ADD `captacao_finalidade` enum('Venda','Locação');--> statement-breakpoint
ALTER TABLE `mensagens` ADD `captacao_tipo` enum('Apartamento','Área de Lazer','Casa','Casa Condominio','Edícula','Kitnet','Loja Comercial','Rancho','Rural','Sala Comercial','Salão Comercial','Salão Industrial','Sobrado','Temporada','Terreno');--> statement-breakpoint
ALTER TABLE `mensagens` ADD `captacao_bairro` varchar(100);--> statement-breakpoint
ALTER TABLE `mensagens` ADD `captacao_endereco` varchar(150);--> statement-breakpoint
ALTER TABLE `mensagens` ADD `captacao_preco` decimal(12,2);--> statement-breakpoint
ALTER TABLE `mensagens` ADD `captacao_imovel_id` int;--> statement-breakpoint
ALTER TABLE `mensagem_fotos` ADD CONSTRAINT `mensagem_fotos_mensagem_id_mensagens_id_fk` FOREIGN KEY (`mensagem_id`) REFERENCES `mensagens`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `mensagem_fotos_mensagem_idx` ON `mensagem_fotos` (`mensagem_id`,`position`);--> statement-breakpoint
CREATE INDEX `mensagem_fotos_img_idx` ON `mensagem_fotos` (`img`);--> statement-breakpoint
ALTER TABLE `mensagens` ADD CONSTRAINT `mensagens_captacao_imovel_id_imoveis_id_fk` FOREIGN KEY (`captacao_imovel_id`) REFERENCES `imoveis`(`id`) ON DELETE set null ON UPDATE no action;