// Issue 32: the import is the inverse of our own feed (decisions 0024, 0029): the feed we write,
// imported back, gives equal listings — every field the feed carries, the description's text, the
// photos in order with the capa first, the video.
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { contentWrite } from "~/models/listings/content-version.server";
import { insertFotos } from "~/models/listings/foto.server";
import { insertImovel, updateImovel } from "~/models/listings/imovel.server";
import { vrsyncChunks } from "~/models/listings/portal-feed.server";
import { SYSTEM } from "~/models/history/history.server";
import { descricaoPlain } from "~/services/sanitize.server";
import { storeImage } from "~/services/images.server";
import { imgUrl } from "~/utils/img";
import { gpsJpeg } from "../support/feed-server";
import { resetDb } from "./db";
import { stored } from "./photo-support";
import { fotosOf, listingByFeedCode, runImport, startFeedServer, type FeedServer } from "./import-support";

const base = { cep: "15500-000", endereco: "Rua Amazonas", numero: "100", bairro: "Jardim Marin", cidade: "Votuporanga", estado: "SP" };
const text = "<p>Casa ampla &amp; arejada, com <strong>piscina</strong> e churrasqueira, perto do centro.</p><ul><li>Quintal</li></ul>";
const ORIGINALS = [
  { ...base, status: "Venda", tipo: "Casa", preco: "450000.00", area: "180.00", condominio: "300.00", iptu: "1200.00", quartos: 3, banheiros: 2, suite: 1, garagem: 2, piscina: 1, churrasqueira: 1, alarme: "Sim", mostrar_numero: "sim", descricao: text },
  { ...base, status: "Locação", tipo: "Apartamento", preco: "1800.00", area: "70.00", condominio: "450.00", iptu: null, quartos: 2, banheiros: 1, suite: 0, garagem: 1, varanda: 1, descricao: text, bairro: "Centro" },
  { ...base, status: "Venda", tipo: "Terreno", preco: "120000.00", area: "360.00", condominio: null, iptu: "300.00", quartos: 0, banheiros: 0, suite: 0, garagem: 0, descricao: text, numero: "" },
] as const;
const COMPARED = ["tipo", "status", "preco", "area", "condominio", "iptu", "quartos", "banheiros", "suite", "garagem", "piscina", "churrasqueira", "varanda", "alarme", "mostrar_numero", "endereco", "numero", "bairro", "cidade", "estado", "cep", "video"] as const;

let server: FeedServer;
const ids: number[] = [];
const photoUrls = new Map<number, string[]>();
beforeAll(async () => {
  await resetDb();
  server = await startFeedServer();
  for (const [k, values] of ORIGINALS.entries()) {
    const id = await insertImovel({ ...values } as Parameters<typeof insertImovel>[0]);
    const imgs: { img: string; width: number }[] = [];
    for (let p = 0; p < 5; p++) imgs.push(await storeImage(await gpsJpeg(1000, 750, `#${(k * 60 + p * 30).toString(16).padStart(2, "0")}8844`)));
    await contentWrite((tx) => insertFotos(tx, id, imgs.map((i) => ({ img: i.img, largura: i.width }))));
    for (const i of imgs) server.routes.set(imgUrl(i.img), { body: await stored(i.img), type: "image/jpeg" });
    ids.push(id);
  }
  // A chosen capa (the third photo) and a video on the first.
  const fotos0 = await fotosOf(ids[0]);
  await updateImovel(SYSTEM, ids[0], { capa: fotos0[2].img, video: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });
  let xml = "";
  for await (const chunk of vrsyncChunks({ publicUrl: server.base, name: "Imobiliária", email: "a@b.c", phone: "(17) 3421-0000" })) xml += chunk;
  server.routes.set("/nosso.xml", { body: xml });
  for (const id of ids) {
    const fotos = await fotosOf(id);
    const capa = id === ids[0] ? fotos0[2].img : fotos[0].img;
    photoUrls.set(id, [capa, ...fotos.map((f) => f.img).filter((f) => f !== capa)].map((img) => `${server.base}${imgUrl(img)}`));
  }
});
afterAll(async () => {
  await server.close();
  await closeDb();
});

it("the feed we write imports back into equal listings", async () => {
  const run = await runImport(server, "/nosso.xml");
  expect(run.erro).toBeNull();
  expect(run.items.map((i) => i.resultado)).toEqual(["criado", "criado", "criado"]);
  for (const [k, id] of ids.entries()) {
    const codigo = `VT${String(id).padStart(4, "0")}`;
    const copy = await listingByFeedCode(codigo);
    expect(copy, codigo).toBeTruthy();
    const { getDb } = await import("~/db/client.server");
    const { imoveis } = await import("~/db/schema");
    const { eq } = await import("drizzle-orm");
    const [original] = await getDb().select().from(imoveis).where(eq(imoveis.id, id));
    const pick = (r: Record<string, unknown>) => Object.fromEntries(COMPARED.map((f) => [f, r[f]]));
    expect(pick(copy), `${codigo} (${ORIGINALS[k].tipo})`).toEqual(pick(original));
    expect(descricaoPlain(copy.descricao)).toBe(descricaoPlain(original.descricao));
    // Photos: the capa first (VRSync's primary), then the rest in order; the copy's capa is its first.
    const fotos = await fotosOf(copy.id);
    expect(fotos.map((f) => f.origem)).toEqual(photoUrls.get(id));
    expect(copy.capa).toBe(fotos[0].img);
  }
});

it("imported again, nothing changes", async () => {
  const run = await runImport(server, "/nosso.xml");
  expect(run.items.map((i) => i.resultado)).toEqual(["sem mudança", "sem mudança", "sem mudança"]);
});
