// Property: whatever body, query, path parameter or method a client sends, no /api call answers
// 5xx (nor throws). 1,000 generated requests per call, sent as an admin (bearer token) so the admin
// calls get past the guard and into their validation.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { createApiToken } from "~/http/auth.server";
import { replaceBanner } from "~/models/listings/banner.server";
import * as alt_banner from "~/routes/api.alt_banner";
import * as ativo from "~/routes/api.ativo";
import * as buscar_cep from "~/routes/api.buscar_cep";
import * as buscar from "~/routes/api.buscar_imoveis";
import * as contato from "~/routes/api.contato";
import * as crop from "~/routes/api.crop";
import * as cropBanner from "~/routes/api.cropBanner";
import * as cropImg from "~/routes/api.cropImg";
import * as excluir_foto from "~/routes/api.excluir_foto_imovel.$id";
import * as excluir_imovel from "~/routes/api.excluir_imovel.$id";
import * as foto_capa from "~/routes/api.foto_capa";
import * as get_banner from "~/routes/api.get_banner";
import * as get_admin from "~/routes/api.get_imoveis_admin";
import * as get_home from "~/routes/api.get_imoveis_home";
import * as get_site from "~/routes/api.get_imoveis_site";
import * as get_tipo from "~/routes/api.get_imoveis_tipo.$tipo";
import * as get_id from "~/routes/api.get_imovel_site_id.$id";
import * as inserir from "~/routes/api.inserir_imovel_site";
import * as logar from "~/routes/api.logar";
import * as logout from "~/routes/api.logout";
import * as update from "~/routes/api.update_imovel";
import { imovelSchema } from "~/utils/imovel-schema";
import { STUB_BROKEN, startViaCepStub } from "../support/viacep-stub";
import { resetDb } from "./db";
import { buildRequest, generated, type FuzzTarget, type Known } from "./fuzz-support";
import { BASE, call, createAdmin, dataUrl, jpeg, seedImovel, seedPhotos, type RouteModule } from "./api-support";
import { SYSTEM } from "~/models/history/history.server";

const RUNS = 1000;
const IMOVEL_FIELDS = Object.keys(imovelSchema.shape);
const BOX = ["x", "y", "width", "height", "srcW", "srcH", "zoom", "posx", "posy"];
const PAGING = ["page", "pageSize"];

type Target = FuzzTarget & {
  route: string;
  mod: RouteModule;
  /** a token of its own for each run (logout revokes it) */
  ownToken?: boolean;
};

// Reads first, then writes, deletes last: the later calls still find something to work on.
const TARGETS: Target[] = [
  { route: "get_imoveis_site", mod: get_site, methods: ["GET"], query: ["status", "tipo", "bairro", "preco_min", "preco_max", "quartos", "banheiros", "ordem", ...PAGING] },
  { route: "get_imoveis_admin", mod: get_admin, methods: ["GET"], query: ["q", "ativo", ...PAGING] },
  { route: "get_imoveis_home", mod: get_home, methods: ["GET"], query: ["status", "qtd"] },
  { route: "get_imovel_site_id", mod: get_id, methods: ["GET"], param: "id" },
  { route: "get_imoveis_tipo", mod: get_tipo, methods: ["GET"], param: "tipo", query: PAGING },
  { route: "buscar_imoveis", mod: buscar, methods: ["POST"], fields: ["local", "status", "tipo", "quartos", "banheiros"], query: PAGING },
  { route: "get_banner", mod: get_banner, methods: ["GET"] },
  { route: "buscar_cep", mod: buscar_cep, methods: ["POST"], fields: ["cep"] },
  { route: "contato", mod: contato, methods: ["POST"], fields: ["email", "nome", "telefone", "mensagem", "imovel_id", "website"] },
  { route: "logar", mod: logar, methods: ["POST"], fields: ["email", "password"] },
  { route: "foto_capa", mod: foto_capa, methods: ["GET", "POST"], fields: ["id", "capa"], query: ["id", "capa"] },
  { route: "ativo", mod: ativo, methods: ["POST"], fields: ["id", "ativo"] },
  { route: "update_imovel", mod: update, methods: ["POST"], fields: [...IMOVEL_FIELDS, "id", "capa", "capa_upload"], files: ["img[0]", "img[1]", "img"] },
  { route: "inserir_imovel_site", mod: inserir, methods: ["POST"], fields: [...IMOVEL_FIELDS, "capa_upload"], files: ["img[0]", "img[1]", "img[]"] },
  { route: "crop", mod: crop, methods: ["POST"], fields: ["img", "imgOriginal", "id", ...BOX], files: ["img"] },
  { route: "cropImg", mod: cropImg, methods: ["POST"], fields: ["img", "capa", "imgOriginal", "id", "id_foto", ...BOX], files: ["img"] },
  { route: "cropBanner", mod: cropBanner, methods: ["POST"], fields: ["img", "imgOriginal", "id", ...BOX], files: ["img"] },
  { route: "alt_banner", mod: alt_banner, methods: ["POST"], fields: ["banner"], files: ["banner"] },
  { route: "excluir_foto_imovel", mod: excluir_foto, methods: ["DELETE"], param: "id" },
  { route: "excluir_imovel", mod: excluir_imovel, methods: ["DELETE"], param: "id" },
  { route: "logout", mod: logout, methods: ["POST", "DELETE"], ownToken: true },
];

let token: string;
let adminId: number;
let known: Known;
let stub: Awaited<ReturnType<typeof startViaCepStub>>;

beforeAll(async () => {
  stub = await startViaCepStub();
  (getEnv() as { VIACEP_URL: string }).VIACEP_URL = stub.url;
  await resetDb();
  adminId = await createAdmin();
  token = await createApiToken(adminId);
  const ids: string[] = [];
  const fotoIds: string[] = [];
  const imgs: string[] = [];
  for (let i = 0; i < 6; i++) {
    const id = await seedImovel({ status: (["Locação", "Venda", "Temporada"] as const)[i % 3], ativo: i === 5 ? "nao" : "sim" });
    ids.push(String(id));
    for (const f of await seedPhotos(id, 2)) {
      fotoIds.push(String(f.id));
      imgs.push(f.img);
    }
  }
  const tiny = new Uint8Array(await jpeg(32, 24));
  await replaceBanner(SYSTEM, { field: "banner", name: "b.jpg", buffer: await jpeg(120, 50), index: 0 });
  known = { ids, fotoIds, imgs, tiny, tinyUrl: dataUrl(Buffer.from(tiny)) };
}, 60_000);

afterAll(async () => {
  await stub.close();
  await closeDb();
});

describe("no /api call answers 5xx, whatever it is sent", () => {
  it.each(TARGETS.map((t) => [t.route, t] as const))(
    `%s: ${RUNS} generated requests`,
    async (_route, t) => {
      let runs = 0;
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(generated(t, known), async (g) => {
          // Two CEPs make the stub fail on purpose (503 is then the right answer).
          fc.pre(!(t.route === "buscar_cep" && Object.values(STUB_BROKEN).some((c) => JSON.stringify(g.body).includes(c))));
          runs++;
          const bearer = t.ownToken ? await createApiToken(adminId) : token;
          const request = buildRequest(BASE, `/api/${t.route}`, t, g, new Headers({ Authorization: `Bearer ${bearer}` }));
          const res = await call(t.mod, request, t.param ? { [t.param]: g.param } : {});
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
          if (res.status >= 400 && res.body !== false) expect(typeof res.body?.error, JSON.stringify(res.body)).toBe("string");
        }),
        { numRuns: RUNS },
      );
      expect(runs).toBeGreaterThanOrEqual(RUNS);
      // The generator must reach the call's success path, not only its refusals.
      expect([...statuses.keys()].some((s) => s < 300), JSON.stringify([...statuses])).toBe(true);
    },
    180_000,
  );
});
