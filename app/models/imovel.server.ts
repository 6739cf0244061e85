import { and, asc, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { imoveis, imovelFotos, type NewImovel } from "../db/schema";
import type { Status, Tipo } from "../utils/enums";
import { ADMIN_SEARCH_MIN, type Sort } from "../utils/search";

export const PAGE_SIZE = 12;

/** capa if set, else the first photo: what every card and thumbnail shows. */
const cover = sql<string | null>`COALESCE(${imoveis.capa}, (SELECT f.img FROM imovel_fotos f WHERE f.imovel_id = imoveis.id ORDER BY f.position, f.id LIMIT 1))`;

const cardColumns = {
  id: imoveis.id,
  codigo: imoveis.codigo,
  tipo: imoveis.tipo,
  status: imoveis.status,
  preco: imoveis.preco,
  area: imoveis.area,
  endereco: imoveis.endereco,
  numero: imoveis.numero,
  bairro: imoveis.bairro,
  cidade: imoveis.cidade,
  estado: imoveis.estado,
  quartos: imoveis.quartos,
  banheiros: imoveis.banheiros,
  garagem: imoveis.garagem,
  ativo: imoveis.ativo,
  cover: cover.as("cover"),
};

export type Card = {
  id: number;
  codigo: string | null;
  tipo: Tipo;
  status: Status;
  preco: string;
  area: string;
  endereco: string;
  numero: string;
  bairro: string;
  cidade: string;
  estado: string;
  quartos: number;
  banheiros: number;
  garagem: number;
  ativo: "sim" | "nao";
  cover: string | null;
};

export type PublicCriteria = {
  status?: Status;
  tipo?: Tipo;
  cidade?: string;
  bairro?: string;
  preco_min?: number;
  preco_max?: number;
  /** at least this many */
  quartos?: number;
  /** at least this many */
  banheiros?: number;
  excludeId?: number;
};

function publicWhere(c: PublicCriteria) {
  const conds: SQL[] = [eq(imoveis.ativo, "sim")];
  if (c.status) conds.push(eq(imoveis.status, c.status));
  if (c.tipo) conds.push(eq(imoveis.tipo, c.tipo));
  if (c.cidade) conds.push(eq(imoveis.cidade, c.cidade));
  if (c.bairro) conds.push(eq(imoveis.bairro, c.bairro));
  if (c.preco_min != null) conds.push(gte(imoveis.preco, c.preco_min.toFixed(2)));
  if (c.preco_max != null) conds.push(lte(imoveis.preco, c.preco_max.toFixed(2)));
  if (c.quartos) conds.push(gte(imoveis.quartos, c.quartos));
  if (c.banheiros) conds.push(gte(imoveis.banheiros, c.banheiros));
  if (c.excludeId) conds.push(sql`${imoveis.id} <> ${c.excludeId}`);
  return and(...conds);
}

function orderBy(sort: Sort) {
  if (sort === "preco_asc") return [asc(imoveis.preco), desc(imoveis.id)];
  if (sort === "preco_desc") return [desc(imoveis.preco), desc(imoveis.id)];
  return [desc(imoveis.created_at), desc(imoveis.id)];
}

export type Page<T> = { data: T[]; total: number; page: number; pageCount: number; pageSize: number };

/** One page of cards: the total, the page clamped to the last one, and its rows. */
async function pageOf(where: SQL | undefined, order: SQL[], page = 1, size = PAGE_SIZE): Promise<Page<Card>> {
  const db = getDb();
  const pageSize = Math.min(Math.max(size, 1), 100);
  const [{ total }] = await db.select({ total: sql<number>`COUNT(*)` }).from(imoveis).where(where);
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const current = Math.min(Math.max(page, 1), pageCount);
  const data = await db
    .select(cardColumns)
    .from(imoveis)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { data: data as Card[], total: Number(total), page: current, pageCount, pageSize };
}

/** Every public list: active listings only, filtered, sorted and paginated. */
export function listPublic(
  criteria: PublicCriteria,
  opts: { page?: number; pageSize?: number; sort?: Sort } = {},
): Promise<Page<Card>> {
  return pageOf(publicWhere(criteria), orderBy(opts.sort ?? "recentes"), opts.page, opts.pageSize);
}

/** SPEC §7 get_imoveis_home: the newest active listings of one status. */
export async function listHome(status: Status, qtd: number) {
  const { data } = await listPublic({ status }, { pageSize: qtd });
  return data;
}

export async function getImovelById(id: number) {
  const db = getDb();
  const [row] = await db.select().from(imoveis).where(eq(imoveis.id, id)).limit(1);
  return row ?? null;
}

export async function listFotos(imovelId: number) {
  return getDb()
    .select()
    .from(imovelFotos)
    .where(eq(imovelFotos.imovel_id, imovelId))
    .orderBy(asc(imovelFotos.position), asc(imovelFotos.id));
}

/** A public listing with its photos, or null when it does not exist or is inactive. */
export async function getPublicImovel(id: number) {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const imovel = await getImovelById(id);
  if (!imovel || imovel.ativo !== "sim") return null;
  const imagens = await listFotos(id);
  return { ...imovel, imagens, cover: imovel.capa ?? imagens[0]?.img ?? null };
}
export type PublicImovel = NonNullable<Awaited<ReturnType<typeof getPublicImovel>>>;

export function codigoFor(id: number) {
  return `VT${String(id).padStart(4, "0")}`;
}

/** Inserts a listing and gives it its public code, in one transaction. */
export async function insertImovel(values: Omit<NewImovel, "id" | "codigo">) {
  return getDb().transaction(async (tx) => {
    const [res] = await tx.insert(imoveis).values(values);
    const id = Number(res.insertId);
    await tx.update(imoveis).set({ codigo: codigoFor(id) }).where(eq(imoveis.id, id));
    return id;
  });
}

export async function addFotos(imovelId: number, imgs: string[]) {
  if (imgs.length === 0) return;
  const db = getDb();
  const [{ next }] = await db
    .select({ next: sql<number>`COALESCE(MAX(${imovelFotos.position}) + 1, 0)` })
    .from(imovelFotos)
    .where(eq(imovelFotos.imovel_id, imovelId));
  await db
    .insert(imovelFotos)
    .values(imgs.map((img, i) => ({ imovel_id: imovelId, img, position: Number(next) + i })));
}

/** Neighbourhoods that have active listings, for the list filters. */
export async function listBairros() {
  const rows = await getDb()
    .selectDistinct({ bairro: imoveis.bairro })
    .from(imoveis)
    .where(and(eq(imoveis.ativo, "sim"), sql`${imoveis.bairro} <> ''`))
    .orderBy(asc(imoveis.bairro))
    .limit(200);
  return rows.map((r) => r.bairro);
}

/**
 * SPEC §5 admin search: the text applies from 4 characters on, matching the address and the public
 * code, ignoring case (the column collation is case-insensitive); shorter text lists everything.
 */
export function listAdmin(opts: { q?: string; ativo?: "sim" | "nao"; page?: number; pageSize?: number }): Promise<Page<Card>> {
  const conds: SQL[] = [];
  if (opts.ativo) conds.push(eq(imoveis.ativo, opts.ativo));
  const q = opts.q?.trim() ?? "";
  if (q.length >= ADMIN_SEARCH_MIN) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      sql`(CONCAT_WS(' ', ${imoveis.endereco}, ${imoveis.numero}, ${imoveis.bairro}, ${imoveis.cidade}, ${imoveis.estado}) LIKE ${like} OR ${imoveis.codigo} LIKE ${like})`,
    );
  }
  return pageOf(conds.length ? and(...conds) : undefined, [desc(imoveis.id)], opts.page, opts.pageSize ?? 20);
}

export async function updateImovel(id: number, values: Partial<Omit<NewImovel, "id" | "codigo">>) {
  const [res] = await getDb().update(imoveis).set(values).where(eq(imoveis.id, id));
  return res.affectedRows > 0;
}

export async function setAtivo(id: number, ativo: "sim" | "nao") {
  return updateImovel(id, { ativo });
}

/**
 * Deletes a listing; its photo rows go with it (ON DELETE CASCADE). Returns the photo file names so
 * the caller removes the files once the delete is committed, or null when there was no such id.
 */
export async function deleteImovel(id: number) {
  return getDb().transaction(async (tx) => {
    const fotos = await tx.select({ img: imovelFotos.img }).from(imovelFotos).where(eq(imovelFotos.imovel_id, id));
    const [row] = await tx.select({ capa: imoveis.capa }).from(imoveis).where(eq(imoveis.id, id)).for("update");
    if (!row) return null;
    await tx.delete(imoveis).where(eq(imoveis.id, id));
    const imgs = new Set(fotos.map((f) => f.img));
    if (row.capa) imgs.add(row.capa);
    return [...imgs];
  });
}
