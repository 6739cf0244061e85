// npm run lighthouse — Lighthouse 13 (on the project's Node 24), mobile, with the
// system Chromium, on /, /venda, a listing page, /temporada and a Temporada listing of the production build (its own database with
// the demo data). Targets (issue 11): accessibility, best practices and SEO 100, performance ≥ 98.
// Loopback only; prints each score and every failing audit, exits 1 when a target is missed.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import mysql from "mysql2/promise";
import { freePort } from "./private-mariadb.mjs";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const DB_URL = process.env.LIGHTHOUSE_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/imob_lighthouse";
const IMG_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "imob-lighthouse-"));
const env = { ...process.env, NODE_ENV: "production", DATABASE_URL: DB_URL, IMG_DIR, SESSION_SECRET: "lighthouse-secret-0123456789abcdefghij", ALLOW_INSECURE_HTTP: "1", WEB_CONCURRENCY: "1" };
delete env.DATABASE_REPLICA_URL;
const TARGETS = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} falhou`);
};

const u = new URL(DB_URL);
const dbName = u.pathname.slice(1);
u.pathname = "/";
const admin = await mysql.createConnection(u.toString());
await admin.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
await admin.end();
if (!process.env.LIGHTHOUSE_SKIP_BUILD) run("npx", ["react-router", "build"]);
run("npx", ["tsx", "scripts/seed.ts"]);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// The absolute path: on a shared machine a `pkill -f "node server.mjs"` meant for another
// checkout's server would otherwise stop this one mid-run, and Lighthouse would then report an
// "interstitial" (the tab's connection error page) instead of the page.
const server = spawn(process.execPath, [path.join(root, "server.mjs")], { env: { ...env, PORT: String(port), PUBLIC_URL: base }, stdio: ["ignore", "ignore", "inherit"] });
let serverExit;
server.on("exit", (code, signal) => (serverExit = signal ?? `código ${code}`));
let chrome;
let failed = false;
try {
  for (let i = 0; i < 600 && !(await fetch(`${base}/healthz`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
  const c = await mysql.createConnection(DB_URL);
  const [[row]] = await c.query("SELECT i.id FROM imoveis i WHERE ativo = 'sim' AND EXISTS (SELECT 1 FROM imovel_fotos f WHERE f.imovel_id = i.id) ORDER BY i.id LIMIT 1");
  // Issue 33: a Temporada listing with its calendar (the seed gives the demo's their Diária and booked weekends).
  const [[temporada]] = await c.query("SELECT t.imovel_id AS id FROM imovel_temporada t JOIN imoveis i ON i.id = t.imovel_id WHERE i.ativo = 'sim' ORDER BY t.imovel_id LIMIT 1");
  await c.end();
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  const lines = [];
  // LIGHTHOUSE_RUNS audits of each page (default 3, issue 31): a score that holds once in three is not kept.
  const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const pages = ["/", "/venda", `/imovel/${row.id}`, "/temporada", `/imovel/${temporada.id}`];
  for (const p of pages.flatMap((page) => Array.from({ length: RUNS }, () => page))) {
    // One visit first: the page cache is warm, as for every visitor but the first.
    await fetch(`${base}${p}`);
    if (serverExit) throw new Error(`o servidor parou (${serverExit}) antes de ${p}`);
    const audit = () => lighthouse(`${base}${p}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: Object.keys(TARGETS) });
    let { lhr } = await audit();
    // Lighthouse 12.8 with a newer Chromium now and then loses the trace's start (NO_NAVSTART,
    // "run Lighthouse again"): once more, then the error is reported as a miss.
    if (lhr.runtimeError?.code === "NO_NAVSTART") ({ lhr } = await audit());
    if (process.env.LIGHTHOUSE_REPORT_DIR) fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${p === "/" ? "home" : p.slice(1).replaceAll("/", "-")}.json`), JSON.stringify(lhr));
    const scores = Object.fromEntries(Object.keys(TARGETS).map((k) => [k, Math.round(lhr.categories[k].score * 100)]));
    const misses = Object.entries(TARGETS).filter(([k, min]) => scores[k] < min);
    const audits = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual" && a.scoreDisplayMode !== "notApplicable");
    const ms = (id) => lhr.audits[id]?.numericValue;
    const metrics = `FCP ${Math.round(ms("first-contentful-paint"))} ms, LCP ${Math.round(ms("largest-contentful-paint"))} ms, TBT ${Math.round(ms("total-blocking-time"))} ms, CLS ${ms("cumulative-layout-shift")?.toFixed(3)}`;
    lines.push(`${p.padEnd(14)} ${Object.entries(scores).map(([k, v]) => `${k} ${v}`).join(" · ")} (${metrics})`);
    if (misses.length) {
      failed = true;
      lines.push(`  abaixo da meta: ${misses.map(([k]) => k).join(", ")}; auditorias: ${audits.map((a) => `${a.id} (${a.score})`).join(", ")}`);
      if (lhr.runtimeError) lines.push(`  erro: ${lhr.runtimeError.message}`);
      // The elements an accessibility audit names: what to fix.
      for (const a of audits.filter((x) => lhr.categories.accessibility.auditRefs.some((r) => r.id === x.id))) {
        for (const item of a.details?.items ?? []) lines.push(`  ${a.id}: ${item.node?.snippet ?? JSON.stringify(item).slice(0, 200)}`);
      }
    }
  }
  console.log(`\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, celular, Chromium do sistema:\n${lines.join("\n")}`);
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
  fs.rmSync(IMG_DIR, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
