// Which database each kind of read uses, with DATABASE_REPLICA_URL pointing at a second database
// that holds different rows: a value found only there can only have come from the "replica".
// (The real primary → replica pair, with replication, is tests/e2e/server-replica.spec.ts.)
import mysql from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { runWithReadRouting } from "~/db/read-db.server";
import { createDatabaseIfMissing, dropDatabase, runMigrations } from "~/db/setup.server";
import { routeReads } from "~/http/read-routing.server";
import { getBanner, insertBanner } from "~/models/listings/banner.server";
import { getImovelById, getPublicImovel, insertImovel, listBairros, listPublic } from "~/models/listings/imovel.server";
import { SITEMAP_CHUNK_IDS, listSitemapChunks, listSitemapImoveis } from "~/models/listings/sitemap.server";
import { listAdmin } from "~/models/listings/imovel-admin.server";
import { resetDb } from "./db";

const REPLICA_URL = `${process.env.DATABASE_URL}_replica`;
// Before anything reads the settings (getEnv is read lazily, once per test file).
process.env.DATABASE_REPLICA_URL = REPLICA_URL;

let id: number;
beforeAll(async () => {
  await resetDb();
  await dropDatabase(REPLICA_URL);
  await createDatabaseIfMissing(REPLICA_URL);
  await runMigrations(REPLICA_URL);
  id = await insertImovel({ descricao: "", bairro: "Bairro do Primário" });
  await insertBanner("aaaaaaaaaaaaaaaaaaaa.jpg");
  // The same listing id on the "replica", with other values: what a lagging replica would show.
  const conn = await mysql.createConnection({ uri: REPLICA_URL });
  await conn.query("INSERT INTO imoveis (id, descricao, bairro, codigo) VALUES (?, '', 'Bairro da Réplica', 'VT9999')", [id]);
  await conn.query("INSERT INTO imovel_fotos (imovel_id, img, position) VALUES (?, 'bbbbbbbbbbbbbbbbbbbb.jpg', 0)", [id]);
  await conn.query("INSERT INTO banners (banner) VALUES ('cccccccccccccccccccc.jpg')");
  await conn.query("INSERT INTO imoveis (id, descricao, bairro) VALUES (?, '', 'Só na réplica'), (?, '', 'Só na réplica')", [id + 1000, id + SITEMAP_CHUNK_IDS]);
  await conn.end();
});
afterAll(async () => {
  await closeDb();
  await dropDatabase(REPLICA_URL);
});

/** What every public read returns: "primário" or "réplica" for each, judged by the values. */
async function publicReads() {
  const side = (v: unknown, primary: unknown) => (v === primary ? "primário" : "réplica");
  const page = await getPublicImovel(id);
  return {
    getPublicImovel: side(page?.bairro, "Bairro do Primário"),
    fotos: page?.imagens.length ? "réplica" : "primário",
    listPublic: side((await listPublic({})).data[0]?.bairro, "Bairro do Primário"),
    listBairros: side((await listBairros())[0], "Bairro do Primário"),
    getBanner: side((await getBanner())?.banner, "aaaaaaaaaaaaaaaaaaaa.jpg"),
    listSitemapImoveis: (await listSitemapImoveis(0)).some((r) => r.id === id + 1000) ? "réplica" : "primário",
    // Only the replica has a listing in the second range of ids, so a second sitemap file.
    listSitemapChunks: (await listSitemapChunks()).includes(1) ? "réplica" : "primário",
  };
}
const all = (v: string) => ({ getPublicImovel: v, fotos: v, listPublic: v, listBairros: v, getBanner: v, listSitemapImoveis: v, listSitemapChunks: v });

describe("read routing with DATABASE_REPLICA_URL", () => {
  it("outside a request (scripts, seed, tests) every read is on the primary", async () => {
    expect(await publicReads()).toEqual(all("primário"));
  });

  it("an anonymous request reads public data from the replica; admin reads stay on the primary", async () => {
    await routeReads({ cookie: "outro=1; imob_toast=x" }, async () => {
      expect(await publicReads()).toEqual(all("réplica"));
      expect((await getImovelById(id))?.bairro).toBe("Bairro do Primário");
      expect((await listAdmin({})).data.map((d) => d.bairro)).toEqual(["Bairro do Primário"]);
    });
  });

  it("a request with the admin session cookie or an /api token reads everything from the primary", async () => {
    for (const headers of [{ cookie: "imob_sessao=abc" }, { cookie: "a=1; __Host-imob_sessao=abc" }, { authorization: "Bearer x" }]) {
      await routeReads(headers, async () => expect(await publicReads(), JSON.stringify(headers)).toEqual(all("primário")));
    }
  });

  it("writes inside an anonymous request still go to the primary", async () => {
    const created = await runWithReadRouting(true, () => insertImovel({ descricao: "", bairro: "Novo" }));
    expect((await getImovelById(created))?.bairro).toBe("Novo");
    const conn = await mysql.createConnection({ uri: REPLICA_URL });
    const [rows] = await conn.query("SELECT id FROM imoveis WHERE id = ?", [created]);
    await conn.end();
    expect(rows).toEqual([]);
  });
});
