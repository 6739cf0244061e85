// Issue 21: production never invents listings. `scripts/db-prepare.ts` (what `npm start` and the
// container run before serving) on an empty database: in production only the first administrator,
// and the public pages say politely that nothing is listed yet; in development the demo data.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import { test, expect } from "./helpers";
import { E2E } from "./env";
import { startServer } from "./spawn-server";

const dbUrl = (suffix: string) => Object.assign(new URL(E2E.DATABASE_URL), { pathname: `${new URL(E2E.DATABASE_URL).pathname}_${suffix}` }).toString();
const server = () => Object.assign(new URL(E2E.DATABASE_URL), { pathname: "/" }).toString();

async function dropDatabase(url: string) {
  const conn = await mysql.createConnection({ uri: server() });
  await conn.query(`DROP DATABASE IF EXISTS \`${new URL(url).pathname.slice(1)}\``);
  await conn.end();
}

async function counts(url: string) {
  const conn = await mysql.createConnection({ uri: url });
  try {
    const [[row]] = (await conn.query(
      "SELECT (SELECT COUNT(*) FROM imoveis) AS imoveis, (SELECT COUNT(*) FROM imovel_fotos) AS fotos, (SELECT COUNT(*) FROM banners) AS banners, (SELECT COUNT(*) FROM usuarios) AS users",
    )) as unknown as [[Record<string, number>]];
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
  } finally {
    await conn.end();
  }
}

/** db-prepare as the container and `npm start` run it; NODE_ENV undefined = a developer's machine. */
function prepare(url: string, imgDir: string, nodeEnv: string | undefined) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, IMG_DIR: imgDir, ADMIN_EMAIL: "dona@imobiliaria.local", ADMIN_PASSWORD: "senha-da-dona-123", SESSION_SECRET: E2E.SESSION_SECRET, ALLOW_INSECURE_HTTP: "1" };
  for (const k of ["NODE_ENV", "SEED_DEMO", "DATABASE_REPLICA_URL", "STORAGE"]) delete env[k];
  if (nodeEnv) (env as Record<string, string>).NODE_ENV = nodeEnv;
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-prepare.ts"], { env, encoding: "utf8" });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  return r.stdout;
}

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

test("a production start on an empty database creates the admin and no listing; the site shows its empty state", async () => {
  const url = dbUrl("vazio");
  const imgDir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-vazio-"));
  await dropDatabase(url);
  try {
    const out = prepare(url, imgDir, "production");
    expect(out).toContain("nenhum imóvel de demonstração");
    expect(await counts(url)).toEqual({ imoveis: 0, fotos: 0, banners: 0, users: 1 });
    expect(fs.readdirSync(imgDir, { recursive: true }).length, "no demo photo").toBe(0);

    const { child, base } = await startServer(url, { env: { IMG_DIR: imgDir } });
    try {
      const home = await fetch(`${base}/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain("Nenhum imóvel cadastrado ainda");
      expect(html).not.toMatch(/\/img\/[a-f0-9]{20}/);
      for (const p of ["/imoveis", "/locacao", "/venda", "/temporada"]) {
        const res = await fetch(`${base}${p}`);
        expect(res.status, p).toBe(200);
        expect(await res.text(), p).toContain("Nenhum imóvel cadastrado ainda.");
      }
      for (const p of ["/contato", "/sobre", "/sitemap.xml", "/api/get_imoveis_site"]) expect((await fetch(`${base}${p}`)).status, p).toBe(200);
    } finally {
      child.kill("SIGKILL");
    }
  } finally {
    await dropDatabase(url);
    fs.rmSync(imgDir, { recursive: true, force: true });
  }
});

test("a developer's start on an empty database still gets the demo listings", async () => {
  const url = dbUrl("demo");
  const imgDir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-demo-"));
  await dropDatabase(url);
  try {
    expect(prepare(url, imgDir, undefined)).toContain("dados de demonstração");
    const c = await counts(url);
    expect(c.imoveis).toBeGreaterThanOrEqual(30);
    expect(c.fotos).toBeGreaterThan(c.imoveis);
    expect(c.banners).toBe(1);
  } finally {
    await dropDatabase(url);
    fs.rmSync(imgDir, { recursive: true, force: true });
  }
});
