// The end of every Playwright run: the secret-grep over the e2e web server's log (tests/e2e/server.ts
// writes its output to E2E_SERVER_LOG). Before grepping it plants fresh secrets the way a client
// sends them — a bearer token, a session cookie, a password in a login form, a message body — so
// the check covers them even in a partial run, then waits until the log holds its last request.
// A hit fails the run.
import fs from "node:fs";
import { E2E } from "./env";
import { knownSecrets, parseRecorded, secretsIn, type Secret } from "./secret-grep";

async function plant(base: string): Promise<{ secrets: Secret[]; lastId: string | null }> {
  const secrets: Secret[] = [];
  const headers = { origin: base };
  const login = new URLSearchParams({ email: E2E.ADMIN_EMAIL, password: E2E.ADMIN_PASSWORD });
  const token = await fetch(`${base}/api/logar`, { method: "POST", body: login, headers, signal: AbortSignal.timeout(10_000) });
  if (token.ok) {
    const bearer = (await token.json()) as string;
    secrets.push({ what: "token bearer", value: bearer });
    await fetch(`${base}/api/get_imoveis_admin`, { headers: { authorization: `Bearer ${bearer}` } });
  }
  const page = await fetch(`${base}/login`, { method: "POST", body: login, headers, redirect: "manual" });
  const cookie = page.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => /imob_sessao=/.test(c));
  if (cookie) secrets.push({ what: "cookie de sessão", value: cookie.split("=").slice(1).join("=") });
  const marker = `corpo-de-mensagem-${Date.now()}`;
  secrets.push({ what: "corpo de mensagem", value: marker }, { what: "e-mail de visitante", value: `visitante-${marker}@exemplo.com` });
  // A message as a visitor sends it (from an address of its own: the contact limit is per address).
  const contato = new URLSearchParams({ nome: "Visitante Secreto", email: `visitante-${marker}@exemplo.com`, telefone: "(17) 99123-4567", mensagem: marker });
  await fetch(`${base}/contato`, { method: "POST", body: contato, headers: { ...headers, "x-forwarded-for": "198.51.100.77" }, redirect: "manual" });
  const last = await fetch(`${base}/admin/imovel`, { headers: { cookie: cookie ?? "" }, redirect: "manual" });
  return { secrets, lastId: last.headers.get("x-request-id") };
}

export default async function secretGrep() {
  const file = process.env.E2E_SERVER_LOG;
  const base = `http://127.0.0.1:${process.env.E2E_PORT}`;
  if (!file || !fs.existsSync(file)) throw new Error(`secret-grep: o log do servidor e2e não existe (${file}).`);
  // A plant that fails is a check that did not happen: the run fails rather than pass on less.
  const planted = await plant(base).catch((e: Error) => {
    throw new Error(`secret-grep: não foi possível plantar os segredos no servidor e2e (${e.message}).`);
  });
  // The server writes through a pipe into the file: wait until its last request's line is there.
  for (let i = 0; planted.lastId && i < 50 && !fs.readFileSync(file, "utf8").includes(planted.lastId); i++) await new Promise((r) => setTimeout(r, 100));
  const recordedFile = process.env.E2E_SECRETS_FILE;
  const recorded = recordedFile && fs.existsSync(recordedFile) ? parseRecorded(fs.readFileSync(recordedFile, "utf8")) : [];
  const log = fs.readFileSync(file, "utf8");
  const secrets = [...knownSecrets(), ...recorded, ...planted.secrets];
  const found = secretsIn(log, secrets);
  if (found.length) throw new Error(`secret-grep: o log do servidor e2e (${file}) contém: ${found.join(", ")}.`);
  const lines = log.split("\n").filter(Boolean).length;
  if (!planted.lastId) throw new Error("secret-grep: o servidor e2e não respondeu ao último pedido plantado.");
  console.log(`[secret-grep] ${lines} linhas do servidor, ${secrets.length} segredos procurados (${recorded.length} cookies dos testes): nenhum encontrado.`);
}
