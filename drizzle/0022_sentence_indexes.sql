DROP INDEX `imoveis_filtros_idx` ON `imoveis`;--> statement-breakpoint
CREATE INDEX `imoveis_bairro_filtros_idx` ON `imoveis` (`bairro`,`ativo`,`status`,`tipo`,`quartos`,`banheiros`,`suite`,`garagem`,`preco`,`created_at`);--> statement-breakpoint
CREATE INDEX `imoveis_filtros_idx` ON `imoveis` (`ativo`,`status`,`tipo`,`quartos`,`banheiros`,`preco`,`cidade`,`created_at`,`suite`,`garagem`);