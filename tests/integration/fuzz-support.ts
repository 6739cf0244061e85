// Request generators for the property-based tests of /api (and of page actions): bodies in every
// encoding, mostly junk, with enough meaningful values to reach each call's success path.
import fc from "fast-check";
import { STATUS, TIPOS } from "~/utils/enums";
import { EMAIL, PASSWORD } from "./api-support";

/** What a generated request may fill: its fields, file fields, query and path parameter. */
export type FuzzTarget = { methods: string[]; fields?: string[]; files?: string[]; query?: string[]; param?: "id" | "tipo" };
/** Values taken from the database under test, so requests can name real rows. */
export type Known = { ids: string[]; fotoIds: string[]; imgs: string[]; tiny: Uint8Array; tinyUrl: string };

export type Body =
  | { kind: "multipart"; parts: [string, string | Uint8Array][] }
  | { kind: "urlencoded"; parts: [string, string][] }
  | { kind: "raw"; type: string | null; text: string };
export type Generated = { method: string; query: [string, string][]; param: string; body: Body; ip: string };

/** Field values: mostly junk, with enough meaningful ones (ids, image names, a tiny JPEG) to get deep. */
function valueArb(known: Known) {
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
    // Names every object inherits: a lookup like TABLE[value] must not find Object.prototype's members
    // (fast-check's own strings reach them only now and then; one did, in CI, for the inbox's intent).
    "toString",
    "constructor",
    "__proto__",
    "hasOwnProperty",
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
function pools(known: Known): Record<string, string[]> {
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

export function generated(t: FuzzTarget, known: Known): fc.Arbitrary<Generated> {
  const value = valueArb(known);
  const byField = pools(known);
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

/** The generated request for `path` (a path parameter is appended when the target has one). */
export function buildRequest(base: string, path: string, t: FuzzTarget, g: Generated, headers: Headers) {
  const qs = new URLSearchParams(g.query).toString();
  const url = `${base}${path}${t.param ? `/${encodeURIComponent(g.param)}` : ""}${qs ? `?${qs}` : ""}`;
  headers.set("x-imob-client-ip", g.ip);
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
