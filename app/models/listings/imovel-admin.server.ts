// The admin's view of the listings: the filtered list of /admin/imovel and the figures of
// 'Home admin' (/admin), each figure being the total of one filter of that list.
import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { prepared } from "../../db/prepared.server";
import { imoveis } from "../../db/schema";
import { STATUS, type Status } from "../../utils/enums";
import type { ImovelCardData } from "../../utils/imovel";
import { ADMIN_SEARCH_MIN } from "../../utils/search";
import { capaSql } from "./foto.server";
import { pageOf } from "./imovel-page.server";
import type { Page } from "../../utils/pagination";

export type AdminCriteria = {
  q?: string;
  ativo?: "sim" | "nao";
  status?: Status;
  /** 'sem': no photo at all; 'capa': photos, but no capa chosen (the first photo is shown). */
  fotos?: "sem" | "sem-capa";
};

const hasFoto = sql`EXISTS (SELECT 1 FROM imovel_fotos f WHERE f.imovel_id = ${imoveis.id})`;

/**
 * The conditions of the admin list. Cost (scripts/bench-lists.ts, 10,000 listings): status and
 * ativo use imoveis_ativo_status_created_idx when both are set, else the rows are read in id order
 * (the list's order) and filtered; 'sem fotos' asks imovel_fotos_imovel_position_idx once per row
 * read; 'sem capa' starts from imoveis_capa_idx (capa IS NULL). The text search reads every row.
 */
export function adminWhere(c: AdminCriteria) {
  const conds: SQL[] = [];
  if (c.ativo) conds.push(eq(imoveis.ativo, c.ativo));
  if (c.status) conds.push(eq(imoveis.status, c.status));
  if (c.fotos === "sem") conds.push(sql`NOT ${hasFoto}`);
  if (c.fotos === "sem-capa") conds.push(isNull(imoveis.capa), hasFoto);
  const q = c.q?.trim() ?? "";
  if (q.length >= ADMIN_SEARCH_MIN) {
    const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conds.push(
      sql`(CONCAT_WS(' ', ${imoveis.endereco}, ${imoveis.numero}, ${imoveis.bairro}, ${imoveis.cidade}, ${imoveis.estado}) LIKE ${like} OR ${imoveis.codigo} LIKE ${like})`,
    );
  }
  return conds.length ? and(...conds) : undefined;
}

/**
 * produto §5 admin search: the text applies from 4 characters on, matching the address and the
 * public code, ignoring case (the column collation is case-insensitive); shorter text lists all.
 * The filters of 'Home admin' (status, ativo, fotos) narrow it further. Newest first.
 */
export function listAdmin(opts: AdminCriteria & { page?: number; pageSize?: number }): Promise<Page<ImovelCardData>> {
  return pageOf(getDb(), adminWhere(opts), [[imoveis.id, "desc"]], opts.page, opts.pageSize ?? 20);
}

// 'Home admin' asks these every time: prepared (db/prepared.server.ts).
// One GROUP BY read from the covering index (ativo, status, created_at).
const porStatusQuery = prepared((db) =>
  db
    .select({ status: imoveis.status, ativo: imoveis.ativo, n: sql<number>`COUNT(*)` })
    .from(imoveis)
    .groupBy(imoveis.ativo, imoveis.status)
    .prepare(),
);
const countQuery = (where: SQL | undefined) => prepared((db) => db.select({ n: sql<number>`COUNT(*)` }).from(imoveis).where(where).prepare());
const semFotosQuery = countQuery(adminWhere({ fotos: "sem" }));
const semCapaQuery = countQuery(adminWhere({ fotos: "sem-capa" }));
const recentQuery = prepared((db) =>
  db
    .select({ id: imoveis.id, codigo: imoveis.codigo, endereco: imoveis.endereco, numero: imoveis.numero, bairro: imoveis.bairro, status: imoveis.status, ativo: imoveis.ativo, updated_at: imoveis.updated_at, capa: capaSql })
    .from(imoveis)
    .orderBy(desc(imoveis.updated_at), desc(imoveis.id))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

/** 'Home admin': listings per status, active and inactive, and those without photos or capa. */
export async function imovelSummary() {
  const [rows, [semFotos], [semCapa]] = await Promise.all([porStatusQuery().execute(), semFotosQuery().execute(), semCapaQuery().execute()]);
  const porStatus = STATUS.map((status) => {
    const n = (ativo: "sim" | "nao") => Number(rows.find((r) => r.status === status && r.ativo === ativo)?.n ?? 0);
    return { status, ativos: n("sim"), inativos: n("nao") };
  });
  return { porStatus, semFotos: Number(semFotos.n), semCapa: Number(semCapa.n) };
}

/** 'Home admin': the listings edited last (imoveis_updated_idx). */
export function listRecentlyEdited(limit = 5) {
  return recentQuery().execute({ limit });
}
