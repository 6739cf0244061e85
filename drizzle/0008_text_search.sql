ALTER TABLE `imoveis` ADD `busca` text GENERATED ALWAYS AS (CONCAT_WS(' ', `tipo`, CASE `status` WHEN 'Locação' THEN 'Locação aluguel alugar' WHEN 'Venda' THEN 'Venda comprar' ELSE 'Temporada' END, `endereco`, `bairro`, `cidade`, REGEXP_REPLACE(`descricao`, '<[^>]*>|&[#a-zA-Z0-9]+;|\\x{a0}', ' '))) STORED;--> statement-breakpoint
-- Written by hand (drizzle-kit has no FULLTEXT index): the search box's index (issue 22).
CREATE FULLTEXT INDEX `imoveis_busca_ft` ON `imoveis` (`busca`);
