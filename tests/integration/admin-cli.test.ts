import { spawnSync } from "node:child_process";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
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
  });

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
  });
});
