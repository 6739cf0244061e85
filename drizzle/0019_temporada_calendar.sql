CREATE TABLE `imovel_bloqueios` (
	`id` int AUTO_INCREMENT NOT NULL,
	`imovel_id` int NOT NULL,
	`inicio` date NOT NULL,
	`fim` date NOT NULL,
	`nota` varchar(200) NOT NULL DEFAULT '',
	`feed_id` int,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `imovel_bloqueios_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `imovel_ical_feeds` (
	`id` int AUTO_INCREMENT NOT NULL,
	`imovel_id` int NOT NULL,
	`url` varchar(2000) NOT NULL,
	`tentativa_at` timestamp NULL,
	`sincronizado_at` timestamp NULL,
	`erro` varchar(500),
	`erro_at` timestamp NULL,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `imovel_ical_feeds_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `imovel_temporada` (
	`imovel_id` int NOT NULL,
	`diaria` decimal(12,2) NOT NULL,
	`minimo_diarias` smallint unsigned NOT NULL DEFAULT 1,
	`hospedes_max` smallint unsigned NOT NULL,
	CONSTRAINT `imovel_temporada_imovel_id` PRIMARY KEY(`imovel_id`)
);
--> statement-breakpoint
ALTER TABLE `mensagens` MODIFY COLUMN `tipo` enum('Contato','Visita','Captação','Reserva') NOT NULL DEFAULT 'Contato';--> statement-breakpoint
ALTER TABLE `content_version` ADD `dia` date;--> statement-breakpoint
ALTER TABLE `mensagens` ADD `reserva_chegada` date;--> statement-breakpoint
ALTER TABLE `mensagens` ADD `reserva_saida` date;--> statement-breakpoint
ALTER TABLE `mensagens` ADD `reserva_hospedes` smallint unsigned;--> statement-breakpoint
ALTER TABLE `imovel_bloqueios` ADD CONSTRAINT `imovel_bloqueios_imovel_id_imoveis_id_fk` FOREIGN KEY (`imovel_id`) REFERENCES `imoveis`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `imovel_bloqueios` ADD CONSTRAINT `imovel_bloqueios_feed_id_imovel_ical_feeds_id_fk` FOREIGN KEY (`feed_id`) REFERENCES `imovel_ical_feeds`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `imovel_ical_feeds` ADD CONSTRAINT `imovel_ical_feeds_imovel_id_imoveis_id_fk` FOREIGN KEY (`imovel_id`) REFERENCES `imoveis`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `imovel_temporada` ADD CONSTRAINT `imovel_temporada_imovel_id_imoveis_id_fk` FOREIGN KEY (`imovel_id`) REFERENCES `imoveis`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `imovel_bloqueios_imovel_fim_idx` ON `imovel_bloqueios` (`imovel_id`,`fim`,`inicio`);--> statement-breakpoint
CREATE INDEX `imovel_ical_feeds_imovel_idx` ON `imovel_ical_feeds` (`imovel_id`);--> statement-breakpoint
CREATE INDEX `imovel_ical_feeds_tentativa_idx` ON `imovel_ical_feeds` (`tentativa_at`);