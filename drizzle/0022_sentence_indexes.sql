-- One statement, so the index is replaced at once (InnoDB's DDL is atomic): drizzle-kit's DROP then
-- CREATE, interrupted between the two, would leave a migration whose DROP fails on every later start.
ALTER TABLE `imoveis` DROP INDEX `imoveis_filtros_idx`, ADD INDEX `imoveis_filtros_idx` (`ativo`,`status`,`tipo`,`quartos`,`banheiros`,`preco`,`cidade`,`created_at`,`suite`,`garagem`), ADD INDEX `imoveis_bairro_filtros_idx` (`bairro`,`ativo`,`status`,`tipo`,`quartos`,`banheiros`,`suite`,`garagem`,`preco`,`created_at`);
