ALTER TABLE `imoveis` ADD `condominio` decimal(12,2);--> statement-breakpoint
ALTER TABLE `imoveis` ADD `iptu` decimal(12,2);