// npm run profile:render -- [paths…] (issue 31): where an admin's render spends its CPU, as a share of
// the whole. The production build served by server.mjs under V8's sampling profiler (--cpu-prof),
// against bench:http's database (run `npm run bench:http` once first), driven as bench:ab drives it
// (autocannon, 10 connections, br, the admin's cookie). Each row is the time spent inside the code a
// former patch changed (decision 0018), callees included and each sample counted once: no patch to
// that code can buy more than its share, so a share under 10 % settles a patch without building it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const DB = process.env.BENCH_HTTP_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/imob_bench_http";
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/admin/imovel", "/admin", "/admin/mensagens"];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-profile-"));
const port = 4700 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: DB,
  IMG_DIR: dir,
  PORT: String(port),
  PUBLIC_URL: base,
  SESSION_SECRET: "bench-http-secret-0123456789abcdefghijkl",
  ADMIN_EMAIL: "bench@imobiliaria.local",
  ADMIN_PASSWORD: "bench-http-senha-forte",
  ALLOW_INSECURE_HTTP: "1",
  WEB_CONCURRENCY: "1",
};

// What each former patch changed (0018), found by the functions V8 names in the built packages.
// A sample counts for a row when any frame of its stack matches.
const ROWS = [
  ["route matching (`matchRoutes`, `flattenRoutes`, `rankRouteBranches`, `compilePath`)", /^(matchRoutes|matchRoutesImpl|flattenRoutes|rankRouteBranches|compilePath|matchRouteBranch|matchPath)$/],
  ["route objects and data routes made per request (`createServerRoutes`, `convertRoutesToDataRoutes`, `createStaticHandler`, `createStaticRouter`)", /^(createServerRoutes|createClientRoutes|convertRoutesToDataRoutes|createStaticHandler|createStaticRouter|groupRoutesByParentId|createRoutes)$/],
  ["a Request copied (`new Request`, `stripIndexParam`, `stripRoutesParam`)", /^(Request|stripIndexParam|stripRoutesParam|stripDataParam|cloneRequest)$/],
  ["`<Link>` rendered on the server (`Link`, `LinkWithRef`, `useHref`, `useResolvedPath`, `useLinkClickHandler`)", /^(Link|LinkWithRef|useHref|useResolvedPath|useLinkClickHandler|usePrefetchBehavior|resolveTo|useNavigateUnstable)$/],
  ["the loader data read ahead (`preloadHandoff`)", /^preloadHandoff$/],
  ["React's render to a string (`renderToString`)", /^(renderToString|renderToStringImpl)$/],
  ["the loaders and actions (`callRouteHandler`, `callLoaderOrAction`)", /^(callLoaderOrAction|callRouteHandler|callDataStrategyImpl)$/],
];

const server = spawn(process.execPath, ["server.mjs"], { env: { ...env, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` }, stdio: ["ignore", "ignore", "inherit"] });
try {
  for (const until = Date.now() + 180_000; !(await fetch(`${base}/healthz`).then((r) => r.ok, () => false)); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() > until || server.exitCode !== null) throw new Error("o servidor não respondeu em /healthz");
  }
  const r = await fetch(`${base}/login`, { method: "POST", body: new URLSearchParams({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, redirectTo: "/admin" }), redirect: "manual", headers: { origin: base } });
  const cookie = r.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => /imob_sessao=/.test(c));
  if (!cookie) throw new Error(`login do administrador falhou (${r.status})`);
  for (const p of paths) {
    const res = await autocannon({ url: base + p, connections: 10, duration: SECONDS, headers: { "accept-encoding": "br", cookie } });
    if (res.non2xx) throw new Error(`${p}: ${res.non2xx} respostas fora de 2xx`);
    console.log(`${p}: ${res.requests.total} renders`);
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
}

const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
if (!file) throw new Error("nenhum perfil gravado (o servidor não saiu normalmente?)");
const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
const parent = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const IDLE = new Set(["(idle)", "(program)"]);
let busy = 0;
const hits = ROWS.map(() => 0);
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  if (IDLE.has(byId.get(id).callFrame.functionName)) return;
  busy += dt;
  const stack = [];
  for (let n = id; n !== undefined; n = parent.get(n)) stack.push(byId.get(n).callFrame.functionName);
  ROWS.forEach(([, re], k) => {
    if (stack.some((f) => re.test(f))) hits[k] += dt;
  });
});
// Self time by where the code lives: a package of node_modules, the app's build, Node itself.
const where = (url) => (url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? (url.includes("/build/") ? "the app (build/)" : url ? "node:" + path.basename(url) : "V8 / native"));
const self = new Map();
profile.samples.forEach((id, i) => {
  const f = byId.get(id).callFrame;
  if (IDLE.has(f.functionName)) return;
  const k = f.functionName === "(garbage collector)" ? "garbage collector" : where(f.url);
  self.set(k, (self.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
console.log(`\nCPU ocupada: ${(busy / 1000).toFixed(0)} ms em ${paths.join(", ")}`);
console.log("| code a former patch changed | share of the busy CPU |\n|---|---|");
ROWS.forEach(([name], k) => console.log(`| ${name} | ${((hits[k] / busy) * 100).toFixed(1)} % |`));
console.log("\n| where (self time) | share |\n|---|---|");
for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`| ${k} | ${((t / busy) * 100).toFixed(1)} % |`);
// PROFILE_KEEP=file keeps the profile (Chrome DevTools' Performance panel opens it).
if (process.env.PROFILE_KEEP) fs.copyFileSync(path.join(dir, file), process.env.PROFILE_KEEP);
fs.rmSync(dir, { recursive: true, force: true });
