// Public reads kept per content version (app/models/listings/public-reads.server.ts): a repeated read skips
// the database, a write through the models shows on the next read, a change made by another
// process shows once this one re-reads the version (≤ VERSION_MAX_AGE_MS), and an admin's own
// session never matters (reads are shared, never personal).
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDb, getPool } from "~/db/client.server";
import { getBanner, insertBanner } from "~/models/listings/banner.server";
import { VERSION_MAX_AGE_MS } from "~/models/listings/content-version.server";
import { getPublicImovel, insertImovel, listBairros, listHome, listPublic, setAtivo } from "~/models/listings/imovel.server";
import { clearPublicReads } from "~/models/listings/public-reads.server";
import { resetDb } from "./db";
import { SYSTEM } from "~/models/history/history.server";

const listing = (bairro: string) => ({ descricao: "", status: "Venda" as const, tipo: "Casa" as const, bairro, ativo: "sim" as const });

/** A row changed behind the models' back (as another process's write would be, before its bump). */
const sneak = (sql: string, params: unknown[] = []) => getPool().query(sql, params);

describe("public reads kept per content version", () => {
  beforeEach(async () => {
    await resetDb();
    clearPublicReads();
  });
  afterAll(closeDb);

  it("a repeated read is answered without the database; a write through the models shows at once", async () => {
    const id = await insertImovel(listing("Centro"));
    expect((await listPublic({ status: "Venda" })).total).toBe(1);
    expect(await listBairros()).toEqual(["Centro"]);

    // Changed without a version bump: the kept answers are still served (the database is not read).
    await sneak("UPDATE imoveis SET bairro = 'Pozzobon' WHERE id = ?", [id]);
    expect((await listPublic({ status: "Venda" })).data[0].bairro).toBe("Centro");
    expect(await listBairros()).toEqual(["Centro"]);
    // Different arguments are a different read.
    expect((await listPublic({ status: "Venda", bairro: "Pozzobon" })).total).toBe(1);

    // A write through a model bumps the version: every kept read of this process is stale now.
    await setAtivo(SYSTEM, id, "nao");
    expect((await listPublic({ status: "Venda" })).total).toBe(0);
    expect(await listBairros()).toEqual([]);
    expect(await getPublicImovel(id)).toBeNull();
    expect(await listHome("Venda", 6)).toEqual([]);
  });

  it("another process's write (a bumped version) shows once the version reading is VERSION_MAX_AGE_MS old, not before", async () => {
    // Only Date is faked, and frozen: the queries still go to the real database.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const t0 = Date.now();
      await insertBanner("a".repeat(20) + ".jpg");
      expect((await getBanner())?.banner).toBe("a".repeat(20) + ".jpg");
      await sneak("INSERT INTO banners (banner) VALUES (?)", ["b".repeat(20) + ".jpg"]);
      await sneak("UPDATE content_version SET version = version + 1 WHERE id = 1");
      vi.setSystemTime(t0 + VERSION_MAX_AGE_MS - 1);
      expect((await getBanner())?.banner, "the kept read, while the version reading is trusted").toBe("a".repeat(20) + ".jpg");
      vi.setSystemTime(t0 + VERSION_MAX_AGE_MS);
      expect((await getBanner())?.banner).toBe("b".repeat(20) + ".jpg");
    } finally {
      vi.useRealTimers();
    }
  });

  it("concurrent misses share one query, and a failed read is not kept", async () => {
    await insertImovel(listing("Centro"));
    const [a, b] = await Promise.all([listPublic({}), listPublic({})]);
    expect(a).toBe(b);
    await sneak("RENAME TABLE imovel_fotos TO imovel_fotos_x");
    try {
      await expect(listPublic({ tipo: "Casa" })).rejects.toThrow();
    } finally {
      await sneak("RENAME TABLE imovel_fotos_x TO imovel_fotos");
    }
    expect((await listPublic({ tipo: "Casa" })).total).toBe(1);
  });
});
