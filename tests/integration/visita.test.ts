// Issue 22: 'Agendar visita'. A visit request is a message of its own kind with its day and period:
// validated (today to 60 days ahead, in the agency's time zone; manhã or tarde), stored, shown and
// filtered in the inbox, and worded as such in the agency e-mail; bad input is a 400 by its field.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { mensagens } from "~/db/schema";
import { insertImovel } from "~/models/listings/imovel.server";
import { composeEmail } from "~/models/messages/mensagem-email.server";
import { listMensagens } from "~/models/messages/mensagem-inbox.server";
import { action } from "~/routes/_site.visita";
import { addDays, agencyToday } from "~/utils/mensagem";
import { uniqueIp } from "./contato-support";
import { resetDb } from "./db";
import { routeArgs } from "../route-args";

type Reply = { error?: Record<string, string[] | null> };

async function post(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const request = new Request(`http://localhost/visita?imovel=${fields.imovel_id}`, { method: "POST", body, headers: { "x-imob-client-ip": uniqueIp() } });
  return action(routeArgs(request));
}

let imovelId: number;
const valid = () => ({
  imovel_id: String(imovelId),
  nome: "Maria Souza",
  email: "maria@exemplo.com.br",
  telefone: "(17) 99999-9999",
  data: addDays(agencyToday(), 3),
  periodo: "manhã",
});

describe("/visita", () => {
  beforeAll(async () => {
    await resetDb();
  });
  beforeEach(async () => {
    await getDb().delete(mensagens);
    imovelId = await insertImovel({ descricao: "", status: "Venda", endereco: "Rua Amazonas", numero: "100" });
  });
  afterAll(closeDb);

  it("stores a visit request as a 'Visita' message and goes back to the listing with a toast", async () => {
    const res = await post({ ...valid(), mensagem: "Prefiro depois das 10h." });
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(302);
    expect((res as Response).headers.get("location")).toBe(`/imovel/${imovelId}`);
    expect((res as Response).headers.get("set-cookie")).toMatch(/toast/);
    const [row] = await getDb().select().from(mensagens);
    expect(row).toMatchObject({ tipo: "Visita", visita_data: valid().data, visita_periodo: "manhã", imovel_id: imovelId, mensagem: "Prefiro depois das 10h." });
  });

  it("the inbox shows it with its day and period, and 'Visitas' lists only visits", async () => {
    await post(valid());
    await getDb().insert(mensagens).values({ nome: "Outro", email: "o@exemplo.com", telefone: "17999999999", mensagem: "Oi" });
    const all = await listMensagens({ filter: "todas" });
    expect(all.total).toBe(2);
    const visitas = await listMensagens({ filter: "visitas" });
    expect(visitas.data.map((m) => m.visita)).toEqual([{ data: valid().data, periodo: "manhã" }]);
    expect(all.data.find((m) => m.nome === "Outro")?.visita).toBeNull();
  });

  it("the agency e-mail says it is a visit, and when", () => {
    const mail = composeEmail(
      {
        id: 7,
        nome: "Maria",
        email: "maria@exemplo.com.br",
        telefone: "(17) 99999-9999",
        mensagem: "",
        created_at: new Date(),
        imovel: { id: 1, codigo: "VT0001", endereco: "Rua Amazonas", numero: "100", bairro: "Centro" },
        visita: { data: "2026-12-03", periodo: "tarde" },
        captacao: null,
      },
      { publicUrl: "https://imob.example", agencyName: "Imobiliária" },
    );
    expect(mail.subject).toBe("Pedido de visita 03/12/2026 (tarde) ao imóvel VT0001 – Rua Amazonas, 100 – Maria");
    expect(mail.text).toContain("Visita: 03/12/2026 (tarde)");
    expect(mail.html).toContain("Pedido de visita pelo site");
  });

  it("refuses a bad day or period with a message by the field (400), and stores nothing", async () => {
    const today = agencyToday();
    for (const [fields, field, message] of [
      [{ data: addDays(today, -1) }, "data", "Escolha hoje ou um dia depois de hoje."],
      [{ data: addDays(today, 61) }, "data", "Escolha um dia dentro dos próximos 60 dias."],
      [{ data: "2026-02-30" }, "data", "Escolha o dia da visita (dd/mm/aaaa)."],
      [{ data: "amanhã" }, "data", "Escolha o dia da visita (dd/mm/aaaa)."],
      [{ periodo: "noite" }, "periodo", "Escolha manhã ou tarde."],
      [{ telefone: "abc" }, "telefone", "Informe um telefone válido com DDD, por exemplo (17) 99999-9999."],
    ] as const) {
      const res = await post({ ...valid(), ...fields });
      expect(res, JSON.stringify(fields)).not.toBeInstanceOf(Response);
      const d = res as unknown as { data: Reply; init: { status: number } };
      expect(d.init.status).toBe(400);
      expect(d.data.error?.[field], JSON.stringify(fields)).toEqual([message]);
    }
    // Today and the 60th day are both fine.
    expect(await post({ ...valid(), data: today })).toBeInstanceOf(Response);
    expect(await post({ ...valid(), data: addDays(today, 60) })).toBeInstanceOf(Response);
    expect((await getDb().select().from(mensagens)).length).toBe(2);
  });
});
