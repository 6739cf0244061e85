// The per-IP limits against a client that sends its own X-Forwarded-For. Every other e2e test runs
// behind TRUST_PROXY=loopback (so tests can pose as many visitors); here server.mjs runs with the
// default (no TRUST_PROXY), plus one server with TRUST_PROXY=loopback as the control that shows the
// header does reach the app when a proxy is trusted.
import { test, expect } from "./helpers";
import { E2E } from "./env";
import { startServer, type Spawned } from "./spawn-server";
import { createDatabaseIfMissing, dropDatabase, runMigrations } from "../../app/db/setup.server";

// Its own database: these servers see every client as 127.0.0.1, which e2e requests without
// X-Forwarded-For also are, so their counts must stay out of the shared e2e database.
const DATABASE_URL = (() => {
  const u = new URL(E2E.DATABASE_URL);
  u.pathname += "_proxy";
  return u.toString();
})();

let direct: Spawned; // default settings: no proxy trusted
let proxied: Spawned; // TRUST_PROXY=loopback: the control

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  await dropDatabase(DATABASE_URL);
  await createDatabaseIfMissing(DATABASE_URL);
  await runMigrations(DATABASE_URL);
  direct = await startServer(DATABASE_URL, { env: { TRUST_PROXY: undefined } });
  proxied = await startServer(DATABASE_URL, { env: { TRUST_PROXY: "loopback" } });
});

test.afterAll(async () => {
  direct?.child.kill("SIGKILL");
  proxied?.child.kill("SIGKILL");
  await dropDatabase(DATABASE_URL);
});

function contato(server: Spawned, forwardedFor: string, i: number) {
  const form = new FormData();
  form.set("nome", "Visitante");
  form.set("email", `visitante${i}@exemplo.com`);
  form.set("telefone", "(17) 99123-4567");
  form.set("mensagem", `Mensagem ${i}`);
  return fetch(`${server.base}/api/contato`, { method: "POST", body: form, headers: { "X-Forwarded-For": forwardedFor } });
}

function logar(server: Spawned, email: string, forwardedFor: string) {
  const form = new FormData();
  form.set("email", email);
  form.set("password", "senha-errada-123");
  return fetch(`${server.base}/api/logar`, { method: "POST", body: form, headers: { "X-Forwarded-For": forwardedFor } });
}

test("without TRUST_PROXY, a new X-Forwarded-For on each message does not reset the contact limit (5 per IP)", async () => {
  const statuses: number[] = [];
  for (let i = 1; i <= 6; i++) statuses.push((await contato(direct, `10.77.1.${i}`, i)).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  const again = await contato(direct, "10.77.1.99", 7);
  expect(again.status).toBe(429);
  expect((await again.json()).error).toContain("Você já enviou várias mensagens em pouco tempo");
});

test("without TRUST_PROXY, a new X-Forwarded-For on each attempt does not reset the login throttle (5 failures)", async () => {
  const email = `ninguem-${Date.now()}@teste.local`;
  const statuses: number[] = [];
  for (let i = 1; i <= 6; i++) statuses.push((await logar(direct, email, `10.77.2.${i}`)).status);
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  const again = await logar(direct, email, "10.77.2.99");
  expect(again.status).toBe(429);
  expect((await again.json()).error).toContain("Muitas tentativas de login");
});

test("control: behind a trusted proxy the same requests count as different clients", async () => {
  const contatos: number[] = [];
  for (let i = 1; i <= 6; i++) contatos.push((await contato(proxied, `10.78.1.${i}`, i)).status);
  expect(contatos).toEqual([200, 200, 200, 200, 200, 200]);
  const email = `ninguem-${Date.now()}@teste.local`;
  const logins: number[] = [];
  for (let i = 1; i <= 6; i++) logins.push((await logar(proxied, email, `10.78.2.${i}`)).status);
  expect(logins).toEqual([401, 401, 401, 401, 401, 401]);
});
