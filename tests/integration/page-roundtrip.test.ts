// Property (issue 12): emoji, right-to-left text, NUL and 10,000-character strings posted to the
// page forms either come back intact from the database (after the forms' documented trimming and
// CRLF → LF) or are refused with a message; never a 5xx, never a silently altered value.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getPool } from "~/db/client.server";
import * as novo from "~/routes/admin.imovel.novo";
import * as contato from "~/routes/_site.contato";
import { BASE } from "./api-support";
import { outcome, seedKnown } from "./page-fuzz-support";

const RUNS = 250;
const SPECIAL = [
  "😀🏠👨‍👩‍👧‍👦🇧🇷",
  "שלום עולם",
  "مرحبا بالعالم",
  "\u202Eabc\u202C \u200F",
  "a\u0000b",
  "\u0000",
  "ação, côco, pão",
  "\uFEFFbom",
  "Z\u0351\u036B\u0343A\u0334L\u0360G\u0334O",
  "linha 1\r\nlinha 2",
  "a\nb\rc",
  "x".repeat(10_000),
  "😀".repeat(10_000),
  "ش".repeat(10_000),
];
const special = fc.oneof(
  { arbitrary: fc.constantFrom(...SPECIAL), weight: 4 },
  { arbitrary: fc.tuple(fc.constantFrom(...SPECIAL), fc.string({ unit: "grapheme", maxLength: 20 })).map(([a, b]) => a + b), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", minLength: 9_990, maxLength: 10_010 }), weight: 1 },
);

/**
 * What reaches the server: UTF-8 cannot carry a lone surrogate (the encoder sends U+FFFD), and a
 * multipart body carries every line break as CRLF (the form-data encoding, as browsers send it).
 */
const onTheWire = (s: string, multipart: boolean) => {
  const text = Buffer.from(s, "utf8").toString("utf8");
  return multipart ? text.replace(/\r(?!\n)|(?<!\r)\n/g, "\r\n") : text;
};
/** What the forms do to text on purpose: line breaks as LF (messages), surrounding spaces trimmed. */
const normalized = (s: string, multipart: boolean, crlf = false) => (crlf ? onTheWire(s, multipart).replace(/\r\n?/g, "\n") : onTheWire(s, multipart)).trim();

function post(path: string, fields: Record<string, string>, multipart: boolean, ip: string, cookie?: string) {
  const headers = new Headers({ "x-imob-client-ip": ip, "Sec-Fetch-Site": "same-origin", ...(cookie ? { Cookie: cookie } : {}) });
  let body: BodyInit;
  if (multipart) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    body = fd;
  } else body = new URLSearchParams(fields);
  return new Request(`${BASE}${path}`, { method: "POST", headers, body });
}

async function last<T>(sql: string): Promise<T> {
  const [rows] = await getPool().query(sql);
  return (rows as T[])[0];
}

let cookie: string;
let n = 0;
beforeAll(async () => {
  ({ cookie } = await seedKnown());
}, 60_000);
afterAll(() => closeDb());

describe("odd text round-trips or is refused with a message", () => {
  it(`contact form: ${RUNS} names and messages`, async () => {
    const seen = { stored: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(special, special, fc.boolean(), async (nome, mensagem, multipart) => {
        n++;
        const ip = `10.77.${n >> 8}.${n & 255}`;
        const fields = { nome, mensagem, email: "ana@exemplo.com.br", telefone: "(17) 99999-0000" };
        const res = await outcome(contato.action, post("/contato", fields, multipart, ip), {});
        const want = { nome: normalized(nome, multipart), mensagem: normalized(mensagem, multipart, true) };
        const fits = want.nome.length >= 1 && want.nome.length <= 120 && want.mensagem.length >= 1 && want.mensagem.length <= 2000;
        if (res.status === 302) {
          expect(fits, JSON.stringify(want).slice(0, 200)).toBe(true);
          const row = await last<{ nome: string; mensagem: string }>("SELECT nome, mensagem FROM mensagens ORDER BY id DESC LIMIT 1");
          expect(row).toEqual(want);
          seen.stored++;
        } else {
          expect(res.status, res.body.slice(0, 300)).toBe(400);
          expect(fits).toBe(false);
          expect(res.body).toMatch(/no máximo|Informe seu nome|Escreva sua mensagem/);
          seen.refused++;
        }
      }),
      { numRuns: RUNS },
    );
    console.log(`[page-roundtrip] contato: ${JSON.stringify(seen)}`);
    expect(seen.stored).toBeGreaterThan(RUNS / 5);
  }, 240_000);

  it(`property form: ${RUNS} neighbourhoods and addresses`, async () => {
    const seen = { stored: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(special, special, fc.boolean(), async (bairro, endereco, multipart) => {
        const res = await outcome(novo.action, post("/admin/imovel/novo", { bairro, endereco }, multipart, "10.78.0.1", cookie), {});
        const want = { bairro: normalized(bairro, multipart), endereco: normalized(endereco, multipart) };
        const fits = want.bairro.length <= 100 && want.endereco.length <= 160;
        if (res.status === 302) {
          expect(fits).toBe(true);
          expect(await last("SELECT bairro, endereco FROM imoveis ORDER BY id DESC LIMIT 1")).toEqual(want);
          seen.stored++;
        } else {
          expect(res.status, res.body.slice(0, 300)).toBe(400);
          expect(fits).toBe(false);
          expect(res.body).toMatch(/no máximo/);
          seen.refused++;
        }
      }),
      { numRuns: RUNS },
    );
    console.log(`[page-roundtrip] imovel.novo: ${JSON.stringify(seen)}`);
    expect(seen.stored).toBeGreaterThan(RUNS / 5);
  }, 240_000);
});
