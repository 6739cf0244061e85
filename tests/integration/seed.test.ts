import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { isDatabaseEmpty, seed } from "~/seed/seed.server";
import { runMigrations } from "~/db/setup.server";
import { getEnv } from "~/env.server";
import { listHome, getPublicImovel } from "~/models/listings/imovel.server";
import { verifyLogin } from "~/models/accounts/user.server";
import { portalSummary } from "~/models/listings/portal-feed.server";
import { resetDb } from "./db";

describe("seed on a real database", () => {
  beforeAll(async () => {
    await resetDb();
    await seed(() => {});
  });
  afterAll(closeDb);

  it("fills every home list and creates the admin", async () => {
    expect(await isDatabaseEmpty()).toBe(false);
    expect(await listHome("Locação", 6)).toHaveLength(6);
    expect(await listHome("Venda", 6)).toHaveLength(6);
    expect(await listHome("Temporada", 3)).toHaveLength(3);
    const admin = await verifyLogin("admin@teste.local", "senha-de-teste-123");
    expect(admin?.email).toBe("admin@teste.local");
  });

  it("gives each listing a public code and 2 to 8 photos, 5 or more to those meant for the portals", async () => {
    const [rows] = (await getDb().execute(
      sql`SELECT i.codigo, i.ativo = 'sim' AND i.status <> 'Temporada' AS portais, COUNT(f.id) AS n FROM imoveis i LEFT JOIN imovel_fotos f ON f.imovel_id = i.id GROUP BY i.id`,
    )) as unknown as [{ codigo: string; portais: number; n: number }[]];
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const r of rows) {
      expect(r.codigo).toMatch(/^VT\d{4,}$/);
      expect(Number(r.n)).toBeGreaterThanOrEqual(Number(r.portais) ? 5 : 2);
      expect(Number(r.n)).toBeLessThanOrEqual(8);
    }
  });

  it("gives the portals' feed every active listing of Venda and Locação", async () => {
    const { inFeed, leftOut } = await portalSummary();
    expect([inFeed, leftOut]).toEqual([22, []]);
  });

  it("covers each card with its first photo", async () => {
    const cards = await listHome("Venda", 6);
    for (const c of cards) {
      const full = await getPublicImovel(c.id);
      expect(c.capa).toBe(full!.imagens[0].img);
    }
  });

  it("applies no migration twice", async () => {
    expect(await runMigrations(getEnv().DATABASE_URL)).toBe(0);
  });
});
