// `npm run stress`: the production server under load and faults, on this machine only (127.0.0.1),
// bounded in time. Starts a private MariaDB (seeded) and `node server.mjs` against it, then:
//   (a) STRESS_CONNECTIONS (100) connections × STRESS_SECONDS (60) of public pages and admin GETs;
//   (b) 20 connections for 30 s with the database stopped for 10 s in the middle;
//   (c) a photo upload cut halfway: no file and no row may stay.
// Prints a table (docs/reliability.md keeps the figures). Builds first when the build is missing.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import { freePort, installDataDir, mariadbBinaries, startMariadbd } from "./private-mariadb.mjs";
import { cutUpload, isError, load, pct, requestMix, statusCounts, table } from "./stress-lib.mjs";

const clamp = (v, lo, hi, d) => Math.min(hi, Math.max(lo, Number.isFinite(Number(v)) && v !== undefined ? Number(v) : d));
const SECONDS = clamp(process.env.STRESS_SECONDS, 5, 600, 60);
const CONNECTIONS = clamp(process.env.STRESS_CONNECTIONS, 1, 200, 100);
const DOWN_AT_MS = 5_000;
const DOWN_MS = 10_000;
const FAULT_SECONDS = 30;
const ADMIN = { email: "admin@stress.local", password: "stress-senha-admin-123" };
const log = (s) => console.log(`[stress] ${s}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const bin = mariadbBinaries();
if (!bin) throw new Error("MariaDB não está instalado (mariadbd e mariadb-install-db): apt-get install mariadb-server");
const buildDir = process.env.BUILD_DIR ?? "build";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "imob-stress-"));
const datadir = path.join(tmp, "data");
const imgDir = path.join(tmp, "img");
let db;
let server;
const serverLines = [];

async function startDb(port) {
  db = startMariadbd(bin.server, { datadir, dir: tmp, port });
  for (let i = 0; i < 300; i++) {
    const ok = await mysql.createConnection({ host: "127.0.0.1", port, user: "root" }).then((c) => c.end().then(() => true), () => false);
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`MariaDB não respondeu (veja ${path.join(tmp, "error.log")})`);
}
async function stopDb() {
  const child = db;
  db = undefined;
  if (!child || child.exitCode !== null) return;
  const gone = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await gone;
}

async function main() {
  if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
    log(`gerando o build em ${buildDir} …`);
    const b = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    if (b.status !== 0) throw new Error("o build falhou");
  }
  installDataDir(bin.installDb, datadir);
  const dbPort = await freePort();
  await startDb(dbPort);
  const DATABASE_URL = `mysql://root@127.0.0.1:${dbPort}/imobiliaria_stress`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATABASE_URL, IMG_DIR: imgDir, STORAGE: "local", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  delete env.TRUST_PROXY;
  delete env.DATABASE_REPLICA_URL;
  delete env.SMTP_URL;
  log("migrando e populando o banco privado …");
  const prep = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-prepare.ts"], { stdio: "inherit", env: { ...env, NODE_ENV: "development" } });
  if (prep.status !== 0) throw new Error("db-prepare falhou");

  const serverEnv = { ...env, NODE_ENV: "production", PORT: String(port), PUBLIC_URL: base, ALLOW_INSECURE_HTTP: "1", SESSION_SECRET: crypto.randomBytes(24).toString("hex") };
  server = spawn(process.execPath, ["server.mjs"], { env: serverEnv, stdio: ["ignore", "pipe", "pipe"] });
  for (const s of [server.stdout, server.stderr]) {
    let rest = "";
    s.on("data", (d) => {
      const parts = (rest + d).split("\n");
      rest = parts.pop();
      for (const line of parts) serverLines.push({ at: Date.now(), line });
    });
  }
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    if (i > 200 || server.exitCode !== null) throw new Error(`o servidor não subiu:\n${serverLines.map((l) => l.line).join("\n")}`);
    await sleep(100);
  }

  const login = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(ADMIN),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (login.status !== 302 || !cookie) throw new Error(`login do admin falhou: ${login.status}`);
  const conn = await mysql.createConnection(DATABASE_URL);
  const [rows] = await conn.query("SELECT id FROM imoveis WHERE ativo = 'sim' ORDER BY id LIMIT 20");
  await conn.end();
  const ids = rows.map((r) => r.id);
  const requests = requestMix(ids, cookie);

  log(`(a) ${CONNECTIONS} conexões × ${SECONDS} s …`);
  const a = await load(base, { connections: CONNECTIONS, seconds: SECONDS, requests });
  const aErrors = a.events.filter((e) => isError(e.status)).length;

  log(`(b) 20 conexões × ${FAULT_SECONDS} s, banco parado por ${DOWN_MS / 1000} s …`);
  const marks = {};
  const b = await load(base, {
    connections: 20,
    seconds: FAULT_SECONDS,
    requests,
    during: async (t0) => {
      await sleep(DOWN_AT_MS);
      await stopDb();
      marks.down = Date.now() - t0;
      await sleep(DOWN_MS);
      marks.restart = Date.now() - t0;
      await startDb(dbPort);
      marks.up = Date.now() - t0;
    },
  });
  const downCounts = statusCounts(b.events, marks.down, marks.up);
  const afterUp = b.events.filter((e) => e.at >= marks.up);
  const lastErrAfterUp = afterUp.filter((e) => isError(e.status)).at(-1);
  const firstOkAfterUp = afterUp.find((e) => !isError(e.status));
  const recoveryMs = lastErrAfterUp ? lastErrAfterUp.at - marks.up : 0;
  const linesDown = serverLines.filter((l) => l.at - b.t0 >= marks.down && l.at - b.t0 < marks.up).length;

  log("(c) upload cortado no meio …");
  const countFiles = (d) => (fs.existsSync(d) ? fs.readdirSync(d, { recursive: true }).filter((f) => fs.statSync(path.join(d, f)).isFile()).length : 0);
  const c2 = await mysql.createConnection(DATABASE_URL);
  const fotoRows = async () => (await c2.query("SELECT COUNT(*) AS n FROM imovel_fotos"))[0][0].n;
  const before = { files: countFiles(imgDir), rows: await fotoRows() };
  const cutOutcome = await cutUpload(base, `/admin/imovelEdit/${ids[0]}/fotos`, { cookie });
  await sleep(2000);
  const after = { files: countFiles(imgDir), rows: await fotoRows() };
  await c2.end();
  const healthy = await fetch(`${base}/imovel/${ids[0]}`).then((r) => r.status, () => "socket");

  const fmt = (o) => Object.entries(o).map(([k, v]) => `${k}: ${v}`).join(", ") || "nenhuma";
  console.log(`\nnpm run stress — ${new Date().toISOString()} — ${os.cpus().length} núcleos, node ${process.version}\n`);
  console.log(
    table([
      ["(a) conexões × segundos", `${CONNECTIONS} × ${SECONDS}`],
      ["(a) requisições", a.result.requests.total],
      ["(a) req/s (média)", a.result.requests.average],
      ["(a) erros (não 2xx/3xx, socket)", `${aErrors} (${fmt(statusCounts(a.events.filter((e) => isError(e.status))))})`],
      ["(a) latência p50 / p99 (ms)", `${pct(a.result.latency, 50)} / ${pct(a.result.latency, 99)}`],
      ["(b) requisições", b.result.requests.total],
      ["(b) banco parado (s da rodada)", `${(marks.down / 1000).toFixed(1)} → ${(marks.up / 1000).toFixed(1)}`],
      ["(b) respostas com o banco parado", fmt(downCounts)],
      ["(b) linhas de log com o banco parado", linesDown],
      ["(b) 1ª resposta boa após a volta (ms)", firstOkAfterUp ? firstOkAfterUp.at - marks.up : "nenhuma"],
      ["(b) recuperação: último erro após a volta (ms)", recoveryMs],
      ["(b) respostas após a volta", fmt(statusCounts(afterUp))],
      ["(c) upload cortado", cutOutcome],
      ["(c) arquivos / linhas antes → depois", `${before.files} / ${before.rows} → ${after.files} / ${after.rows}`],
      ["(c) servidor depois", `GET /imovel/${ids[0]} → ${healthy}`],
    ]),
  );
  const ok = after.files === before.files && after.rows === before.rows && healthy === 200 && firstOkAfterUp;
  if (!ok) process.exitCode = 1;
}

try {
  await main();
} finally {
  server?.kill("SIGTERM");
  await stopDb().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}
