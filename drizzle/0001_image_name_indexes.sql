CREATE INDEX `banners_banner_idx` ON `banners` (`banner`);--> statement-breakpoint
CREATE INDEX `imoveis_capa_idx` ON `imoveis` (`capa`);--> statement-breakpoint
CREATE INDEX `imovel_fotos_img_idx` ON `imovel_fotos` (`img`);