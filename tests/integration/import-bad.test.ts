// Issue 32 §1, bad input: a clear Portuguese reason and nothing half-written — not XML, a DTD or an
// entity (never expanded), another root or namespace, an empty feed, an HTTP error, a file over
// 200 MB, a feed broken at its end; and one import at a time, an interrupted one said so.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { importacoes } from "~/db/schema";
import { ALREADY_RUNNING, STALE_MS, claimJob, finishJob, getJob } from "~/models/imports/import-job.server";
import { vrsyncFeed } from "../support/feed-server";
import { countImoveis, runImport, withFeedServer, type FeedServer } from "./import-support";

let server: FeedServer;
withFeedServer((s) => (server = s));

const good = vrsyncFeed([{ id: "A-1" }, { id: "A-2" }]);
const NS = 'xmlns="http://www.vivareal.com/schemas/1.0/VRSync"';

describe("a feed that cannot be imported fails with its reason and writes nothing", () => {
  const cases: [string, { body: string | Buffer; status?: number; type?: string } | { declared: number }, RegExp][] = [
    ["not XML (JSON)", { body: '{"imoveis": []}' }, /não é XML \(não começa com <\)/],
    ["an HTML page", { body: "<!DOCTYPE html><html><body>Login</body></html>", type: "text/html" }, /declara um DTD/],
    ["a DTD with entities (billion laughs)", { body: `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><ListingDataFeed ${NS}><Listings><Listing><ListingID>&lol2;</ListingID></Listing></Listings></ListingDataFeed>` }, /declara um DTD \(<!DOCTYPE …>\): recusado, pois entidades nunca são expandidas/],
    ["an external entity without a DTD", { body: `<?xml version="1.0"?><ListingDataFeed ${NS}><Listings><Listing><ListingID>&xxe;</ListingID></Listing></Listings></ListingDataFeed>` }, /não é XML válido/],
    ["another root", { body: `<?xml version="1.0"?><rss><channel/></rss>` }, /não é um feed VRSync: a raiz é <rss>/],
    ["another namespace", { body: `<?xml version="1.0"?><ListingDataFeed xmlns="http://example.com/outro"><Listings/></ListingDataFeed>` }, /não é um feed VRSync: a raiz é <ListingDataFeed> em http:\/\/example.com\/outro/],
    ["no namespace", { body: `<?xml version="1.0"?><ListingDataFeed><Listings/></ListingDataFeed>` }, /não é um feed VRSync/],
    ["an empty feed", { body: `<?xml version="1.0"?><ListingDataFeed ${NS}><Header/><Listings></Listings></ListingDataFeed>` }, /o feed não tem nenhum imóvel/],
    ["an empty file", { body: "" }, /o arquivo está vazio/],
    ["a feed broken at its end (the listings before it are not written)", { body: good.replace("</ListingDataFeed>", "") }, /não é XML válido/],
    ["an HTTP error", { body: "erro", status: 500, type: "text/plain" }, /o servidor do feed respondeu HTTP 500/],
    ["a file over 200 MB", { declared: 200_000_001 }, /não foi possível ler o feed: o arquivo é maior que 200 MB/],
  ];
  for (const [what, route, reason] of cases) {
    it(what, async () => {
      const before = await countImoveis();
      server.routes.set("/ruim.xml", route);
      const run = await runImport(server, "/ruim.xml");
      expect(run.erro).toMatch(reason);
      expect(await countImoveis()).toBe(before);
      expect((await getJob(run.id))?.estado).toBe("falhou");
    });
  }

  it("a missing feed (404)", async () => {
    const run = await runImport(server, "/nao-existe.xml");
    expect(run.erro).toBe("o servidor do feed respondeu HTTP 404");
  });

  it("(precondition: the good feed imports)", async () => {
    server.routes.set("/bom.xml", { body: good });
    const run = await runImport(server, "/bom.xml");
    expect(run.erro).toBeNull();
    expect(run.items.map((i) => i.resultado)).toEqual(["criado", "criado"]);
  });

  it("a feed in ISO-8859-1, as VRSync allows, is read with its accents", async () => {
    const latin = vrsyncFeed([{ id: "L-1", neighborhood: "Jardim São João" }]).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    server.routes.set("/latin.xml", { body: Buffer.from(latin, "latin1") });
    const run = await runImport(server, "/latin.xml");
    expect(run.erro).toBeNull();
    const [row] = (await getDb().execute(sql`SELECT bairro FROM imoveis WHERE codigo_feed = 'L-1'`)) as unknown as [{ bairro: string }[]];
    expect(row[0].bairro).toBe("Jardim São João");
  });
});

describe("the job", () => {
  it("runs one at a time: a second is refused with a clear message", async () => {
    const id = await claimJob("http://exemplo/feed.xml", false, null);
    await expect(claimJob("http://exemplo/outro.xml", false, null)).rejects.toThrow(ALREADY_RUNNING);
    await finishJob(id, {});
    const next = await claimJob("http://exemplo/outro.xml", false, null);
    await finishJob(next, {});
  });

  it("a job whose process stopped beating (a restart) is 'interrompida', and the slot is free again", async () => {
    const id = await claimJob("http://exemplo/feed.xml", false, null);
    expect((await getJob(id))?.estado).toBe("executando");
    await getDb().update(importacoes).set({ batida_em: new Date(Date.now() - STALE_MS - 5000) }).where(eq(importacoes.id, id));
    const job = await getJob(id);
    expect(job?.estado).toBe("interrompida");
    expect(job?.erro).toMatch(/interrompida/);
    await finishJob(await claimJob("http://exemplo/feed.xml", false, null), {});
  });
});
