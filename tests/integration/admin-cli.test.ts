import { spawnSync } from "node:child_process";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { closeDb, getDb } from "~/db/client.server";
import { historico } from "~/db/schema";
import { getUserByEmail, verifyLogin } from "~/models/accounts/user.server";
import { resetDb } from "./db";

/** `npm run admin -- <args>` against the test database, with stdin that is not a terminal. */
function admin(args: string[], password?: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, ADMIN_PASSWORD: password };
  if (password === undefined) delete env.ADMIN_PASSWORD;
  const res = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
    env,
    input: "",
    encoding: "utf8",
    timeout: 30_000,
  });
  return { code: res.status, out: `${res.stdout}${res.stderr}` };
}

// Each test runs the command three to five times, a few seconds each on a busy machine (tsx, then an
// argon2 hash): a timeout of its own, generous, not a claim about speed.
const CLI_TEST_MS = 120_000;

describe("admin CLI", () => {
  beforeEach(resetDb);
  afterAll(closeDb);

  it("creates an administrator, then resets the password", async () => {
    const created = admin(["create", "nova@teste.local"], "primeira-senha-1");
    expect(created.out).toContain("Administrador nova@teste.local criado.");
    expect(created.code).toBe(0);
    expect(await verifyLogin("nova@teste.local", "primeira-senha-1")).not.toBeNull();

    expect(admin(["create", "nova@teste.local"], "outra-senha-3").out).toContain("já existe");
    const changed = admin(["password", "nova@teste.local"], "segunda-senha-2");
    expect(changed.code).toBe(0);
    expect(await verifyLogin("nova@teste.local", "primeira-senha-1")).toBeNull();
    expect(await verifyLogin("nova@teste.local", "segunda-senha-2")).not.toBeNull();
  }, CLI_TEST_MS);

  it("records each change in the admin history: by the system, or by the admin named with --como", async () => {
    expect(admin(["create", "nova@teste.local"], "primeira-senha-1").code).toBe(0);
    expect(admin(["password", "nova@teste.local", "--como", "ninguem@teste.local"], "segunda-senha-2")).toMatchObject({ code: 1 });
    expect(admin(["password", "--como", "nova@teste.local", "nova@teste.local"], "terceira-senha-3").code).toBe(0);
    const id = (await getUserByEmail("nova@teste.local"))!.id;
    const rows = await getDb().select().from(historico).orderBy(asc(historico.id));
    expect(rows.map((r) => [r.acao, r.usuario_email, r.alvo_usuario_id, r.resumo])).toEqual([
      ["usuario", null, id, "Criado pela linha de comando: nova@teste.local"],
      ["usuario", "nova@teste.local", id, "Senha definida pela linha de comando: nova@teste.local"],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/primeira|segunda|terceira/);
  }, CLI_TEST_MS);

  it("refuses bad usage, duplicates, unknown users, short or common passwords and a missing password", async () => {
    expect(admin(["apagar", "x@teste.local"], "senha-longa-123")).toMatchObject({ code: 1 });
    expect(admin(["password", "ninguem@teste.local"], "senha-longa-123")).toMatchObject({ code: 1 });
    const short = admin(["create", "curta@teste.local"], "curtinha1");
    expect(short.code).toBe(1);
    expect(short.out).toMatch(/pelo menos 10/);
    const common = admin(["create", "curta@teste.local"], "Password123");
    expect(common.code).toBe(1);
    expect(common.out).toMatch(/muito comum/);
    const missing = admin(["create", "sem-senha@teste.local"]);
    expect(missing.out).toContain("defina ADMIN_PASSWORD");
    expect(await getUserByEmail("curta@teste.local")).toBeNull();
    expect(await getUserByEmail("sem-senha@teste.local")).toBeNull();
  }, CLI_TEST_MS);
});
