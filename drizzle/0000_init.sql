CREATE TABLE `banners` (
	`id` int AUTO_INCREMENT NOT NULL,
	`banner` varchar(100) NOT NULL,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `banners_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `imoveis` (
	`id` int AUTO_INCREMENT NOT NULL,
	`codigo` varchar(12),
	`tipo` enum('Apartamento','Área de Lazer','Casa','Casa Condominio','Edícula','Kitnet','Loja Comercial','Rancho','Rural','Sala Comercial','Salão Comercial','Salão Industrial','Sobrado','Temporada','Terreno') NOT NULL DEFAULT 'Casa',
	`status` enum('Locação','Venda','Temporada') NOT NULL DEFAULT 'Locação',
	`situacao` enum('Alugado','Disponivel','Vendido') NOT NULL DEFAULT 'Disponivel',
	`ativo` enum('sim','nao') NOT NULL DEFAULT 'sim',
	`preco` decimal(12,2) NOT NULL DEFAULT '0.00',
	`area` decimal(10,2) NOT NULL DEFAULT '0.00',
	`descricao` mediumtext NOT NULL,
	`capa` varchar(100),
	`quartos` tinyint unsigned NOT NULL DEFAULT 0,
	`banheiros` tinyint unsigned NOT NULL DEFAULT 0,
	`garagem` tinyint unsigned NOT NULL DEFAULT 0,
	`churrasqueira` tinyint unsigned NOT NULL DEFAULT 0,
	`escritorio` tinyint unsigned NOT NULL DEFAULT 0,
	`quiosque` tinyint unsigned NOT NULL DEFAULT 0,
	`armario` tinyint unsigned NOT NULL DEFAULT 0,
	`despensa` tinyint unsigned NOT NULL DEFAULT 0,
	`lavanderia` tinyint unsigned NOT NULL DEFAULT 0,
	`edicula` tinyint unsigned NOT NULL DEFAULT 0,
	`piscina` tinyint unsigned NOT NULL DEFAULT 0,
	`varanda` tinyint unsigned NOT NULL DEFAULT 0,
	`hidromassagem` tinyint unsigned NOT NULL DEFAULT 0,
	`salas` tinyint unsigned NOT NULL DEFAULT 0,
	`suite` tinyint unsigned NOT NULL DEFAULT 0,
	`cozinha` tinyint unsigned NOT NULL DEFAULT 0,
	`apartamento` tinyint unsigned NOT NULL DEFAULT 0,
	`sauna` tinyint unsigned NOT NULL DEFAULT 0,
	`area_servico` tinyint unsigned NOT NULL DEFAULT 0,
	`area_lazer` tinyint unsigned NOT NULL DEFAULT 0,
	`quintal` tinyint unsigned NOT NULL DEFAULT 0,
	`alarme` enum('Sim','Não') NOT NULL DEFAULT 'Não',
	`portao` enum('Elétrico','Convencional'),
	`forro` enum('Forro','Gesso','Laje','PVC','Madeira'),
	`pintura` enum('Novo','Danificado','Reparado'),
	`piso` enum('Novo','Danificado','Reparado'),
	`telhado` enum('Novo','Danificado','Reparado'),
	`endereco` varchar(160) NOT NULL DEFAULT '',
	`numero` varchar(20) NOT NULL DEFAULT '',
	`bairro` varchar(100) NOT NULL DEFAULT '',
	`cidade` varchar(100) NOT NULL DEFAULT 'Votuporanga',
	`estado` char(2) NOT NULL DEFAULT 'SP',
	`cep` varchar(9) NOT NULL DEFAULT '',
	`created_at` timestamp NOT NULL DEFAULT (now()),
	`updated_at` timestamp NOT NULL DEFAULT (now()) ON UPDATE CURRENT_TIMESTAMP,
	CONSTRAINT `imoveis_id` PRIMARY KEY(`id`),
	CONSTRAINT `imoveis_codigo_unique` UNIQUE(`codigo`)
);
--> statement-breakpoint
CREATE TABLE `imovel_fotos` (
	`id` int AUTO_INCREMENT NOT NULL,
	`imovel_id` int NOT NULL,
	`img` varchar(100) NOT NULL,
	`position` int NOT NULL DEFAULT 0,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `imovel_fotos_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `mensagens` (
	`id` int AUTO_INCREMENT NOT NULL,
	`imovel_id` int,
	`nome` varchar(120) NOT NULL,
	`email` varchar(191) NOT NULL,
	`telefone` varchar(30) NOT NULL,
	`mensagem` text NOT NULL,
	`ip` varchar(45) NOT NULL DEFAULT '',
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `mensagens_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` varchar(191) NOT NULL,
	`count` int NOT NULL DEFAULT 0,
	`reset_at` timestamp NOT NULL,
	CONSTRAINT `rate_limits_key` PRIMARY KEY(`key`)
);
--> statement-breakpoint
CREATE TABLE `sessoes` (
	`id` char(64) NOT NULL,
	`usuario_id` int NOT NULL,
	`kind` enum('cookie','token') NOT NULL DEFAULT 'cookie',
	`created_at` timestamp NOT NULL DEFAULT (now()),
	`last_seen_at` timestamp NOT NULL DEFAULT (now()),
	`expires_at` timestamp NOT NULL,
	CONSTRAINT `sessoes_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `usuarios` (
	`id` int AUTO_INCREMENT NOT NULL,
	`email` varchar(191) NOT NULL,
	`password_hash` varchar(255) NOT NULL,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `usuarios_id` PRIMARY KEY(`id`),
	CONSTRAINT `usuarios_email_unique` UNIQUE(`email`)
);
--> statement-breakpoint
ALTER TABLE `imovel_fotos` ADD CONSTRAINT `imovel_fotos_imovel_id_imoveis_id_fk` FOREIGN KEY (`imovel_id`) REFERENCES `imoveis`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `mensagens` ADD CONSTRAINT `mensagens_imovel_id_imoveis_id_fk` FOREIGN KEY (`imovel_id`) REFERENCES `imoveis`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `sessoes` ADD CONSTRAINT `sessoes_usuario_id_usuarios_id_fk` FOREIGN KEY (`usuario_id`) REFERENCES `usuarios`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `imoveis_ativo_status_created_idx` ON `imoveis` (`ativo`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `imoveis_ativo_created_idx` ON `imoveis` (`ativo`,`created_at`);--> statement-breakpoint
CREATE INDEX `imoveis_ativo_preco_idx` ON `imoveis` (`ativo`,`preco`);--> statement-breakpoint
CREATE INDEX `imoveis_tipo_idx` ON `imoveis` (`tipo`);--> statement-breakpoint
CREATE INDEX `imoveis_quartos_idx` ON `imoveis` (`quartos`);--> statement-breakpoint
CREATE INDEX `imoveis_banheiros_idx` ON `imoveis` (`banheiros`);--> statement-breakpoint
CREATE INDEX `imoveis_bairro_idx` ON `imoveis` (`bairro`);--> statement-breakpoint
CREATE INDEX `imovel_fotos_imovel_position_idx` ON `imovel_fotos` (`imovel_id`,`position`);--> statement-breakpoint
CREATE INDEX `mensagens_created_idx` ON `mensagens` (`created_at`);--> statement-breakpoint
CREATE INDEX `sessoes_usuario_idx` ON `sessoes` (`usuario_id`);--> statement-breakpoint
CREATE INDEX `sessoes_expires_idx` ON `sessoes` (`expires_at`);