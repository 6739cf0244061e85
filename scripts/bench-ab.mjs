// npm run bench:ab -- DIR_A DIR_B [paths…]: two checkouts (each built, with its own node_modules) served
// side by side against bench:http's database (run `npm run bench:http` once first), an admin's pages
// measured in alternating rounds as bench:http does (autocannon, 10 connections, br, CPU per request
// from /proc). What a patch or a cache buys: DIR_B is a copy with it taken out. The machine is
// shared: run it twice and compare with a run of two identical copies (their ratio spreads ±15 %).
// AB_VISITOR=anonymous measures without the admin's cookie (the page cache's side); AB_ENV_A / AB_ENV_B
// ("NAME=value …") add settings to one side, e.g. the same checkout twice with AB_ENV_B="PAGE_CACHE=off".
// BENCH_HTTP_DATABASE_URL picks another database (one with bench:http's admin, e.g. 100,000 listings).
// AB_NODE_A / AB_NODE_B: the node binary of one side (default: the one running this script, the
// project's), e.g. the same checkout on two Node versions.
// AB_USER_AGENT: a User-Agent for every request (autocannon sends none, which the views per listing
// take for a script and do not count: a browser's is needed to measure counting). AB_PORT: the
// first of the two ports (default: random from 4200).

import { spawn } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";
const DB = process.env.BENCH_HTTP_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/imob_bench_http";
const [A, B, ...paths] = process.argv.slice(2);
if (!A || !B) throw new Error("uso: npm run bench:ab -- DIR_A DIR_B [caminhos…]");
const env = { ...process.env, NODE_ENV: "production", DATABASE_URL: DB, IMG_DIR: fs.mkdtempSync("/tmp/imob-bench-ab-"), SESSION_SECRET: "bench-http-secret-0123456789abcdefghijkl", ADMIN_EMAIL: "bench@imobiliaria.local", ADMIN_PASSWORD: "bench-http-senha-forte", ALLOW_INSECURE_HTTP: "1", WEB_CONCURRENCY: "1" };
const cpu = (pid) => { const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); return (Number(f[11]) + Number(f[12])) * 10; };
const ROUNDS = Number(process.env.AB_ROUNDS ?? 6);
const ANONYMOUS = process.env.AB_VISITOR === "anonymous";
const settings = (s = "") => Object.fromEntries(s.split(/\s+/).filter(Boolean).map((kv) => kv.split(/=(.*)/s).slice(0, 2)));
let port = Number(process.env.AB_PORT) || 4200 + Math.floor(Math.random() * 500);
const servers = {};
try {
  for (const [name, dir] of [["A", A], ["B", B]]) {
    const p = port++;
    const child = spawn(process.env[`AB_NODE_${name}`] || process.execPath, ["server.mjs"], { cwd: dir, env: { ...env, PORT: String(p), PUBLIC_URL: `http://127.0.0.1:${p}`, ...settings(process.env[`AB_ENV_${name}`]) }, stdio: ["ignore", "ignore", "inherit"] });
    const base = `http://127.0.0.1:${p}`;
    servers[name] = { child, base };
    // A start takes many seconds on a busy shared machine: up to 3 minutes, then a clear failure.
    for (const until = Date.now() + 180_000; !(await fetch(`${base}/healthz`).then((r) => r.ok, () => false)); await new Promise((r) => setTimeout(r, 100))) {
      if (Date.now() > until || child.exitCode !== null) throw new Error(`o servidor de ${dir} não respondeu em /healthz`);
    }
    const r = await fetch(`${base}/login`, { method: "POST", body: new URLSearchParams({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, redirectTo: "/admin" }), redirect: "manual", headers: { origin: base } });
    if (!ANONYMOUS) servers[name].cookie = r.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => /imob_sessao=/.test(c));
  }
  const headersOf = (s) => ({ "accept-encoding": "br", ...(s.cookie ? { cookie: s.cookie } : {}), ...(process.env.AB_USER_AGENT ? { "user-agent": process.env.AB_USER_AGENT } : {}) });
  const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  for (const path of paths.length ? paths : ["/"]) {
    const acc = { A: { rps: [], cpu: [] }, B: { rps: [], cpu: [] } };
    for (const s of Object.values(servers)) await autocannon({ url: s.base + path, connections: 10, duration: 1, headers: headersOf(s) });
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of round % 2 ? ["B", "A"] : ["A", "B"]) {
        const s = servers[name];
        const c0 = cpu(s.child.pid);
        const res = await autocannon({ url: s.base + path, connections: 10, duration: 3, headers: headersOf(s) });
        acc[name].rps.push(res.requests.average);
        acc[name].cpu.push((cpu(s.child.pid) - c0) / res.requests.total);
      }
    }
    const ratios = acc.A.cpu.map((c, i) => acc.B.cpu[i] / c);
    console.log(`${path}: A ${med(acc.A.cpu).toFixed(3)} ms/req (${med(acc.A.rps).toFixed(0)} req/s) · B ${med(acc.B.cpu).toFixed(3)} ms/req (${med(acc.B.rps).toFixed(0)} req/s) · CPU B/A per round ${ratios.map((r) => r.toFixed(2)).join(" ")} → median ${med(ratios).toFixed(3)}`);
  }
} finally {
  for (const s of Object.values(servers)) s.child.kill("SIGKILL");
}
