ALTER TABLE `imovel_fotos` ADD `largura` smallint unsigned;--> statement-breakpoint
ALTER TABLE `mensagem_fotos` ADD `largura` smallint unsigned;