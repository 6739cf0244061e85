// Issue 32 §2, "Must show": an alert end to end against a real SMTP server, with JavaScript on and off:
// subscribe on a list page → the confirmation e-mail → 'Confirmar' (a POST) → a new matching listing
// and a non-matching one → `npm run alertas -- enviar` → one digest with only the matching listing →
// the one-click POST of RFC 8058, sent as a mail client sends it → the next run sends nothing.
// Each project has its own database, SMTP server and server process (the e2e server's SMTP server
// lives in another process, where a test cannot read what it received).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { ParsedMail } from "mailparser";
import { test, expect } from "./helpers";
import { E2E } from "./env";
import { query, seededDatabase } from "./db";
import { startServer, type Spawned } from "./spawn-server";
import { dropDatabase } from "../../app/db/setup.server";
import { startSmtpServer, type SmtpStub } from "../support/smtp-server";

const run = promisify(execFile);

test.describe.configure({ mode: "serial" });

let smtp: SmtpStub;
let server: Spawned;
let databaseUrl: string;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  databaseUrl = await seededDatabase(`alertas_${test.info().project.name}`);
  smtp = await startSmtpServer();
  // ALERTAS_HORA at the day's last minute: the server's own schedule stays out of the way of the CLI's run.
  server = await startServer(databaseUrl, { env: { SMTP_URL: smtp.url, ALERTAS_HORA: "23:59" }, startMs: 240_000 });
});
test.afterAll(async () => {
  server?.child.kill("SIGTERM");
  await smtp?.close();
  if (databaseUrl) await dropDatabase(databaseUrl);
});

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => query<T>(text, params, databaseUrl);

/** `npm run alertas -- enviar` against this spec's database and SMTP server; what it printed. */
async function enviar() {
  const env = { ...process.env, DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, PUBLIC_URL: server.base, SESSION_SECRET: E2E.SESSION_SECRET, NODE_ENV: "production", ALLOW_INSECURE_HTTP: "1" };
  try {
    return (await run("npm", ["run", "-s", "alertas", "--", "enviar"], { env, timeout: 240_000 })).stdout;
  } catch (e) {
    const { stdout, stderr, code, signal } = e as { stdout?: string; stderr?: string; code?: number; signal?: string };
    throw new Error(`npm run alertas -- enviar: exit ${code ?? signal}\n${stdout}\n${stderr}`, { cause: e });
  }
}

const linkIn = (mail: ParsedMail, path: string) => {
  const m = new RegExp(`https?://[^\\s/]+(${path}/[A-Za-z0-9_-]{43})`).exec(String(mail.text));
  expect(m, String(mail.text)).toBeTruthy();
  return m![1];
};
const rawHeader = (mail: ParsedMail, name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, "");

test("an alert end to end: subscribe, confirm, one digest with only the matching listing, one-click unsubscribe, then nothing", async ({ page, js }) => {
  test.setTimeout(600_000);
  const email = `alerta-${js ? "js" : "nojs"}@exemplo.com.br`;
  const [casa] = await sql<{ id: number }>("SELECT id FROM imoveis WHERE ativo = 'nao' AND status = 'Locação' AND tipo = 'Casa' LIMIT 1");
  const [apto] = await sql<{ id: number }>("SELECT id FROM imoveis WHERE ativo = 'nao' AND status = 'Venda' LIMIT 1");
  expect(casa && apto).toBeTruthy();

  // A bad e-mail (the browser's own check lets "maria@exemplo" through; the schema does not): a 400 page with the error.
  await page.goto(`${server.base}/locacao?tipo=Casa&page=1`);
  const box = page.getByRole("region", { name: "Receber novidades desta busca" });
  await expect(box).toBeVisible();
  await box.getByLabel("Seu e-mail").fill("maria@exemplo");
  const posted = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/alertas") && r.request().method() === "POST");
  await box.getByRole("button", { name: "Criar alerta" }).click();
  // Without JavaScript the /alertas page itself, 400; with it, the action's data (its status is React Router's).
  if (!js) expect((await posted).status()).toBe(400);
  await expect(page.getByText("Informe um e-mail válido")).toBeVisible();

  // Subscribe: back on the list page with the notice; only the confirmation e-mail goes out.
  await page.goto(`${server.base}/locacao?tipo=Casa&page=1`);
  await box.getByLabel("Seu e-mail").fill(email);
  await box.getByRole("button", { name: "Criar alerta" }).click();
  await expect(page.getByText("Quase pronto: enviamos um e-mail para confirmar o alerta")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/locacao");
  const [confirmacao] = await smtp.waitFor(1, 30_000);
  expect(confirmacao.subject).toBe("Confirme seu alerta de imóveis");
  expect(confirmacao.to && !Array.isArray(confirmacao.to) ? confirmacao.to.value[0].address : null).toBe(email);
  const confirmar = linkIn(confirmacao, "/alertas/confirmar");
  const token = confirmar.split("/").pop()!;

  // Opening the link confirms nothing (mail scanners open links); the button does.
  await page.goto(server.base + confirmar);
  await expect(page.getByRole("heading", { name: "Confirme seu alerta de imóveis" })).toBeVisible();
  expect((await sql<{ c: Date | null }>("SELECT confirmado_em AS c FROM alertas"))[0].c).toBeNull();
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByText("Alerta confirmado!")).toBeVisible();
  await expect(page.getByText("Imóveis para locação · Casa")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/alertas/${token}`);
  // The link again: used, a clear page and a 410.
  expect((await page.goto(server.base + confirmar))?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "Este alerta já foi confirmado" })).toBeVisible();

  // A matching listing and a non-matching one become public (the admin's switch, through /api).
  const logar = await fetch(`${server.base}/api/logar`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: E2E.ADMIN_EMAIL, password: E2E.ADMIN_PASSWORD }) });
  const bearer = { authorization: `Bearer ${await logar.json()}` };
  for (const id of [casa.id, apto.id]) {
    const res = await fetch(`${server.base}/api/ativo`, { method: "POST", headers: bearer, body: new URLSearchParams({ id: String(id), ativo: "sim" }) });
    expect(res.status).toBe(200);
  }

  expect(await enviar()).toContain("1 alerta(s) verificado(s), 1 resumo(s) na fila.");
  const [, digest] = await smtp.waitFor(2, 30_000);
  expect(digest.subject).toBe("1 novo imóvel para a sua busca: Imóveis para locação · Casa");
  expect(String(digest.text)).toMatch(new RegExp(`/imovel/${casa.id}\\n`));
  expect(String(digest.text)).not.toContain(`/imovel/${apto.id}`);
  expect(String(digest.html)).toMatch(/<img src="http:\/\/[^"]+\/img\/[a-f0-9]{20}\.jpg"/);
  expect(String(digest.html)).toMatch(/R\$ [\d.]+,\d\d \/mês/);
  const sair = rawHeader(digest, "list-unsubscribe")!.replace(/^<|>$/g, "");
  expect(new URL(sair).pathname).toBe(`/alertas/sair/${token}`);
  expect(rawHeader(digest, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  expect(String(digest.text)).toContain(`/alertas/sair/${token}`);

  // The one-click POST as a mail provider sends it: from its own server, no cookie, no page, no redirect.
  const oneClick = await fetch(server.base + new URL(sair).pathname, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.provedor.example" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);
  expect(await sql("SELECT id FROM alertas")).toHaveLength(0);

  // The next run: nothing to look at, nothing sent.
  expect(await enviar()).toContain("0 alerta(s) verificado(s), 0 resumo(s) na fila.");
  expect(smtp.received).toHaveLength(2);

  // Its links now lead nowhere: clear pages, 404.
  for (const path of [`/alertas/sair/${token}`, `/alertas/${token}`, confirmar, "/alertas/confirmar/nao-existe"]) {
    expect((await page.goto(server.base + path))?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Alerta não encontrado" })).toBeVisible();
  }
});

test("an alert's page: its search, the frequency, and 'Cancelar alerta' through the page", async ({ page }) => {
  test.setTimeout(120_000);
  const before = smtp.received.length;
  await page.goto(`${server.base}/venda?quartos=2`);
  const box = page.getByRole("region", { name: "Receber novidades desta busca" });
  await box.getByLabel("Seu e-mail").fill("pagina@exemplo.com.br");
  await box.getByRole("button", { name: "Criar alerta" }).click();
  await expect(page.getByText("Quase pronto")).toBeVisible();
  const mail = (await smtp.waitFor(before + 1, 30_000))[before];
  const token = linkIn(mail, "/alertas/confirmar").split("/").pop()!;

  await page.goto(`${server.base}/alertas/${token}`);
  await expect(page.getByText("Imóveis à venda · 2+ quartos")).toBeVisible();
  await expect(page.getByText("Aguardando confirmação")).toBeVisible();
  await page.getByLabel("No máximo uma vez por semana").check();
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Frequência salva.")).toBeVisible();
  expect((await sql<{ f: string }>("SELECT frequencia AS f FROM alertas"))[0].f).toBe("semanal");

  await page.getByRole("link", { name: "Cancelar este alerta" }).click();
  await page.getByRole("button", { name: "Cancelar alerta" }).click();
  await expect(page.getByRole("heading", { name: "Alerta cancelado" })).toBeVisible();
  expect(await sql("SELECT id FROM alertas")).toHaveLength(0);
});
