// Property: whatever body, query, path parameter or method a client sends, no /api call answers
// 5xx (nor throws). 1,000 generated requests per call, sent as an admin (bearer token) so the admin
// calls get past the guard and into their validation.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { createApiToken } from "~/http/auth.server";
import { replaceBanner } from "~/models/banner.server";
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
import { STATUS, TIPOS } from "~/utils/enums";
import { imovelSchema } from "~/utils/imovel-schema";
import { STUB_BROKEN, startViaCepStub } from "../support/viacep-stub";
import { resetDb } from "./db";
import { BASE, EMAIL, PASSWORD, call, createAdmin, dataUrl, jpeg, seedImovel, seedPhotos, type RouteModule } from "./api-support";

const RUNS = 1000;
const IMOVEL_FIELDS = Object.keys(imovelSchema.shape);
const BOX = ["x", "y", "width", "height", "srcW", "srcH", "zoom", "posx", "posy"];
const PAGING = ["page", "pageSize"];

type Target = {
  route: string;
  mod: RouteModule;
  methods: string[];
  fields?: string[];
  files?: string[];
  query?: string[];
  param?: "id" | "tipo";
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

type Body =
  | { kind: "multipart"; parts: [string, string | Uint8Array][] }
  | { kind: "urlencoded"; parts: [string, string][] }
  | { kind: "raw"; type: string | null; text: string };
type Generated = { method: string; query: [string, string][]; param: string; body: Body; ip: string };

let token: string;
let adminId: number;
let known: { ids: string[]; fotoIds: string[]; imgs: string[]; tiny: Uint8Array; tinyUrl: string };
let stub: Awaited<ReturnType<typeof startViaCepStub>>;

/** Field values: mostly junk, with enough meaningful ones (ids, image names, a tiny JPEG) to get deep. */
function valueArb() {
  const meaningful = fc.constantFrom(
    ...known.ids,
    ...known.fotoIds,
    ...known.imgs,
    known.tinyUrl,
    "",
    " ",
    "0",
    "1",
    "2",
    "6",
    "-1",
    "sim",
    "nao",
    "Locação",
    "Venda",
    "Temporada",
    "Todos",
    "Casa",
    "Votuporanga",
    "15500-000",
    "15500000",
    "99999999",
    "1.234,56",
    "R$ 350.000,00",
    "1e3",
    "5e-324",
    "1e308",
    "-1e308",
    "NaN",
    "Infinity",
    "null",
    "[]",
    "{}",
    "'; DROP TABLE imoveis; --",
    "<script>alert(1)</script>",
    "a".repeat(300),
    "9".repeat(40),
    "ana@exemplo.com.br",
    "(17) 99999-0000",
    EMAIL,
    PASSWORD,
    "data:image/jpeg;base64,",
    "data:image/png;base64,!!!!",
    "data:text/plain;base64,aGVsbG8=",
    "data:;base64,/9j/",
  );
  return fc.oneof(
    { arbitrary: meaningful, weight: 5 },
    { arbitrary: fc.string({ maxLength: 30 }), weight: 2 },
    { arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }), weight: 1 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 20 }), weight: 1 },
    { arbitrary: fc.oneof(fc.integer({ min: -1000, max: 100_000 }), fc.double()).map(String), weight: 2 },
  );
}

/** Values that make sense for a field: the generator mixes them with junk to reach success paths. */
function pools(): Record<string, string[]> {
  const n = (...v: number[]) => v.map(String);
  return {
    id: known.ids,
    id_foto: known.fotoIds,
    capa: known.imgs,
    imgOriginal: known.imgs,
    ativo: ["sim", "nao"],
    img: [known.tinyUrl, "data:image/png;base64,AAAA", "data:text/plain;base64,aGVsbG8="],
    banner: [known.tinyUrl, "data:image/png;base64,AAAA", "data:image/jpeg;base64,", "banner.jpg"],
    email: [EMAIL, "ana@exemplo.com.br"],
    password: [PASSWORD],
    cep: ["15500-000", "15502100", "99999999"],
    nome: ["Ana"],
    telefone: ["(17) 99999-0000"],
    mensagem: ["Olá, quero visitar."],
    status: [...STATUS],
    tipo: ["Todos", ...TIPOS],
    local: ["Votuporanga"],
    quartos: n(0, 1, 2, 3),
    banheiros: n(0, 1, 2),
    x: n(0, 10),
    y: n(0, 5),
    width: n(16, 32),
    height: n(12, 24),
    zoom: n(1, 2),
    posx: n(0, 50, 100),
    posy: n(0, 50, 100),
    preco: ["1.500,00", "R$ 350.000,00"],
    area: ["120", "75,5"],
    q: ["Rua Amazonas", "VT00"],
    page: n(1, 2),
    pageSize: n(5, 100),
    qtd: n(3, 6),
  };
}

function generated(t: Target): fc.Arbitrary<Generated> {
  const value = valueArb();
  const byField = pools();
  // Fields without a pool get "" (a form's empty input): junk stays rare enough for a long form to pass.
  const forField = (f: string) => fc.oneof({ arbitrary: fc.constantFrom(...(byField[f] ?? [""])), weight: 9 }, value);
  const name = (names: string[]) => (names.length ? fc.oneof({ arbitrary: fc.constantFrom(...names), weight: 4 }, fc.string({ maxLength: 10 })) : fc.string({ maxLength: 10 }));
  const junkPairs = (names: string[]) => fc.array(fc.tuple(name(names), value), { maxLength: 14 });
  // Each known field present or not, mostly with a sensible value, plus a few unknown ones.
  const structured = (names: string[]) =>
    fc
      .tuple(
        fc.record(Object.fromEntries(names.map((f) => [f, forField(f)])), { requiredKeys: [] }),
        fc.array(fc.tuple(fc.string({ maxLength: 10 }), value), { maxLength: 2 }),
      )
      .map(([rec, extra]) => [...(Object.entries(rec) as [string, string][]), ...extra]);
  const pairs = (names: string[]): fc.Arbitrary<[string, string][]> =>
    names.length ? fc.oneof({ arbitrary: structured(names), weight: 3 }, { arbitrary: junkPairs(names), weight: 1 }) : junkPairs(names);
  const fileContent = fc.oneof(
    { arbitrary: fc.uint8Array({ maxLength: 600 }), weight: 4 },
    { arbitrary: fc.constant(known.tiny), weight: 1 },
  );
  const fileParts: fc.Arbitrary<[string, Uint8Array][]> = t.files ? fc.array(fc.tuple(fc.constantFrom(...t.files), fileContent), { maxLength: 3 }) : fc.constant([] as [string, Uint8Array][]);
  const body: fc.Arbitrary<Body> = fc.oneof(
    { arbitrary: fc.tuple(pairs(t.fields ?? []), fileParts).map(([p, f]) => ({ kind: "multipart" as const, parts: [...p, ...f] })), weight: 4 },
    { arbitrary: pairs(t.fields ?? []).map((parts) => ({ kind: "urlencoded" as const, parts })), weight: 2 },
    {
      arbitrary: fc
        .tuple(pairs(t.fields ?? []), fc.dictionary(name(t.fields ?? []), fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(value, { maxLength: 2 }))))
        .map(([p, odd]) => ({ kind: "raw" as const, type: "application/json", text: JSON.stringify({ ...Object.fromEntries(p), ...odd }) })),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        type: fc.constantFrom(null, "application/json", "text/plain", "multipart/form-data", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded", "image/png"),
        text: fc.oneof(fc.json(), fc.string({ maxLength: 80 }), fc.constant("--x\r\nContent-Disposition: form-data; name=\"id\"\r\n\r\n1")),
      }).map((r) => ({ kind: "raw" as const, ...r })),
      weight: 1,
    },
  );
  const param =
    t.param === "tipo"
      ? fc.oneof(fc.constantFrom("Locação", "Venda", "Temporada", "locacao", "LOCACAO", "Casa"), fc.string({ maxLength: 12 }))
      : fc.oneof(fc.constantFrom(...known.ids, ...known.fotoIds), fc.nat().map(String), fc.string({ maxLength: 12 }));
  return fc.record({
    method: fc.oneof({ arbitrary: fc.constantFrom(...t.methods), weight: 5 }, fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")),
    query: t.query ? pairs(t.query) : fc.constant([]),
    param,
    body,
    ip: fc.constantFrom("10.9.0.1", "10.9.0.2", "10.9.0.3"),
  });
}

function build(t: Target, g: Generated, bearer: string) {
  const qs = new URLSearchParams(g.query).toString();
  const url = `${BASE}/api/${t.route}${t.param ? `/${encodeURIComponent(g.param)}` : ""}${qs ? `?${qs}` : ""}`;
  const headers = new Headers({ Authorization: `Bearer ${bearer}`, "x-imob-client-ip": g.ip });
  let body: BodyInit | undefined;
  if (g.method !== "GET" && g.method !== "HEAD") {
    if (g.body.kind === "multipart") {
      const fd = new FormData();
      for (const [k, v] of g.body.parts) {
        if (typeof v === "string") fd.append(k, v);
        else fd.append(k, new Blob([new Uint8Array(v)]), "f.jpg");
      }
      body = fd;
    } else if (g.body.kind === "urlencoded") {
      body = new URLSearchParams(g.body.parts);
    } else {
      body = g.body.text;
      if (g.body.type) headers.set("Content-Type", g.body.type);
    }
  }
  return new Request(url, { method: g.method, headers, body });
}

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
  await replaceBanner({ field: "banner", name: "b.jpg", buffer: await jpeg(120, 50), index: 0 });
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
        fc.asyncProperty(generated(t), async (g) => {
          // Two CEPs make the stub fail on purpose (503 is then the right answer).
          fc.pre(!(t.route === "buscar_cep" && Object.values(STUB_BROKEN).some((c) => JSON.stringify(g.body).includes(c))));
          runs++;
          const bearer = t.ownToken ? await createApiToken(adminId) : token;
          const res = await call(t.mod, build(t, g, bearer), t.param ? { [t.param]: g.param } : {});
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
