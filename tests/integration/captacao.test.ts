// Issue 23: 'Anuncie seu imóvel'. An owner's offer is a 'Captação' message with its photos (files in
// the store, rows in mensagem_fotos), under the contact form's limit; 'Criar imóvel' makes one inactive
// listing of it, once; the photo files stay while the message or the listing uses them.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { sweepOrphanFiles } from "~/models/listings/foto-sweep.server";
import { deleteImovel } from "~/models/listings/imovel.server";
import { listFotos } from "~/models/listings/foto.server";
import { createImovelFromCaptacao } from "~/models/listings/imovel-from-captacao.server";
import { composeEmail } from "~/models/messages/mensagem-email.server";
import { deleteMensagem } from "~/models/messages/mensagem-actions.server";
import { getMensagem, listMensagens } from "~/models/messages/mensagem-inbox.server";
import { action } from "~/routes/_site.anuncie";
import { criarImovel } from "~/http/inbox.server";
import { uniqueIp } from "./contato-support";
import { resetDb } from "./db";
import { jpeg } from "./photo-support";
import { imgExists } from "./api-support";
import { closeDb, getDb } from "~/db/client.server";
import { imoveis } from "~/db/schema";
import { eq } from "drizzle-orm";
import { SYSTEM } from "~/models/history/history.server";
import { routeArgs } from "../route-args";

const FIELDS = {
  nome: "João Dono",
  email: "joao@exemplo.com.br",
  telefone: "(17) 98888-7777",
  finalidade: "Locação",
  tipo: "Apartamento",
  bairro: "Pozzobon",
  endereco: "Rua Rio de Janeiro, 55",
  preco: "R$ 1.800,00",
  mensagem: "Apartamento de 2 quartos.\n\nPerto do centro & da <escola>.",
};

async function post(fields: Record<string, string>, files: [string, Buffer][] = [], ip = uniqueIp()) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  for (const [name, buf] of files) body.append("fotos", new File([new Uint8Array(buf)], name, { type: "image/jpeg" }));
  const request = new Request("http://localhost/anuncie", { method: "POST", body, headers: { "x-imob-client-ip": ip } });
  return action(routeArgs(request));
}

afterAll(closeDb);
beforeEach(resetDb);

describe("/anuncie", () => {
  it("stores the offer and its photos; a bad file is left out by name; the inbox and the e-mail say what is offered", async () => {
    const res = (await post(FIELDS, [["a.jpg", await jpeg(800, 600, "#aa0000")], ["texto.jpg", Buffer.from("não é foto")], ["b.jpg", await jpeg(600, 800, "#00aa00")]])) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/anuncie");
    const page = await listMensagens({ filter: "captacoes" });
    expect(page.total).toBe(1);
    const m = page.data[0];
    expect(m.captacao).toMatchObject({ finalidade: "Locação", tipo: "Apartamento", bairro: "Pozzobon", endereco: "Rua Rio de Janeiro, 55", preco: "1800.00", imovelId: null });
    expect(m.captacao!.fotos).toHaveLength(2);
    for (const img of m.captacao!.fotos) expect(await imgExists(img)).toBe(true);
    expect((await listMensagens({ filter: "visitas" })).total).toBe(0);

    const mail = composeEmail({ ...m, created_at: new Date(m.createdAt) }, { publicUrl: "https://imob.example", agencyName: "Imobiliária" });
    expect(mail.subject).toBe("Imóvel oferecido pelo site: Apartamento para locação – Pozzobon, Rua Rio de Janeiro, 55 – João Dono");
    expect(mail.text).toContain("Imóvel oferecido: Apartamento para locação – Pozzobon, Rua Rio de Janeiro, 55 – R$ 1.800,00");
    expect(mail.html).toContain("&lt;escola&gt;");
  });

  it("a sender over the limit is answered 429 before the body is read", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect(((await post(FIELDS, [], ip)) as Response).status).toBe(302);
    expect(((await post(FIELDS, [], ip)) as { init: ResponseInit }).init.status).toBe(429);
    // Unreadable: without the check first this would be a 400 from the parser.
    const broken = new Request("http://localhost/anuncie", {
      method: "POST",
      body: "--x\r\nnot a part",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "x-imob-client-ip": ip },
    });
    const res = (await action(routeArgs(broken))) as { data: { error: Record<string, string[]> }; init: ResponseInit };
    expect(res.init.status).toBe(429);
    expect(new Headers(res.init.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(res.data.error[""][0]).toMatch(/^Você já enviou várias mensagens em pouco tempo/);
  });

  it("refuses bad fields by name (400) and stores nothing", async () => {
    const res = (await post({ ...FIELDS, finalidade: "Temporada", bairro: "", preco: "caro" })) as { data: { error: Record<string, string[]> }; init: ResponseInit };
    expect(res.init.status).toBe(400);
    expect(res.data.error).toMatchObject({ finalidade: ["Escolha venda ou locação."], bairro: ["Informe o bairro."], preco: ["Informe o valor como R$ 350.000,00."] });
    expect((await listMensagens({ filter: "todas" })).total).toBe(0);
  });

  it("'Criar imóvel' makes one inactive listing with the fields and photos; the files outlive either side", async () => {
    await post(FIELDS, [["a.jpg", await jpeg(800, 600, "#aa0000")], ["b.jpg", await jpeg(600, 800, "#00aa00")]]);
    const m = (await listMensagens({ filter: "captacoes" })).data[0];
    // Two clicks at once: one listing, both sent to it.
    const clicks = await Promise.all([criarImovel(SYSTEM, String(m.id)), criarImovel(SYSTEM, String(m.id))]);
    const made = await createImovelFromCaptacao(SYSTEM, m.id);
    expect(made).toMatchObject({ created: false });
    for (const r of clicks) expect(r.headers.get("Location")).toBe(`/admin/imovelEdit/${made!.id}`);
    expect(await getDb().select({ id: imoveis.id }).from(imoveis)).toHaveLength(1);
    expect(await createImovelFromCaptacao(SYSTEM, m.id)).toEqual({ id: made!.id, created: false });
    expect((await getMensagem(m.id))!.captacao!.imovelId).toBe(made!.id);
    const rows = await listFotos(made!.id);
    const fotos = rows.map((f) => f.img);
    expect(fotos).toEqual(m.captacao!.fotos);
    // Their widths come along, for the portals' feed (the JPEGs are 800 and 600 wide).
    expect(rows.map((f) => f.largura)).toEqual([800, 600]);

    const [row] = await getDb().select().from(imoveis).where(eq(imoveis.id, made!.id));
    expect(row).toMatchObject({ tipo: "Apartamento", status: "Locação", ativo: "nao", preco: "1800.00", bairro: "Pozzobon", endereco: "Rua Rio de Janeiro, 55", codigo: `VT${String(made!.id).padStart(4, "0")}` });
    expect(row.descricao).toBe("<p>Apartamento de 2 quartos.</p><p>Perto do centro &amp; da &lt;escola&gt;.</p>");

    // The sweeper counts the message's photos as used (files of earlier test files may go: the store is shared).
    await deleteImovel(SYSTEM, made!.id);
    await sweepOrphanFiles({ olderThanMs: 0 });
    for (const img of fotos) expect(await imgExists(img)).toBe(true);
    // The listing went: the message still shows its photos.
    expect((await getMensagem(m.id))!.captacao!.imovelId).toBeNull();
    // The message goes too: now nothing uses them.
    expect(await deleteMensagem(SYSTEM, m.id)).toBe(true);
    for (const img of fotos) expect(await imgExists(img)).toBe(false);
    expect(await createImovelFromCaptacao(SYSTEM, m.id)).toBeNull();
  });
});
