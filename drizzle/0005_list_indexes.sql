DROP INDEX `imoveis_tipo_idx` ON `imoveis`;--> statement-breakpoint
DROP INDEX `imoveis_quartos_idx` ON `imoveis`;--> statement-breakpoint
DROP INDEX `imoveis_banheiros_idx` ON `imoveis`;--> statement-breakpoint
DROP INDEX `imoveis_ativo_bairro_idx` ON `imoveis`;--> statement-breakpoint
DROP INDEX `imoveis_ativo_created_idx` ON `imoveis`;--> statement-breakpoint
CREATE INDEX `imoveis_ativo_status_preco_idx` ON `imoveis` (`ativo`,`status`,`preco`);--> statement-breakpoint
CREATE INDEX `imoveis_ativo_status_preco_id_desc_idx` ON `imoveis` (`ativo`,`status`,`preco`,`id` DESC);--> statement-breakpoint
CREATE INDEX `imoveis_ativo_preco_id_desc_idx` ON `imoveis` (`ativo`,`preco`,`id` DESC);--> statement-breakpoint
CREATE INDEX `imoveis_filtros_idx` ON `imoveis` (`ativo`,`status`,`tipo`,`quartos`,`banheiros`,`preco`,`cidade`,`created_at`);--> statement-breakpoint
CREATE INDEX `imoveis_bairro_ativo_status_created_idx` ON `imoveis` (`bairro`,`ativo`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `imoveis_ativo_created_idx` ON `imoveis` (`ativo`,`created_at`,`id`,`updated_at`);