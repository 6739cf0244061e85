// Read replicas for real: two private MariaDB servers in primary → replica replication (started
// here from the installed MariaDB) and server.mjs with DATABASE_URL on the primary and
// DATABASE_REPLICA_URL on the replica. With replication stopped, an admin's edit exists only on
// the primary, so the value each page shows says which server answered it.
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test, expect } from "./helpers";
import { startServer, type Spawned } from "./spawn-server";
import { startPair, type Pair } from "../support/mariadb-pair";
import { createDatabaseIfMissing, runMigrations } from "../../app/db/setup.server";

const EMAIL = "admin@replica.local";
const PASSWORD = "senha-da-replica-123";
let pair: Pair;
let server: Spawned;
let imgDir: string;
let id: number;

test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const t0 = Date.now();
  pair = await startPair();
  const primaryUrl = pair.primary.url("imobiliaria");
  await createDatabaseIfMissing(primaryUrl);
  await runMigrations(primaryUrl);
  const admin = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", "create", EMAIL], {
    env: { ...process.env, DATABASE_URL: primaryUrl, ADMIN_PASSWORD: PASSWORD },
    encoding: "utf8",
  });
  expect(admin.status, admin.stderr).toBe(0);
  const res = await pair.query<{ insertId: number }>(pair.primary, "INSERT INTO imobiliaria.imoveis (descricao, tipo, status, bairro, ativo) VALUES ('', 'Casa', 'Venda', 'Bairro Inicial', 'sim')");
  id = res.insertId;
  await pair.caughtUp();
  imgDir = await fs.mkdtemp(path.join(os.tmpdir(), "imob-replica-img-"));
  server = await startServer(primaryUrl, { env: { DATABASE_REPLICA_URL: pair.replica.url("imobiliaria"), IMG_DIR: imgDir } });
  console.log(`[server-replica] par primário → réplica pronto e servidor no ar em ${Date.now() - t0} ms`);
});

test.afterAll(async () => {
  server?.child.kill("SIGKILL");
  await pair?.stop();
  if (imgDir) await fs.rm(imgDir, { recursive: true, force: true });
});

const bairroOn = async (which: "primary" | "replica") =>
  (await pair.query<{ bairro: string }[]>(pair[which], "SELECT bairro FROM imobiliaria.imoveis WHERE id = ?", [id]))[0].bairro;
const page = (path: string, headers: Record<string, string> = {}) => fetch(`${server.base}${path}`, { headers, redirect: "manual" });
const titleOf = async (res: Response) => (await res.text()).match(/<title>([^<]*)<\/title>/)?.[1] ?? "";

test("public reads come from the replica; an admin's reads and writes from the primary", async () => {
  expect(await titleOf(await page(`/imovel/${id}`))).toContain("Bairro Inicial");

  // Sign in: a bearer token for /api, and the session cookie of the pages.
  const token = (await (await fetch(`${server.base}/api/logar`, { method: "POST", body: new URLSearchParams({ email: EMAIL, password: PASSWORD }) })).json()) as string;
  expect(typeof token).toBe("string");
  const login = await fetch(`${server.base}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD, redirectTo: "/admin/imovel" }),
    headers: { Origin: server.base },
    redirect: "manual",
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  expect(cookie).toMatch(/imob_sessao=/);

  // Replication stops: from now on the primary and the replica can differ.
  await pair.stopReplication();
  const form = new FormData();
  for (const [k, v] of Object.entries({ id: String(id), tipo: "Casa", status: "Venda", preco: "R$ 350.000,00", ativo: "sim", bairro: "Bairro Editado" })) form.set(k, v);
  const saved = await fetch(`${server.base}/api/update_imovel`, { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } });
  expect(saved.status, await saved.clone().text()).toBe(200);
  expect(await bairroOn("primary")).toBe("Bairro Editado");
  expect(await bairroOn("replica")).toBe("Bairro Inicial");

  // Anonymous visitors read the replica: the old value, on the page and through /api.
  expect(await titleOf(await page(`/imovel/${id}`))).toContain("Bairro Inicial");
  expect((await (await page(`/api/get_imovel_site_id/${id}`)).json()).bairro).toBe("Bairro Inicial");
  expect(await (await page(`/venda`)).text()).toContain("Bairro Inicial");

  // The admin sees their own write everywhere, public pages included.
  expect(await titleOf(await page(`/imovel/${id}`, { Cookie: cookie }))).toContain("Bairro Editado");
  expect(await (await page(`/venda`, { Cookie: cookie })).text()).toContain("Bairro Editado");
  const edit = await page(`/admin/imovelEdit/${id}`, { Cookie: cookie });
  expect(edit.status).toBe(200);
  expect(await edit.text()).toContain("Bairro Editado");
  expect((await (await page(`/api/get_imovel_site_id/${id}`, { Authorization: `Bearer ${token}` })).json()).bairro).toBe("Bairro Editado");

  // Replication resumes: the replica catches up, and so do anonymous visitors.
  await pair.startReplication();
  await pair.caughtUp();
  expect(await bairroOn("replica")).toBe("Bairro Editado");
  expect(await titleOf(await page(`/imovel/${id}`))).toContain("Bairro Editado");
});
