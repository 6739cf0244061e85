// A Temporada listing's calendar as the admin keeps it (issue 33 §2): 'Diária', 'Mínimo de diárias',
// 'Hóspedes (máximo)', the booked periods ('Datas ocupadas') and the iCal feeds of other sites.
// Every change of what the property page shows is a content write (the page cache's rule).
import { and, asc, eq, gte, isNull } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { imovelBloqueios, imovelIcalFeeds, imovelTemporada, imoveis } from "../../db/schema";
import { addDays } from "../../utils/mensagem";
import { notFoundError } from "../errors";
import { contentWrite } from "../listings/content-version.server";
import { agencyToday } from "../../utils/mensagem";

export type TemporadaConfig = { diaria: string; minimo_diarias: number; hospedes_max: number };

/** The admin's view of one listing's calendar: settings, periods from 30 days ago on, feeds. */
export async function getCalendarioAdmin(imovelId: number) {
  const db = getDb();
  const since = addDays(agencyToday(), -30);
  const [[config], bloqueios, feeds] = await Promise.all([
    db.select().from(imovelTemporada).where(eq(imovelTemporada.imovel_id, imovelId)),
    db
      .select({ id: imovelBloqueios.id, inicio: imovelBloqueios.inicio, fim: imovelBloqueios.fim, nota: imovelBloqueios.nota, feedId: imovelBloqueios.feed_id })
      .from(imovelBloqueios)
      .where(and(eq(imovelBloqueios.imovel_id, imovelId), gte(imovelBloqueios.fim, since)))
      .orderBy(asc(imovelBloqueios.inicio), asc(imovelBloqueios.id)),
    db.select().from(imovelIcalFeeds).where(eq(imovelIcalFeeds.imovel_id, imovelId)).orderBy(asc(imovelIcalFeeds.id)),
  ]);
  return {
    config: config ? { diaria: config.diaria, minimo_diarias: config.minimo_diarias, hospedes_max: config.hospedes_max } : null,
    bloqueios,
    feeds: feeds.map((f) => ({
      id: f.id,
      url: f.url,
      sincronizadoAt: f.sincronizado_at?.toISOString() ?? null,
      erro: f.erro,
      erroAt: f.erro_at?.toISOString() ?? null,
    })),
  };
}

async function requireImovel(imovelId: number) {
  const [row] = await getDb().select({ id: imoveis.id }).from(imoveis).where(eq(imoveis.id, imovelId));
  if (!row) throw notFoundError("Imóvel não encontrado.");
}

export async function saveTemporadaConfig(imovelId: number, config: TemporadaConfig) {
  await requireImovel(imovelId);
  const values = { diaria: config.diaria, minimo_diarias: config.minimo_diarias, hospedes_max: config.hospedes_max };
  await contentWrite((tx) => tx.insert(imovelTemporada).values({ imovel_id: imovelId, ...values }).onDuplicateKeyUpdate({ set: values }));
}

/** 'Datas ocupadas': the nights from `inicio` to `fim`, both included. */
export async function addBloqueio(imovelId: number, p: { inicio: string; fim: string; nota: string }) {
  await requireImovel(imovelId);
  await contentWrite((tx) => tx.insert(imovelBloqueios).values({ imovel_id: imovelId, inicio: p.inicio, fim: p.fim, nota: p.nota }));
}

/** Removes a period the admin typed (a feed's periods go with the feed or its next sync). False when none. */
export async function removeBloqueio(imovelId: number, id: number) {
  return contentWrite(async (tx) => {
    const [res] = await tx
      .delete(imovelBloqueios)
      .where(and(eq(imovelBloqueios.id, id), eq(imovelBloqueios.imovel_id, imovelId), isNull(imovelBloqueios.feed_id)));
    return res.affectedRows > 0;
  });
}

export async function addIcalFeed(imovelId: number, url: string) {
  await requireImovel(imovelId);
  const [res] = await getDb().insert(imovelIcalFeeds).values({ imovel_id: imovelId, url });
  return Number(res.insertId);
}

/** Removes a feed and the periods it brought (ON DELETE CASCADE): a content write. */
export async function removeIcalFeed(imovelId: number, id: number) {
  return contentWrite(async (tx) => {
    const [res] = await tx.delete(imovelIcalFeeds).where(and(eq(imovelIcalFeeds.id, id), eq(imovelIcalFeeds.imovel_id, imovelId)));
    return res.affectedRows > 0;
  });
}
