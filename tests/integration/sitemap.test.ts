// The sitemap's files (app/models/listings/sitemap.server.ts): one per range of SITEMAP_CHUNK_IDS ids that holds
// an active listing, each with exactly the active listings of its range, in id order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getPool } from "~/db/client.server";
import { imoveis } from "~/db/schema";
import { SITEMAP_CHUNK_IDS as S, listSitemapChunks, listSitemapImoveis } from "~/models/listings/sitemap.server";
import { resetDb } from "./db";
import { contentWrite } from "~/models/listings/content-version.server";

// Ids placed in four ranges: the first mixed, the second all inactive, the third empty, the fourth
// with one active listing at its very last id.
const ROWS = [
  ...[1, 2, 3, 40, S].map((id) => ({ id, ativo: id === 2 ? "nao" : "sim" })),
  ...[S + 1, S + 7, 2 * S].map((id) => ({ id, ativo: "nao" })),
  { id: 4 * S, ativo: "sim" },
  { id: 4 * S - 1, ativo: "nao" },
] as { id: number; ativo: "sim" | "nao" }[];

describe("sitemap files", () => {
  beforeAll(async () => {
    await resetDb();
    await contentWrite((tx) => tx.insert(imoveis).values(ROWS.map((r) => ({ ...r, descricao: "" }))));
  });
  afterAll(closeDb);

  it("one file per range of ids with an active listing; none for an inactive or empty range", async () => {
    expect(await listSitemapChunks()).toEqual([0, 3]);
  });

  it("each file holds exactly the active listings of its range, by id, with their last change", async () => {
    const [plain] = (await getPool().query("SELECT id, updated_at FROM imoveis WHERE ativo = 'sim' ORDER BY id")) as unknown as [{ id: number; updated_at: Date }[]];
    const files = await Promise.all([0, 1, 2, 3].map((k) => listSitemapImoveis(k)));
    expect(files.map((f) => f.map((r) => r.id))).toEqual([[1, 3, 40, S], [], [], [4 * S]]);
    expect(files.flat()).toEqual(plain);
  });

  it("no file before there is a listing", async () => {
    await resetDb();
    expect(await listSitemapChunks()).toEqual([]);
  });
});
