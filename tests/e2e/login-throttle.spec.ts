// Guessing one account's password from many addresses, through the production server behind
// TRUST_PROXY=loopback (tests/e2e/server.ts), where X-Forwarded-For names the client.
import { hash } from "@node-rs/argon2";
import { query } from "./db";
import { test, expect } from "./helpers";

const PASSWORD = "senha-certa-e2e-12";

test("12 wrong passwords from 12 addresses, then the right one from a 13th: 429 with the wait", async ({ request, page, open }, info) => {
  // An account of this test and project alone: locking it must not disturb the other tests.
  const email = `alvo-${info.project.name}@teste.local`;
  await query("DELETE FROM usuarios WHERE email = ?", [email]);
  await query("INSERT INTO usuarios (email, password_hash) VALUES (?, ?)", [email, await hash(PASSWORD, { algorithm: 2 })]);
  const net = info.project.name === "js" ? 11 : 12;
  const statuses: number[] = [];
  for (let i = 1; i <= 12; i++) {
    const res = await request.post("/api/logar", {
      form: { email, password: `errada-${i}-xyz` },
      headers: { "X-Forwarded-For": `10.${net}.0.${i}` },
    });
    statuses.push(res.status());
  }
  expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);

  const right = await request.post("/api/logar", {
    form: { email: email.toUpperCase(), password: PASSWORD },
    headers: { "X-Forwarded-For": `10.${net}.0.13` },
  });
  expect(right.status()).toBe(429);
  expect(Number(right.headers()["retry-after"])).toBeGreaterThan(60);
  expect((await right.json()).error).toMatch(/^Muitas tentativas de login\. Tente novamente em 1[45] minutos\.$/);

  // The login page says the same, with or without JavaScript.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${net}.0.14` });
  await open("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha").fill(PASSWORD);
  await page.getByRole("button", { name: "ENTRAR" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(/^Muitas tentativas de login\. Tente novamente em 1[45] minutos\.$/);
});
