// Client-safe search constants. The zod schemas live in search-schema.ts so that public pages
// do not ship zod to the browser.
export const CIDADES = ["Votuporanga"] as const;
export const SORTS = { recentes: "Mais recentes", preco_asc: "Menor preço", preco_desc: "Maior preço" } as const;
export type Sort = keyof typeof SORTS;

/** SPEC §5: the admin text filter applies from this many characters. */
export const ADMIN_SEARCH_MIN = 4;
