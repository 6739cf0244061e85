// Issue 32 §1: listings that left the feed are listed, never deleted, and deactivated with one button;
// only by the newest concluded import, whose feed is the agency's feed today. An older import's feed
// would name the listings a later import brought back, and deactivate them.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { imoveis, importacaoItens } from "~/db/schema";
import { SYSTEM } from "~/models/history/history.server";
import { claimJob, finishJob, latestConcludedId } from "~/models/imports/import-job.server";
import { insertImovel } from "~/models/listings/imovel.server";
import * as jobPage from "~/routes/admin.importar_.$id";
import { deactivateLeft, LEFT_ONLY_LATEST, leftTheFeed } from "~/models/imports/import-report.server";
import { vrsyncFeed, type FeedListing } from "../support/feed-server";
import { adminCookie, req } from "./api-support";
import { callRoute } from "../support/route-call";
import { countImoveis, listingByFeedCode, runImport, withFeedServer, type FeedServer } from "./import-support";

let server: FeedServer;
const listing = (id: string): FeedListing => ({ id, price: 350000 });
const serve = (ids: string[]) => server.routes.set("/feed.xml", { body: vrsyncFeed(ids.map(listing)) });
const codes = (rows: { codigoFeed: string | null }[]) => rows.map((r) => r.codigoFeed);

withFeedServer((s) => (server = s));

describe("listings that left the feed", () => {
  it("the newest import lists them and deactivates them all; an older one names none and deactivates nothing", async () => {
    serve(["L-1", "L-2", "L-3"]);
    const first = await runImport(server, "/feed.xml", true);
    expect(await leftTheFeed(first.id)).toEqual([]);

    serve(["L-1", "L-2", "L-4"]);
    const second = await runImport(server, "/feed.xml", true);
    expect(await latestConcludedId()).toBe(second.id);
    expect(codes(await leftTheFeed(second.id))).toEqual(["L-3"]);
    // L-4 came with the second import: the first one's feed never had it, yet it has not left.
    await expect(deactivateLeft(SYSTEM, first.id)).rejects.toThrow(LEFT_ONLY_LATEST);
    expect((await listingByFeedCode("L-4")).ativo).toBe("sim");
    // The first job's page lists nobody and points to the newest; its button is refused.
    const cookie = await adminCookie();
    const page = await callRoute(jobPage.loader, req(`/admin/importar/${first.id}`, { cookie }), { id: String(first.id) });
    expect(page.body).toMatchObject({ left: [], newer: second.id });
    const refused = await callRoute(jobPage.action, req(`/admin/importar/${first.id}`, { urlencoded: { intent: "desativar" }, cookie }), { id: String(first.id) });
    expect(refused.status).toBe(409);
    expect((await listingByFeedCode("L-4")).ativo).toBe("sim");

    // A later import still running (or cut half-way) has created L-5: it has not left either.
    const running = await claimJob("http://exemplo/feed.xml", true, null);
    const l5 = await insertImovel({ descricao: "", codigo_feed: "L-5" } as never);
    await getDb().insert(importacaoItens).values({ importacao_id: running, codigo_feed: "L-5", imovel_id: l5, resultado: "criado" });
    expect(codes(await leftTheFeed(second.id))).toEqual(["L-3"]);
    await finishJob(running, { erro: "interrompida no teste" });

    const count = await countImoveis();
    expect(await deactivateLeft(SYSTEM, second.id)).toBe(1);
    expect((await listingByFeedCode("L-3")).ativo).toBe("nao");
    for (const code of ["L-1", "L-2", "L-4"]) expect((await listingByFeedCode(code)).ativo, code).toBe("sim");
    // Never deleted: listed still (inactive), and nothing to deactivate a second time.
    expect(await countImoveis()).toBe(count);
    expect(codes(await leftTheFeed(second.id))).toEqual(["L-3"]);
    expect(await deactivateLeft(SYSTEM, second.id)).toBe(0);
    const [row] = await getDb().select({ ativo: imoveis.ativo }).from(imoveis).where(eq(imoveis.codigo_feed, "L-3"));
    expect(row.ativo).toBe("nao");
  });
});
