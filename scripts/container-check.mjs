// `npm run container:check`: the Dockerfile's steps replayed without a container engine, in clean
// copies of the committed tree (git archive HEAD), bounded in time, leaving nothing behind:
//   build copy    npm ci (all dependencies) + react-router build              (stages deps, build)
//   runtime copy  npm ci --omit=dev + the final stage's COPY lines         (stages prod-deps, final)
//   run           the image's CMD (without tsx or app/'s TypeScript) with its ENV, NODE_ENV=production, STORAGE=s3 on an s3rver bucket
//                 and a fresh database: migrate + seed (SEED_DEMO=1), /healthz, /readyz, a page, a
//                 photo, SIGTERM. Node: the one running this script (the project's Node 24).
// The final stage is read from the Dockerfile itself, so a COPY it forgets fails here.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import mysql from "mysql2/promise";
import S3rver from "s3rver";
import { freePort } from "./private-mariadb.mjs";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const LIMIT_MS = Number(process.env.CONTAINER_CHECK_TIMEOUT_S ?? 900) * 1000;
const started = Date.now();
const log = (s) => console.log(`[container:check ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${s}`);
// A database of its own, named after this run's test database (parallel worktrees never share it).
const base = new URL(process.env.TEST_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/imobiliaria_vitest");
const dbName = `${base.pathname.slice(1)}_container`;
const databaseUrl = Object.assign(new URL(base), { pathname: `/${dbName}` }).toString();

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "imob-container-"));
const children = new Set();
let s3;

function run(cmd, args, cwd, env = {}) {
  const left = LIMIT_MS - (Date.now() - started);
  if (left <= 0) throw new Error("tempo esgotado");
  execFileSync(cmd, args, { cwd, stdio: ["ignore", "inherit", "inherit"], timeout: left, env: { ...process.env, ...env } });
}

/** The final stage of the Dockerfile: its ENV, COPY lines and CMD. */
function finalStage() {
  const lines = fs.readFileSync(path.join(root, "Dockerfile"), "utf8").replace(/\\\n/g, " ").split("\n");
  const stage = lines.slice(lines.findLastIndex((l) => /^FROM\s/i.test(l)));
  const env = {};
  const copies = [];
  let cmd;
  for (const line of stage) {
    const [word, ...rest] = line.trim().split(/\s+/);
    if (/^ENV$/i.test(word)) for (const kv of rest) env[kv.split("=")[0]] = kv.split("=").slice(1).join("=");
    if (/^CMD$/i.test(word)) cmd = JSON.parse(rest.join(" "));
    if (/^COPY$/i.test(word)) {
      const from = rest.find((a) => a.startsWith("--from="))?.slice(7);
      const args = rest.filter((a) => !a.startsWith("--"));
      copies.push({ from, sources: args.slice(0, -1), dest: args.at(-1) });
    }
  }
  if (!cmd || copies.length === 0) throw new Error("Dockerfile: estágio final sem CMD ou COPY");
  return { env, copies, cmd };
}

let server; // the CMD's process, once started: waiting stops as soon as it has died
async function waitFor(urlPath, port, ms) {
  const until = Date.now() + ms;
  for (;;) {
    if (server && server.exitCode !== null) throw new Error(`o servidor terminou com código ${server.exitCode} antes de responder ${urlPath}`);
    const res = await fetch(`http://127.0.0.1:${port}${urlPath}`).catch(() => null);
    if (res?.ok) return res;
    if (Date.now() > until) throw new Error(`${urlPath} não respondeu 200 (último: ${res?.status ?? "sem resposta"})`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function dropDatabase() {
  const server = Object.assign(new URL(base), { pathname: "/" }).toString();
  const conn = await mysql.createConnection({ uri: server, connectTimeout: 5000 });
  await conn.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
  await conn.end();
}

async function main() {
  const stage = finalStage();
  log(`cópias limpas de HEAD em ${tmp}`);
  const src = path.join(tmp, "build");
  const app = path.join(tmp, "app");
  fs.mkdirSync(src);
  fs.mkdirSync(app);
  execFileSync("sh", ["-c", `git archive --format=tar HEAD | tar -x -C '${src}'`], { cwd: root });

  log("estágio deps + build: npm ci (todas as dependências) e react-router build");
  run("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], src);
  // The image's build/ (a BUILD_DIR set for parallel test runs must not move it).
  run("npx", ["react-router", "build"], src, { NODE_ENV: "production", BUILD_DIR: "build" });

  log("estágio prod-deps: npm ci --omit=dev");
  for (const f of ["package.json", "package-lock.json"]) fs.copyFileSync(path.join(src, f), path.join(app, f));
  // The stage's COPY patches: npm's postinstall applies them (patch-package), or the install fails.
  fs.cpSync(path.join(src, "patches"), path.join(app, "patches"), { recursive: true });
  run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"], app);
  if (!fs.readFileSync(path.join(app, "node_modules/react-router/dist/production/lib/dom/lib.js"), "utf8").includes("isPlainPath(to)")) throw new Error("o patch de react-router (patches/) não foi aplicado na cópia de produção");

  log("estágio final: as linhas COPY do Dockerfile");
  for (const { from, sources, dest } of stage.copies) {
    if (from === "prod-deps") continue; // node_modules: installed in place just above
    const origin = from === "build" ? src : from ? null : src;
    if (!origin) throw new Error(`COPY --from=${from}: estágio desconhecido`);
    for (const s of sources) {
      const rel = s.replace(/^\/app\//, "");
      const target = path.join(app, dest.endsWith("/") ? path.join(dest, path.basename(rel)) : dest);
      fs.cpSync(path.join(origin, rel), target, { recursive: true });
    }
  }
  fs.rmSync(path.join(app, "package-lock.json"));
  const devOnly = ["vitest", "@react-router/dev", "s3rver", "@playwright/test", "drizzle-kit"].filter((d) => fs.existsSync(path.join(app, "node_modules", d)));
  if (devOnly.length) throw new Error(`dependências de desenvolvimento na imagem: ${devOnly.join(", ")}`);
  // The start runs compiled JavaScript only (decision 0033): the CMD runs here without tsx and without
  // the TypeScript the command-line tools keep in the image, so a start that still needed them fails.
  for (const cliOnly of ["node_modules/tsx", "app"].filter((p) => fs.existsSync(path.join(app, p)))) {
    fs.renameSync(path.join(app, cliOnly), path.join(app, `${cliOnly}.so-para-a-cli`));
  }

  const s3dir = path.join(tmp, "s3");
  s3 = new S3rver({ port: 0, address: "127.0.0.1", directory: s3dir, silent: true, configureBuckets: [{ name: "fotos" }] });
  const { port: s3port } = await s3.run();
  const port = await freePort();
  await dropDatabase();
  const env = {
    ...process.env,
    ...stage.env,
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Plain http on loopback, on purpose (production refuses it otherwise).
    ALLOW_INSECURE_HTTP: "1",
    IMG_DIR: path.join(tmp, "img-nao-usado"),
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: "container-check-".repeat(3),
    ADMIN_PASSWORD: "senha-do-container-123",
    // Asked for on purpose: the demo's photos, to see one served from the bucket. A production start
    // without it gets no listing at all (tests/e2e/server-empty.spec.ts).
    SEED_DEMO: "1",
    STORAGE: "s3",
    S3_BUCKET: "fotos",
    S3_ENDPOINT: `http://127.0.0.1:${s3port}`,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
  delete env.BUILD_DIR;
  log(`CMD ${stage.cmd.join(" ")} (migrar, popular, servir) na porta ${port}, fotos no bucket s3rver`);
  const child = spawn(stage.cmd[0] === "node" ? process.execPath : stage.cmd[0], stage.cmd.slice(1), { cwd: app, env, stdio: ["ignore", "inherit", "inherit"] });
  children.add(child);
  server = child;
  const exited = new Promise((r) => child.once("exit", (code, signal) => r({ code, signal })));
  await waitFor("/healthz", port, 180_000);
  await waitFor("/readyz", port, 10_000);
  const home = await (await waitFor("/", port, 10_000)).text();
  const photo = home.match(/\/img\/([a-f0-9]{20}(?:-\d+)?\.(?:jpg|webp))/)?.[1];
  if (!photo) throw new Error("a página inicial não mostra nenhuma foto");
  const img = await waitFor(`/img/${photo}`, port, 10_000);
  if (!/^image\//.test(img.headers.get("content-type") ?? "")) throw new Error(`/img/${photo}: tipo ${img.headers.get("content-type")}`);
  if (!fs.readdirSync(s3dir).includes("fotos")) throw new Error("nada foi gravado no bucket");
  log(`/healthz, /readyz, / e /img/${photo} (do bucket) responderam 200`);
  const t = Date.now();
  child.kill("SIGTERM");
  const { code } = await Promise.race([exited, new Promise((r) => setTimeout(() => r({ code: "timeout" }), 10_000))]);
  if (code !== 0) throw new Error(`SIGTERM: saída ${code}`);
  children.delete(child);
  log(`SIGTERM: encerrou com código 0 em ${Date.now() - t} ms`);
}

const timer = setTimeout(() => {
  console.error(`[container:check] tempo esgotado (${LIMIT_MS / 1000} s)`);
  cleanup().finally(() => process.exit(1));
}, LIMIT_MS);

async function cleanup() {
  for (const c of children) c.kill("SIGKILL");
  await s3?.close().catch(() => {});
  await dropDatabase().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}

try {
  await main();
  log("ok: a imagem se constrói, migra, serve e para");
} catch (e) {
  console.error(`[container:check] FALHOU: ${e instanceof Error ? e.message : e}`);
  process.exitCode = 1;
} finally {
  clearTimeout(timer);
  await cleanup();
}
