// Issue 24's round trip, in the local project and again in the s3 one (vitest.config.ts): seed, a few
// edits, photos → backup → restore into a fresh database and store → every table's checksum and
// every photo's hash equal; then the app's own database and store emptied and restored: the public
// /api answers the same, photos included. A restore into a non-empty target is refused.
import crypto from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { mensagens } from "~/db/schema";
import { getEnv } from "~/env.server";
import { insertBanner } from "~/models/listings/banner.server";
import { setAtivo, updateImovel } from "~/models/listings/imovel.server";
import { clearPublicReads } from "~/models/listings/public-reads.server";
import { createBackup } from "~/models/backup/create.server";
import { fetchArchive, localDestination, s3Destination } from "~/models/backup/destination.server";
import { restoreArchive } from "~/models/backup/restore.server";
import { rawConnection } from "~/models/backup/dump.server";
import { listTables } from "~/models/backup/tables.server";
import { readJournal } from "~/models/backup/migrations.server";
import { getPhotoStore } from "~/services/storage/store.server";
import * as get_banner from "~/routes/api.get_banner";
import * as get_home from "~/routes/api.get_imoveis_home";
import * as get_site from "~/routes/api.get_imoveis_site";
import * as get_id from "~/routes/api.get_imovel_site_id.$id";
import * as img from "~/routes/img.$file";
import { call, req, seedImovel, seedPhotos } from "./api-support";
import { checksums, count, removeTmpDirs, fileHashes, scratchDatabase, scratchStore, tmpDir } from "./backup-support";
import { resetDb } from "./db";
import { routeArgs } from "../route-args";

const SOURCE = getEnv().DATABASE_URL;
const PREFIX = "backups/";
let ids: number[] = [];
let archive = "";
let before: { checksums: Record<string, string>; files: Record<string, string> };
/** Every table but the content version, which a restore moves on past the archive's on purpose. */
const withoutVersion = ({ content_version: _, ...rest }: Record<string, string>) => rest;
async function versionOf(url: string) {
  const conn = await rawConnection(url);
  const [rows] = await conn.query("SELECT version FROM content_version WHERE id = 1");
  await conn.end();
  return Number((rows as { version: number }[])[0].version);
}

/** What a visitor's client sees: the public /api calls and the bytes of each photo they name. */
async function publicAnswers() {
  clearPublicReads();
  const bodies: unknown[] = [];
  // The inactive listing (ids[2]) answers 404, before and after alike.
  for (const r of [
    await call(get_site, req("/api/get_imoveis_site")),
    await call(get_home, req("/api/get_imoveis_home?status=Venda")),
    await call(get_banner, req("/api/get_banner")),
    ...(await Promise.all(ids.map((id) => call(get_id, req(`/api/get_imovel_site_id/${id}`), { id: String(id) })))),
  ]) {
    bodies.push({ status: r.status, body: r.body });
  }
  expect(bodies.map((b) => (b as { status: number }).status)).toEqual([200, 200, 200, 200, 200, 404]);
  const names = [...JSON.stringify(bodies).matchAll(/"([A-Za-z0-9_-]+\.jpg)"/g)].map((m) => m[1]);
  expect(names.length).toBeGreaterThan(3);
  const photos: Record<string, string> = {};
  for (const name of new Set(names)) {
    const res = (await img.loader(routeArgs(req(`/img/${name}`), { file: name }))) as Response;
    expect(res.status, name).toBe(200);
    photos[name] = crypto.createHash("sha256").update(Buffer.from(await res.arrayBuffer())).digest("hex");
  }
  return { bodies, photos };
}

beforeAll(async () => {
  await resetDb();
  const store = getPhotoStore();
  await store.delete(Object.keys(await fileHashes(store, "\0")));
  ids = [await seedImovel({ quartos: 3 }), await seedImovel({ status: "Venda", preco: "450000.00" }), await seedImovel({ descricao: "<p>Açaí, pão & côco 😀</p>" })];
  await seedPhotos(ids[0], 2);
  await seedPhotos(ids[1], 1);
  // A few edits, as an admin makes them (each writes its history entry): a price, a listing off, the banner, a message.
  const admin = { usuarioId: null, email: "admin@teste.local", ip: "127.0.0.1" };
  await updateImovel(admin, ids[0], { preco: "1750.00" });
  await setAtivo(admin, ids[2], "nao");
  const [foto] = await seedPhotos(ids[2], 1);
  await insertBanner(foto.img);
  await getDb().insert(mensagens).values({ nome: "Ana", email: "ana@exemplo.com", telefone: "(17) 99999-0000", mensagem: "Olá\nlinha 2" });
  before = { checksums: await checksums(SOURCE), files: await fileHashes(store) };
});

afterAll(async () => {
  await closeDb();
  await removeTmpDirs();
});

describe("backup → restore round trip", () => {
  it("writes one archive whose manifest counts every table and file", async () => {
    const store = getPhotoStore();
    const destination = store.kind === "s3" ? s3Destination(store, PREFIX) : localDestination(await tmpDir("arquivos"));
    const r = await createBackup({ databaseUrl: SOURCE, store, destination, skipPrefix: PREFIX, origem: "manual", keep: 7 });
    expect(r.manifest.tabelas.find((t) => t.name === "imoveis")?.rows).toBe(3);
    expect(r.manifest.tabelas.map((t) => t.name)).not.toContain("sessoes");
    expect(r.manifest.fotos.map((f) => f.name).sort()).toEqual(Object.keys(before.files).sort());
    const journal = await readJournal();
    expect(r.manifest.migracoes.last).toBe(journal.entries.at(-1)!.tag);
    const conn = await rawConnection(SOURCE);
    const [rows] = await conn.query("SELECT estado, bytes, destino FROM backups ORDER BY id DESC LIMIT 1").finally(() => conn.end());
    expect(rows).toEqual([{ estado: "ok", bytes: String(r.bytes), destino: r.destino }]);
    archive = await fetchArchive(r.destino, store, path.join(await tmpDir("baixado"), "a.tar.gz"));
  });

  it("restores into a fresh database and store: every table's checksum and every photo's hash equal; the content version moves past both", async () => {
    expect(archive).not.toBe("");
    const url = await scratchDatabase("restaurado");
    const target = await scratchStore(getPhotoStore().kind);
    try {
      const r = await restoreArchive({ archive, databaseUrl: url, store: target.store });
      expect(r.overwrote).toBeNull();
      expect(r.counts.imoveis).toBe(3);
      expect(withoutVersion(await checksums(url))).toEqual(withoutVersion(before.checksums));
      const archived = await versionOf(SOURCE);
      expect(await versionOf(url)).toBe(archived + 1);
      expect(await fileHashes(target.store)).toEqual(before.files);
      // Migrated to the code's level by the restore, like the source.
      expect(await count(url, "__drizzle_migrations")).toBe(await count(SOURCE, "__drizzle_migrations"));

      // A second restore into it is refused, says what is there, and changes nothing.
      const held = await checksums(url);
      await expect(restoreArchive({ archive, databaseUrl: url, store: target.store })).rejects.toThrow(/não está vazio: .*imoveis \(3 linhas\).*--force/);
      expect(await checksums(url)).toEqual(held);
      // With --force it goes over it, and past the version the served database had: every cache of
      // a page, filed under that number, learns of the restored content (the archive's number, one
      // below it, would not move past it).
      const forced = await restoreArchive({ archive, databaseUrl: url, store: target.store, force: true });
      expect(forced.overwrote).toMatch(/imoveis \(3 linhas\)/);
      expect(withoutVersion(await checksums(url))).toEqual(withoutVersion(before.checksums));
      expect(await versionOf(url)).toBe(archived + 2);
    } finally {
      await target.stop();
    }
  });

  it("the app's own database and store, emptied and restored, answer the public /api the same", async () => {
    const answers = await publicAnswers();
    const store = getPhotoStore();
    const conn = await rawConnection(SOURCE);
    await conn.query("SET FOREIGN_KEY_CHECKS = 0");
    for (const t of await listTables(conn)) await conn.query(`DROP TABLE \`${t}\``);
    await conn.end();
    await store.delete(Object.keys(await fileHashes(store)));
    expect(await fileHashes(store)).toEqual({});
    await closeDb();

    await restoreArchive({ archive, databaseUrl: SOURCE, store, skipPrefix: PREFIX });
    expect(withoutVersion(await checksums(SOURCE))).toEqual(withoutVersion(before.checksums));
    expect(await publicAnswers()).toEqual(answers);
  });
});
