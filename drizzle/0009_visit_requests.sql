ALTER TABLE `mensagens` ADD `tipo` enum('Contato','Visita') DEFAULT 'Contato' NOT NULL;--> statement-breakpoint
ALTER TABLE `mensagens` ADD `visita_data` date;--> statement-breakpoint
ALTER TABLE `mensagens` ADD `visita_periodo` enum('manhã','tarde');--> statement-breakpoint
CREATE INDEX `mensagens_tipo_created_idx` ON `mensagens` (`tipo`,`created_at`);