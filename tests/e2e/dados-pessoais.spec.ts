// Issue 24, LGPD in the admin: 'Dados de uma pessoa' finds everything held about an e-mail or a phone,
// exports it as a JSON download and deletes it after a confirmation; then nothing is found, the inbox
// no longer lists those messages, and the history keeps the actions without personal data.
import fs from "node:fs/promises";
import { test, expect, loginAsAdmin, toastShown } from "./helpers";
import { query } from "./db";
import { tagOf } from "./mensagens-support";

type Exported = { controlador: { nome: string; email: string }; busca: string; mensagens: { id: number; tipo: string; nome: string; email: string; telefone: string; emails: unknown[] }[] };

/** Two messages of one person (one with its outbox row and a history entry), and one of someone else. */
async function seed(tag: string) {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  const person = { nome: `Pessoa ${tag}`, email: `pessoa-${tag}@teste.com.br`, telefone: `(17) 9${digits.slice(0, 4)}-${digits.slice(4)}`, digits: `179${digits}` };
  const insert = async (nome: string, email: string, telefone: string, tipo: string, texto: string) => {
    await query("INSERT INTO mensagens (nome, email, telefone, mensagem, tipo, visita_data, visita_periodo, ip, arquivada) VALUES (?, ?, ?, ?, ?, ?, ?, '10.7.7.7', 0)", [
      nome,
      email,
      telefone,
      texto,
      tipo,
      tipo === "Visita" ? "2030-01-15" : null,
      tipo === "Visita" ? "tarde" : null,
    ]);
    const [{ id }] = await query<{ id: number }>("SELECT id FROM mensagens WHERE email = ? AND mensagem = ?", [email, texto]);
    return id;
  };
  const a = await insert(person.nome, person.email, person.telefone, "Contato", `Quero alugar ${tag}`);
  const b = await insert(person.nome, person.email.toUpperCase(), `+55 ${person.digits}`, "Visita", `Visita ${tag}`);
  await query("INSERT INTO mensagem_emails (mensagem_id, status, attempts, sent_at) VALUES (?, 'enviado', 1, NOW())", [a]);
  await query("INSERT INTO historico (usuario_email, acao, mensagem_id, resumo, mudancas) VALUES ('admin@teste.local', 'mensagem', ?, ?, ?)", [
    a,
    `Arquivada: mensagem de ${person.nome}`,
    JSON.stringify([{ campo: "Arquivada", de: "não", para: "sim" }]),
  ]);
  const other = await insert(`Outra ${tag}`, `outra-${tag}@teste.com.br`, "(17) 3421-0000", "Contato", `Outra ${tag}`);
  return { person, ids: [a, b], other };
}

test("find by e-mail or phone → export JSON → delete after confirming: nothing left, inbox clean, history without personal data", async ({ page, js }, info) => {
  test.slow(); // a login, a download, two posts
  const tag = tagOf(info);
  const { person, ids, other } = await seed(tag);
  await loginAsAdmin(page, js);
  await page.getByRole("navigation", { name: "Painel" }).getByRole("link", { name: "Dados pessoais" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dados de uma pessoa");

  // A phone in another formatting finds both (one was stored with +55), and nobody else.
  const box = page.getByRole("searchbox", { name: "E-mail ou telefone" });
  await box.fill(person.digits);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.locator(".result-count")).toHaveText(`2 mensagens sobre ${person.digits}`);
  // The e-mail in another case finds the same two.
  await box.fill(person.email.toUpperCase());
  await page.getByRole("button", { name: "Buscar" }).click();
  // The whole line: "2 mensagens" was already true of the phone's search (with JavaScript the
  // old page stays up until the new one renders, and 'Exportar' would then export the phone's).
  await expect(page.locator(".result-count")).toHaveText(`2 mensagens sobre ${person.email.toUpperCase()}`);
  const table = page.locator("table.personal-data-table tbody tr");
  await expect(table).toHaveCount(2);
  await expect(table.filter({ hasText: `Quero alugar ${tag}` })).toContainText("E-mail na fila: enviado");
  await expect(page.locator("table.personal-data-table")).not.toContainText(`Outra ${tag}`);

  // Export: a JSON download with both messages and who holds them.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar (JSON)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^dados-pessoais-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await fs.readFile((await download.path())!, "utf8")) as Exported;
  expect(exported.controlador).toMatchObject({ nome: "Imobiliária Votuporanga", email: "contato@imobiliaria.local" });
  expect(exported.mensagens.map((m) => m.id).sort()).toEqual([...ids].sort());
  expect(exported.mensagens.find((m) => m.id === ids[0])).toMatchObject({ tipo: "Contato", nome: person.nome, telefone: person.telefone, emails: [expect.objectContaining({ status: "enviado" })] });
  expect(exported.mensagens.find((m) => m.id === ids[1])).toMatchObject({ tipo: "Visita", visita: { data: "2030-01-15", periodo: "tarde" } });

  // Delete: a confirmation step that insists on its box, then the deletion.
  await page.getByRole("link", { name: "Excluir estes dados" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Excluir dados de uma pessoa");
  await expect(page.locator(".personal-data-delete")).toContainText("2 mensagem(ns), 0 foto(s) e 1 e-mail(s)");
  await page.getByRole("button", { name: "Excluir definitivamente" }).click();
  await expect(page.getByText("Marque a confirmação para excluir.")).toBeVisible();
  expect(await query("SELECT id FROM mensagens WHERE id IN (?)", [ids])).toHaveLength(2);
  await page.getByLabel(/Confirmo que a pessoa pediu a exclusão/).check();
  await page.getByRole("button", { name: "Excluir definitivamente" }).click();
  await toastShown(page, "Dados excluídos: 2 mensagem(ns), 0 foto(s), 1 e-mail(s) da fila.");
  await expect(page.locator(".empty-state")).toHaveText(`Nada guardado sobre ${person.email.toUpperCase()}.`);

  // The inbox no longer lists them; the other person's message stays.
  await page.goto(`/admin/mensagens?q=${tag}`);
  await expect(page.locator(".inbox-list")).not.toContainText(person.nome);
  await expect(page.locator(".inbox-list")).toContainText(`Outra ${tag}`);
  expect(await query("SELECT id FROM mensagens WHERE id IN (?)", [ids])).toEqual([]);
  expect(await query("SELECT id FROM mensagem_emails WHERE mensagem_id IN (?)", [ids])).toEqual([]);
  expect(await query("SELECT id FROM mensagens WHERE id = ?", [other])).toHaveLength(1);

  // The history keeps the action without its personal fields, and records the deletion with counts only.
  const kept = await query<{ acao: string; resumo: string | null; mudancas: unknown }>("SELECT acao, resumo, mudancas FROM historico WHERE mensagem_id IN (?)", [ids]);
  expect(kept).toEqual([{ acao: "mensagem", resumo: null, mudancas: null }]);
  const [entry] = await query<{ usuario_email: string; resumo: string; mudancas: unknown; mensagem_id: number | null }>(
    "SELECT usuario_email, resumo, mudancas, mensagem_id FROM historico WHERE acao = 'dados_pessoais' AND resumo LIKE 'Exclusão a pedido%' ORDER BY id DESC LIMIT 1",
  );
  expect(entry).toMatchObject({ usuario_email: "admin@teste.local", mudancas: null, mensagem_id: null });
  expect(entry.resumo).toContain("2 mensagem(ns)");
  for (const personal of [tag, person.email, person.digits.slice(3)]) expect(entry.resumo).not.toContain(personal);
});

test("a box that is neither an e-mail nor a phone is refused by its field (400)", async ({ page, js }) => {
  await loginAsAdmin(page, js);
  const res = await page.goto("/admin/dados-pessoais?q=abc");
  expect(res?.status()).toBe(400);
  await expect(page.locator("#pessoa-q-error")).toHaveText("Informe um e-mail ou um telefone com DDD, por exemplo (17) 99999-9999.");
  const exp = await page.request.get("/admin/dados-pessoais/exportar?q=x@");
  expect(exp.status()).toBe(400);
  expect(await exp.json()).toEqual({ error: "Informe um e-mail válido, por exemplo nome@exemplo.com.br." });
});
