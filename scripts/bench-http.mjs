// npm run bench:http — the public pages against a bare React Router page, side by side in one run
// (issue 11). Builds the app and bench/bare, gives the app its own database with 10,000 listings,
// serves both with server.mjs (same express, compression and WEB_CONCURRENCY), then alternates
// short autocannon runs (loopback only, bounded) and writes docs/performance.md.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import zlib from "node:zlib";
import autocannon from "autocannon";
import mysql from "mysql2/promise";
import { startLimitServer } from "./bench-limit.mjs";
import { freePort } from "./private-mariadb.mjs";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const DB_URL = process.env.BENCH_HTTP_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/imob_bench_http";
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const WORKERS = process.env.WEB_CONCURRENCY ?? "1";
const ADMIN = { email: "bench@imobiliaria.local", password: "bench-http-senha-forte" };
const IMG_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "imob-bench-http-"));
const log = (s) => console.log(`[bench:http] ${s}`);

const env = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: DB_URL,
  IMG_DIR,
  SESSION_SECRET: "bench-http-secret-0123456789abcdefghijkl",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ALLOW_INSECURE_HTTP: "1",
  WEB_CONCURRENCY: WORKERS,
};
delete env.DATABASE_REPLICA_URL;
delete env.SMTP_URL;

function run(cmd, args, extra = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extra } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} falhou (${r.status})`);
}

async function prepareDatabase() {
  const u = new URL(DB_URL);
  const name = u.pathname.slice(1);
  u.pathname = "/";
  const c = await mysql.createConnection(u.toString());
  await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await c.end();
  run("npx", ["tsx", "scripts/seed.ts"]);
  run("npx", ["tsx", "scripts/seed.ts", "--bulk", String(LISTINGS)]);
}

async function startServer(buildDir, extraEnv = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.mjs"], {
    env: { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, BUILD_DIR: buildDir, ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  // A start takes many seconds on a busy shared machine: up to 3 minutes.
  for (const until = Date.now() + 180_000; Date.now() < until && child.exitCode === null; ) {
    if (await fetch(`${base}/`).then((r) => r.ok, () => false)) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`o servidor de ${buildDir} não respondeu`);
}

async function login(base) {
  const body = new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, redirectTo: "/admin" });
  const r = await fetch(`${base}/login`, { method: "POST", body, redirect: "manual", headers: { origin: base } });
  const cookie = (r.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).find((c) => /imob_sessao=/.test(c));
  if (!cookie) throw new Error(`login do administrador falhou (${r.status})`);
  return cookie;
}

/** CPU time (ms) used so far by a server and its workers (/proc: utime + stime, 100 ticks/s). */
function cpuMs(pid) {
  const kids = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" }).stdout.split(/\s+/).filter(Boolean);
  const own = (() => {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return (Number(f[11]) + Number(f[12])) * 10;
    } catch {
      return 0;
    }
  })();
  return own + kids.reduce((a, k) => a + cpuMs(Number(k)), 0);
}

/** `setupRequest` (autocannon's): changes each request, e.g. a new visitor's cookie every time. */
function cannon(target, headers, seconds, setupRequest) {
  const requests = setupRequest ? [{ setupRequest }] : undefined;
  return autocannon({ url: target, connections: CONNECTIONS, duration: seconds, headers: { "accept-encoding": "br", ...headers }, requests });
}

/** Alternating rounds of bare and app: req/s over all rounds, the median round's p50/p99, failures. */
async function measure(bareUrl, appUrl, headers, pids, setupRequest) {
  const acc = { bare: [], app: [] };
  await cannon(appUrl, headers, 1, setupRequest); // warm-up (fills the cache for anonymous visitors)
  await cannon(bareUrl, {}, 1);
  // Each round also records the server's CPU per request: under saturation that is what the
  // throughput ratio comes from, and it is less moved by whatever else the machine runs.
  const round = async (url, h, pid, setup) => {
    const c0 = cpuMs(pid);
    const r = await cannon(url, h, SECONDS, setup);
    r.cpuMs = cpuMs(pid) - c0;
    return r;
  };
  for (let r = 0; r < ROUNDS; r++) {
    acc.bare.push(await round(bareUrl, {}, pids.bare));
    acc.app.push(await round(appUrl, headers, pids.app, setupRequest));
  }
  const sum = (rs) => {
    const reqs = rs.reduce((a, x) => a + x.requests.total, 0);
    const secs = rs.reduce((a, x) => a + x.duration, 0);
    const med = (k) => rs.map((x) => x.latency[k]).sort((a, b) => a - b)[Math.floor(rs.length / 2)];
    const bad = rs.reduce((a, x) => a + x.non2xx + x.errors + x.timeouts, 0);
    // Which answers failed, so a failure can be told from another (status: count, errors, timeouts).
    if (bad) log(`falhas: ${rs.map((x) => JSON.stringify({ codes: x.statusCodeStats, errors: x.errors, timeouts: x.timeouts })).join(" ")}`);
    const cpu = rs.reduce((a, x) => a + x.cpuMs, 0) / reqs;
    return { rps: reqs / secs, p50: med("p50"), p99: med("p99"), maxP99: Math.max(...rs.map((x) => x.latency.p99)), bad, cpu };
  };
  const bare = sum(acc.bare);
  const app = sum(acc.app);
  return { bare, app, ratio: app.rps / bare.rps, cpuRatio: bare.cpu / app.cpu };
}

const started = Date.now();
if (!process.env.BENCH_SKIP_BUILD) {
  run("npx", ["react-router", "build"]);
  run("npx", ["react-router", "build", "bench/bare"]);
}
await prepareDatabase();
const app = await startServer(process.env.BUILD_DIR ?? "build");
// No page cache in front of the bare page: its seam (bench/bare/app/entry.server.tsx) keeps nothing.
const bare = await startServer("build-bare", { PAGE_CACHE: "off" });
const rows = [];
let homeBytes;
let compression;
let limit;

/**
 * The per-render settings server/page-cache.ts weighs (br 2 / gzip 3, against br 4 / gzip 6), on the
 * home page's HTML: time (median of 15 interleaved rounds of 100) and size. A kept copy's br 11 /
 * gzip 9 is paid once per change, not per request.
 */
function compressionTimes(html) {
  const br = (q) => (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length } });
  const gz = (level) => (b) => zlib.gzipSync(b, { level });
  const cases = { "br 4": br(4), "br 2": br(2), "gzip 6": gz(6), "gzip 3": gz(3) };
  const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let r = 0; r < 15; r++) {
    for (const [k, fn] of Object.entries(cases)) {
      const t = process.hrtime.bigint();
      for (let i = 0; i < 100; i++) fn(html);
      times[k].push(Number(process.hrtime.bigint() - t) / 100 / 1000);
    }
  }
  const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
  return Object.entries(cases).map(([k, fn]) => `${k} ${fn(html).length.toLocaleString("en-US")} B in ${median(times[k]).toFixed(0)} µs`).join(" · ");
}
try {
  const c = await mysql.createConnection(DB_URL);
  const [[one]] = await c.query("SELECT id FROM imoveis WHERE ativo = 'sim' ORDER BY id DESC LIMIT 1");
  await c.end();
  const paths = ["/", "/imoveis", "/venda?page=200", `/imovel/${one.id}`, "/?local=Votuporanga&status=Venda&tipo=Casa&quartos=2&banheiros=1"];
  // The home page's own weight (issue 11: ≤ 25 KB of HTML; issue 22: 27 KB, ≤ 5.5 KB in brotli), as a visitor receives it.
  const home = Buffer.from(await (await fetch(`${app.base}/`, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
  homeBytes = { raw: home.length, br: zlib.brotliCompressSync(home).length };
  log(`home: ${homeBytes.raw} bytes de HTML (${homeBytes.br} em br)`);
  compression = compressionTimes(home);
  log(`compressão da home: ${compression}`);
  const cookie = await login(app.base);
  // Issue 22: a word search, and visitors with favourites (docs/decisions/0023): one returning
  // visitor (their own copy, kept), and a new list on every request (each one a render).
  const favoritos = `imob_favoritos=${one.id}.${one.id - 1}.${one.id - 2}`;
  let visitor = 0;
  const newVisitor = (req) => ({ ...req, headers: { ...req.headers, cookie: `imob_favoritos=${one.id}.${1_000_000 + visitor++}` } });
  const cases = [
    ...[...paths, "/imoveis?q=jardim+agende"].map((p) => ["anonymous", p, {}, 2.0]),
    ["favourites (own copy)", "/imoveis", { cookie: favoritos }, 2.0],
    ["favourites (new list each request)", "/imoveis", {}, 0.35, newVisitor],
    ...paths.map((p) => ["admin", p, { cookie }, 0.35]),
  ];
  for (const [who, p, headers, goal, setup] of cases) {
    const m = await measure(`${bare.base}/`, `${app.base}${p}`, headers, { app: app.child.pid, bare: bare.child.pid }, setup);
    rows.push({ who, path: p, goal, ...m });
    log(`${who} ${p}: ${m.app.rps.toFixed(0)} req/s vs bare ${m.bare.rps.toFixed(0)} → ${m.ratio.toFixed(2)}; CPU ${m.app.cpu.toFixed(2)} vs ${m.bare.cpu.toFixed(2)} ms/req; p50/p99 ${m.app.p50}/${m.app.p99} ms; falhas ${m.app.bad}`);
  }
  // A hit against its physical limit (scripts/bench-limit.mjs): the app's `/` bytes from node:http.
  const bareHttp = await startLimitServer(app.base, "/", { "accept-encoding": "br" });
  try {
    limit = { bytes: bareHttp.bytes, ...(await measure(`${bareHttp.base}/`, `${app.base}/`, {}, { app: app.child.pid, bare: bareHttp.child.pid })) };
    log(`limite /: app ${limit.app.rps.toFixed(0)} req/s vs node:http ${limit.bare.rps.toFixed(0)} → ${(limit.ratio * 100).toFixed(0)} %; CPU ${limit.app.cpu.toFixed(3)} vs ${limit.bare.cpu.toFixed(3)} ms/req`);
  } finally {
    bareHttp.child.kill("SIGTERM");
  }
} finally {
  app.child.kill("SIGTERM");
  bare.child.kill("SIGTERM");
  fs.rmSync(IMG_DIR, { recursive: true, force: true });
}

// The p99 budget is for what the cache serves: anonymous visitors and a returning visitor's own copy.
const ok = (r) => r.ratio >= r.goal && r.app.bad === 0 && (r.goal < 2 || r.app.p99 <= 15);
const table = [
  "| visitor | path | app req/s | bare req/s | ratio (goal) | CPU/req app / bare (ratio) | app p50 / p99 (worst p99) | non-2xx | ok |",
  "|---|---|---|---|---|---|---|---|---|",
  ...rows.map((r) => `| ${r.who} | \`${r.path}\` | ${r.app.rps.toFixed(0)} | ${r.bare.rps.toFixed(0)} | ${r.ratio.toFixed(2)} (≥ ${r.goal}) | ${r.app.cpu.toFixed(2)} / ${r.bare.cpu.toFixed(2)} ms (${r.cpuRatio.toFixed(2)}) | ${r.app.p50} / ${r.app.p99} ms (${r.app.maxP99}) | ${r.app.bad} | ${ok(r) ? "yes" : "**no**"} |`),
].join("\n");
const cpu = os.cpus()[0]?.model ?? "?";
const section = `## WEB_CONCURRENCY=${WORKERS} — ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC

Machine: ${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; the load generator (autocannon) runs on the same machine.
Command: \`WEB_CONCURRENCY=${WORKERS} npm run bench:http\` — ${LISTINGS.toLocaleString("en-US")} listings on top of the demo, ${CONNECTIONS} connections, \`accept-encoding: br\`, ${ROUNDS} alternating rounds of ${SECONDS} s per path (bare, app, bare, app…), ${((Date.now() - started) / 60000).toFixed(1)} min in all.

${table}

Home page HTML: ${homeBytes ? `${homeBytes.raw.toLocaleString("en-US")} bytes (goal ≤ 27,000; ${homeBytes.br.toLocaleString("en-US")} in brotli, goal ≤ 5,500)` : "?"}.

A cache hit against its physical limit (\`scripts/bench-limit.mjs\`: a bare \`node:http\` process sending the app's \`/\` bytes and headers, ${limit ? limit.bytes.toLocaleString("en-US") : "?"} B br): ${limit ? `app ${limit.app.rps.toFixed(0)} req/s against ${limit.bare.rps.toFixed(0)}, **${(limit.ratio * 100).toFixed(0)} %** of the limit; CPU per request ${limit.app.cpu.toFixed(3)} against ${limit.bare.cpu.toFixed(3)} ms; p50/p99 ${limit.app.p50}/${limit.app.p99} against ${limit.bare.p50}/${limit.bare.p99} ms` : "?"}.

Home page compression (median of 15 rounds of 100; \`server/page-cache.ts\`: br 11 / gzip 9 for the kept copy, br 2 / gzip 3 per render): ${compression ?? "?"}.
`;
const file = path.join(root, "docs", "performance.md");
const head = "# Performance\n\nWritten by `npm run bench:http` (scripts/bench-http.mjs); each run replaces the section of its WEB_CONCURRENCY.\n\n";
let doc = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : head;
const re = new RegExp(`## WEB_CONCURRENCY=${WORKERS} —[\\s\\S]*?(?=\\n## |$)`);
doc = re.test(doc) ? doc.replace(re, section.trimEnd() + "\n") : `${doc.trimEnd()}\n\n${section}`;
fs.writeFileSync(file, doc);
log(`docs/performance.md atualizado.`);
console.log(table);
process.exitCode = rows.every(ok) ? 0 : 1;
