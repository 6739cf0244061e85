// Every write that changes what a public page shows bumps the content version in its own
// transaction (the page cache's invalidation, server/page-cache.ts); reads and failed writes don't.
// That no write can skip it is content-guard.test.ts's claim; here, what each kind of write does.
import mysql from "mysql2/promise";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDb, getPool } from "~/db/client.server";
import { cropBanner, getBanner, replaceBanner } from "~/models/listings/banner.server";
import {
  VERSION_MAX_AGE_MS,
  contentWrite,
  currentContentVersion,
  forgetContentVersion,
  relayContentChanges,
  renderContentVersion,
} from "~/models/listings/content-version.server";
import { addFotos, deleteFoto, setCapa } from "~/models/listings/foto.server";
import { cropCapa, cropFoto } from "~/models/listings/foto-crop.server";
import { deleteImovel, getPublicImovel, insertImovel, listPublic, saveImovel, setAtivo } from "~/models/listings/imovel.server";
import { resetDb } from "./db";
import { jpeg, up } from "./photo-support";
import { SYSTEM } from "~/models/history/history.server";

async function dbVersion() {
  const [rows] = await getPool().query("SELECT version FROM content_version WHERE id = 1");
  return (rows as { version: number }[])[0].version;
}

/** Runs `write` and returns by how much it moved the stored version (and that this process saw it). */
async function bumpOf(write: () => Promise<unknown>) {
  const before = await dbVersion();
  await write();
  const after = await dbVersion();
  expect(await currentContentVersion(), "this process sees its own write at once").toBe(after);
  return after - before;
}

describe("content version", () => {
  beforeEach(resetDb);
  afterAll(closeDb);

  it("moves with every kind of content write, never with a read", async () => {
    const value = { status: "Venda", tipo: "Casa", preco: "100000", descricao: "<p>x</p>" } as never;
    let id = 0;
    expect(await bumpOf(async () => (id = await insertImovel({ descricao: "" })))).toBe(1);
    expect(await bumpOf(() => saveImovel(SYSTEM, value, [], { id }))).toBeGreaterThanOrEqual(1);
    expect(await bumpOf(() => setAtivo(SYSTEM, id, "nao"))).toBe(1);
    expect(await bumpOf(() => setAtivo(SYSTEM, id, "sim"))).toBe(1);
    let fotos: { id: number; img: string }[] = [];
    expect(await bumpOf(async () => (fotos = (await addFotos(SYSTEM, id, [up("a.jpg", await jpeg()), up("b.jpg", await jpeg(), 1)])).added))).toBe(1);
    expect(await bumpOf(() => setCapa(SYSTEM, id, fotos[1].img))).toBe(1);
    expect(await bumpOf(() => cropFoto(SYSTEM, fotos[0].id, { left: 0, top: 0, width: 400, height: 300 }))).toBe(1);
    expect(await bumpOf(() => cropCapa(SYSTEM, id, { left: 0, top: 0, width: 400, height: 300 }))).toBe(1);
    expect(await bumpOf(() => deleteFoto(SYSTEM, fotos[0].id))).toBe(1);
    expect(await bumpOf(async () => replaceBanner(SYSTEM, up("banner.jpg", await jpeg(1800, 750))))).toBe(1);
    expect(await bumpOf(() => cropBanner(SYSTEM, { left: 0, top: 0, width: 1200, height: 500 }))).toBe(1);
    expect(await bumpOf(() => deleteImovel(SYSTEM, id))).toBe(1);

    expect(await bumpOf(() => Promise.all([listPublic({}), getPublicImovel(id), getBanner()]))).toBe(0);
  });

  it("a write that fails leaves the version where it was", async () => {
    const before = await dbVersion();
    await expect(
      contentWrite(async () => {
        throw new Error("falhou");
      }),
    ).rejects.toThrow("falhou");
    expect(await dbVersion()).toBe(before);
    expect(await renderContentVersion()).toBe(before);
  });

  it("another machine's write is seen once the reading is a second old, not before", async () => {
    // Only Date is faked: the queries still go to the real database.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const t0 = Date.now(); // frozen until set
      forgetContentVersion();
      const start = await currentContentVersion();
      // Another machine = a write that does not go through this process's models.
      await getPool().query("UPDATE content_version SET version = version + 1 WHERE id = 1");
      vi.setSystemTime(t0 + VERSION_MAX_AGE_MS - 1);
      expect(await currentContentVersion(), "still trusting its last reading").toBe(start);
      vi.setSystemTime(t0 + VERSION_MAX_AGE_MS);
      expect(await currentContentVersion(), "read again").toBe(start + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("another process of this machine is told: the next read goes to the database at once", async () => {
    const start = await currentContentVersion();
    await getPool().query("UPDATE content_version SET version = version + 1 WHERE id = 1");
    expect(await currentContentVersion(), "the precondition: the old reading is still trusted").toBe(start);
    forgetContentVersion();
    expect(await currentContentVersion()).toBe(start + 1);
  });

  it("a reading in flight when the process is told of a write is not kept: the next read goes to the database", async () => {
    forgetContentVersion();
    const start = await currentContentVersion();
    // Another connection holds the table, so the next reading waits in the database…
    const lock = await mysql.createConnection(process.env.DATABASE_URL!);
    try {
      await lock.query("LOCK TABLES content_version WRITE");
      forgetContentVersion();
      const early = currentContentVersion();
      await expect
        .poll(async () => {
          const [rows] = await lock.query("SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND STATE LIKE 'Waiting for table metadata lock'");
          return Number((rows as { n: number }[])[0].n);
        })
        .toBe(1);
      // …when the process is told that the content changed (the relay of another worker's write).
      forgetContentVersion();
      await lock.query("UNLOCK TABLES");
      expect(await early).toBe(start);
      await getPool().query("UPDATE content_version SET version = version + 1 WHERE id = 1");
      // The early reading (from before the news) was not kept: this one asks the database.
      expect(await currentContentVersion()).toBe(start + 1);
    } finally {
      await lock.end();
    }
  });

  it("a committed write is relayed to the machine's other processes before it returns; a failed one is not", async () => {
    const relayed: number[] = [];
    relayContentChanges(async () => {
      relayed.push(await dbVersion());
    });
    try {
      await contentWrite(async () => undefined);
      expect(relayed, "relayed once, after the commit (it sees the new version)").toEqual([await dbVersion()]);
      await expect(contentWrite(async () => Promise.reject(new Error("falhou")))).rejects.toThrow("falhou");
      expect(relayed).toHaveLength(1);
      // A relay that fails costs the other processes their second, not the write.
      relayContentChanges(() => Promise.reject(new Error("primário fora")));
      await expect(contentWrite(async () => "ok")).resolves.toBe("ok");
    } finally {
      relayContentChanges(null);
    }
  });
});
