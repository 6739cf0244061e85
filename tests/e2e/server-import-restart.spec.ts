// Issue 32 §1: a server stopped in the middle of an import (SIGKILL: no chance to tidy up) leaves no
// half-made listing — each listing is written in one transaction after its photos are stored — and
// the job's page says, once its heartbeat has been still for STALE_MS, that it was interrupted.
import { test, expect } from "./helpers";
import { E2E } from "./env";
import { query, seededDatabase } from "./db";
import { startServer, type Spawned } from "./spawn-server";
import { dropDatabase } from "../../app/db/setup.server";
import { STALE_MS } from "../../app/models/imports/import-job.server";
import { gpsJpeg, startFeedServer, vrsyncFeed } from "../support/feed-server";

test.describe.configure({ mode: "serial" });

let databaseUrl: string;
const running: Spawned[] = [];
test.afterAll(async () => {
  for (const s of running) s.child.kill("SIGKILL");
  if (databaseUrl) await dropDatabase(databaseUrl);
});

const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(sql, params, databaseUrl);

test("a server killed mid-import leaves only whole listings, and the job's page says it was interrupted", async ({ request }) => {
  test.setTimeout(180_000);
  databaseUrl = await seededDatabase("import_restart");
  const feedServer = await startFeedServer("127.0.0.2");
  try {
    // Five listings of two photos each, every photo answering after 1.5 s: seconds per listing.
    const photo = await gpsJpeg(400, 300, "#cc6633");
    const listings = [1, 2, 3, 4, 5].map((k) => {
      const photos = [1, 2].map((p) => {
        feedServer.routes.set(`/r/${k}-${p}.jpg`, { delay: 1_500, type: "image/jpeg", body: photo });
        return { url: feedServer.url(`/r/${k}-${p}.jpg`) };
      });
      return { id: `REST-${k}`, price: 200_000 + k, photos, street: `Rua Reinício ${k}` };
    });
    feedServer.routes.set("/r/feed.xml", { body: vrsyncFeed(listings) });
    const env = { IMPORT_ALLOW_ADDRESSES: "127.0.0.2" };
    const first = await startServer(databaseUrl, { env });
    running.push(first);

    const login = await request.post(`${first.base}/login`, { form: { email: E2E.ADMIN_EMAIL, password: E2E.ADMIN_PASSWORD, redirectTo: "/admin/importar" }, maxRedirects: 0 });
    expect(login.status()).toBe(302);
    const started = await request.post(`${first.base}/admin/importar`, { multipart: { url: feedServer.url("/r/feed.xml") }, maxRedirects: 0 });
    expect(started.status(), await started.text()).toBe(302);
    const jobPath = started.headers()["location"];
    expect(jobPath).toMatch(/^\/admin\/importar\/\d+$/);

    // Killed once the first listing is in and the next is on its way.
    await expect.poll(async () => (await rows<{ n: number }>("SELECT COUNT(*) AS n FROM imoveis WHERE codigo_feed LIKE 'REST-%'"))[0].n, { timeout: 60_000, intervals: [100] }).toBeGreaterThanOrEqual(1);
    first.child.kill("SIGKILL");
    await new Promise((r) => first.child.once("exit", r));

    // Every listing written has both its photos; the rest were never written.
    const made = await rows<{ codigo_feed: string; fotos: number; capa: string | null }>(
      "SELECT i.codigo_feed, i.capa, (SELECT COUNT(*) FROM imovel_fotos f WHERE f.imovel_id = i.id) AS fotos FROM imoveis i WHERE i.codigo_feed LIKE 'REST-%' ORDER BY i.codigo_feed",
    );
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(made.length).toBeLessThan(5);
    for (const m of made) expect([m.codigo_feed, Number(m.fotos), m.capa !== null]).toEqual([m.codigo_feed, 2, true]);

    // A new server: the job is 'executando' until its heartbeat has been still for STALE_MS, then
    // 'interrompida' for whoever reads it, with the reason.
    const second = await startServer(databaseUrl, { env });
    running.push(second);
    const relogin = await request.post(`${second.base}/login`, { form: { email: E2E.ADMIN_EMAIL, password: E2E.ADMIN_PASSWORD, redirectTo: "/admin/importar" }, maxRedirects: 0 });
    expect(relogin.status()).toBe(302);
    const page = async () => (await request.get(`${second.base}${jobPath}`)).text();
    await expect.poll(page, { timeout: STALE_MS + 60_000, intervals: [1_000] }).toContain("A importação foi interrompida (o servidor reiniciou ou parou no meio)");
    expect(await page()).toContain("Importação interrompida");
    const [job] = await rows<{ estado: string }>("SELECT estado FROM importacoes ORDER BY id DESC LIMIT 1");
    expect(job.estado).toBe("interrompida");
    // And another import may start.
    const again = await request.post(`${second.base}/admin/importar`, { multipart: { url: feedServer.url("/r/feed.xml") }, maxRedirects: 0 });
    expect(again.status()).toBe(302);
  } finally {
    await feedServer.close();
  }
});
