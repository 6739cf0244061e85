// "Exportar CSV" (issue 24) on a real database: the cells as a pt-BR Excel reads them, the admin
// list's and the inbox's filters applied to the file, admins only. Each file is parsed back with
// csv-parse, as a spreadsheet would read it.
import { parse } from "csv-parse/sync";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { mensagens } from "~/db/schema";
import { csvDate, csvDecimal, csvTime, toCsv } from "~/http/csv.server";
import { addVisualizacoes, spDay } from "~/models/listings/visualizacoes.server";
import * as imovelCsv from "~/routes/admin.imovel[.]csv";
import * as mensagensCsv from "~/routes/admin.mensagens[.]csv";
import { adminCookie, req, seedImovel } from "./api-support";
import { resetDb } from "./db";
import { callRoute } from "../support/route-call";

/** A CSV route's answer: the file, or the redirect to the login; a Response either way. */
async function get(mod: { loader: (args: never) => unknown }, path: string, cookie?: string) {
  const res = await callRoute(mod.loader, req(path, { cookie }));
  expect(res.response).toBeInstanceOf(Response);
  return res.response!;
}

/** The bytes as Excel gets them: BOM, then `;`-separated rows; the header row as keys. */
async function rowsOf(res: Response) {
  const bytes = Buffer.from(await res.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8");
  expect(text).toContain("\r\n");
  return parse(text, { bom: true, delimiter: ";", columns: true }) as Record<string, string>[];
}

beforeEach(resetDb);
afterAll(closeDb);

describe("the cells", () => {
  it("writes dates dd/mm/aaaa in São Paulo, money with a decimal comma and no thousands separator", () => {
    // 01:00 UTC on the 1st of March is still the 28th of February in São Paulo.
    expect(csvDate(new Date("2026-03-01T01:00:00Z"))).toBe("28/02/2026");
    expect(csvTime(new Date("2026-03-01T01:05:00Z"))).toBe("22:05");
    expect(csvDate("2026-12-05")).toBe("05/12/2026");
    expect(csvDate(null)).toBe("");
    expect(csvDecimal("1234567.50")).toBe("1234567,50");
    expect(csvDecimal(0)).toBe("0,00");
    expect(csvDecimal(null)).toBe("");
  });

  it("quotes what needs it, keeps accents, and keeps a visitor's formula as text", async () => {
    const text = toCsv(
      [
        { header: "Nome", value: (r: { nome: string }) => r.nome },
        { header: "Observação", value: () => "a;b \"c\"\nd" },
      ],
      [{ nome: "=HYPERLINK(\"http://x\")" }, { nome: "João Conceição" }],
    );
    expect(text.startsWith("\ufeffNome;Observação\r\n")).toBe(true);
    const rows = parse(text, { bom: true, delimiter: ";", columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      { Nome: "'=HYPERLINK(\"http://x\")", Observação: "a;b \"c\"\nd" },
      { Nome: "João Conceição", Observação: "a;b \"c\"\nd" },
    ]);
  });

  it("quotes a cell whose only oddity is a line break: a message's second line is neither a new row nor a formula", () => {
    const text = toCsv([{ header: "Mensagem", value: (r: { m: string }) => r.m }], [{ m: "Olá\n=1+2*cmd|' /C calc'!A0" }]);
    // Excel reads a line break outside quotes as the next row, and that row's "=…" as a formula.
    expect(text).toContain('"Olá\n=1+2*cmd|\' /C calc\'!A0"');
    const rows = parse(text, { bom: true, delimiter: ";", columns: true }) as Record<string, string>[];
    expect(rows).toEqual([{ Mensagem: "Olá\n=1+2*cmd|' /C calc'!A0" }]);
  });
});

describe("GET /admin/imovel.csv", () => {
  it("exports the listings the list's filters select, every page of them, with the 30 days' views", async () => {
    const cookie = await adminCookie();
    const casa = await seedImovel({ tipo: "Casa", status: "Venda", preco: "1250000.50", area: "180.5", bairro: "Pozzobon", ativo: "sim" });
    const apto = await seedImovel({ tipo: "Apartamento", status: "Locação", preco: "1800.00", ativo: "nao" });
    for (let i = 0; i < 25; i++) await seedImovel({ status: "Venda", ativo: "sim", endereco: `Rua ${i}` });
    await addVisualizacoes([{ imovelId: casa, dia: spDay(new Date()), total: 42 }]);

    const res = await get(imovelCsv, "/admin/imovel.csv?status=Venda&ativo=sim&page=2", cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="imoveis-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = await rowsOf(res);
    // 26 for sale and active (more than a page of 20; the page number is not the file's), no rental.
    expect(rows).toHaveLength(26);
    expect(rows.some((r) => r["Código"] === `VT${String(apto).padStart(4, "0")}`)).toBe(false);
    expect(Object.keys(rows[0])).toEqual([
      "Código", "Tipo", "Finalidade", "Situação", "Ativo", "Publicar nos portais", "Valor (R$)", "Condomínio (R$)", "IPTU (R$)", "Área (m²)",
      "Quartos", "Banheiros", "Vagas", "Endereço", "Número", "Bairro", "Cidade", "UF", "CEP", "Visualizações 30 dias", "WhatsApp 30 dias", "Cadastrado em", "Atualizado em",
    ]);
    const row = rows.find((r) => r["Código"] === `VT${String(casa).padStart(4, "0")}`)!;
    expect(row).toMatchObject({ Tipo: "Casa", Finalidade: "Venda", Ativo: "Sim", "Valor (R$)": "1250000,50", "Área (m²)": "180,50", Bairro: "Pozzobon", "Visualizações 30 dias": "42" });
    expect(row["Cadastrado em"]).toBe(csvDate(new Date()));
    expect(rows.filter((r) => r["Visualizações 30 dias"] === "0")).toHaveLength(25);
  });

  it("is for admins only", async () => {
    const res = await get(imovelCsv, "/admin/imovel.csv");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/admin/imovel.csv")}`);
  });
});

describe("GET /admin/mensagens.csv", () => {
  it("exports the messages the inbox's filter and search select, with their listing", async () => {
    const cookie = await adminCookie();
    const casa = await seedImovel();
    const at = new Date("2026-03-01T01:05:00Z");
    await getDb().insert(mensagens).values([
      { nome: "Ana Souza", email: "ana@teste.com.br", telefone: "(17) 99123-4567", mensagem: "Quero visitar; é possível?", imovel_id: casa, tipo: "Visita", visita_data: "2026-03-04", visita_periodo: "manhã", created_at: at },
      { nome: "Bruno", email: "bruno@teste.com.br", telefone: "(17) 3421-0000", mensagem: "Oi", lida: true, created_at: new Date() },
      { nome: "Carla", email: "carla@teste.com.br", telefone: "(17) 3421-1111", mensagem: "Arquivada", arquivada: true, created_at: new Date() },
    ]);
    const all = await rowsOf(await get(mensagensCsv, "/admin/mensagens.csv?filtro=todas", cookie));
    expect(all.map((r) => r.Nome)).toEqual(["Carla", "Bruno", "Ana Souza"]);
    const visitas = await rowsOf(await get(mensagensCsv, "/admin/mensagens.csv?filtro=visitas", cookie));
    expect(visitas).toHaveLength(1);
    expect(visitas[0]).toMatchObject({
      Data: "28/02/2026",
      Hora: "22:05",
      Tipo: "Visita",
      Nome: "Ana Souza",
      Telefone: "(17) 99123-4567",
      Imóvel: `VT${String(casa).padStart(4, "0")}`,
      Mensagem: "Quero visitar; é possível?",
      "Visita (dia)": "04/03/2026",
      "Visita (período)": "Manhã",
      Lida: "Não",
    });
    const searched = await rowsOf(await get(mensagensCsv, "/admin/mensagens.csv?filtro=todas&q=bruno", cookie));
    expect(searched.map((r) => r.Nome)).toEqual(["Bruno"]);
    const res = await get(mensagensCsv, "/admin/mensagens.csv?filtro=arquivadas", cookie);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="mensagens-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect((await rowsOf(res)).map((r) => r.Nome)).toEqual(["Carla"]);
  });

  it("is for admins only", async () => {
    expect((await get(mensagensCsv, "/admin/mensagens.csv")).status).toBe(302);
  });
});
