// `npm start`: reach (or start) a database, build when stale, create/migrate/seed the database, then serve.
// First: a Node older than the project's stops here (scripts/require-node.mjs).
import "./require-node.mjs";
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import mysql from "mysql2/promise";
import { allowLoopbackHttp } from "./loopback-http.mjs";
import { freePort, installDataDir, mariadbBinaries, startMariadbd } from "./private-mariadb.mjs";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
process.chdir(root);
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const DEFAULT_URL = "mysql://root@127.0.0.1:3306/imobiliaria";
const env = allowLoopbackHttp({ ...process.env });
env.DATABASE_URL ||= DEFAULT_URL;
const log = (s) => console.log(`[start] ${s}`);
const fail = (s) => {
  console.error(`\n[start] ${s}\n`);
  process.exit(1);
};

async function canConnect(dbUrl) {
  const u = new URL(dbUrl);
  u.pathname = "/";
  try {
    const c = await mysql.createConnection({ uri: u.toString(), connectTimeout: 3000 });
    await c.end();
    return true;
  } catch (e) {
    return e;
  }
}

let privateDb = null;
async function startPrivateMariaDb() {
  const bin = mariadbBinaries();
  if (!bin) {
    fail(
      "Nenhum servidor MySQL/MariaDB respondeu em 127.0.0.1:3306 e nenhum está instalado.\n" +
        "Faça uma das opções:\n" +
        "  • instale o MariaDB:  sudo apt-get install -y mariadb-server\n" +
        "  • aponte para um servidor existente:  DATABASE_URL=mysql://usuario:senha@host:3306/imobiliaria\n" +
        "  • ou suba o banco do projeto:  docker compose up -d db",
    );
  }
  const dir = path.join(root, ".data", "mariadb");
  const datadir = path.join(dir, "data");
  if (!fs.existsSync(path.join(datadir, "mysql"))) {
    log(`criando uma instância privada do MariaDB em ${path.relative(root, datadir)} …`);
    try {
      installDataDir(bin.installDb, datadir);
    } catch (e) {
      fail(e.message);
    }
  }
  const port = await freePort();
  const errLog = path.join(dir, "error.log");
  const child = startMariadbd(bin.server, { datadir, dir, port });
  privateDb = child;
  child.on("exit", (code) => {
    if (privateDb) log(`o MariaDB privado terminou (código ${code}); veja ${path.relative(root, errLog)}`);
    privateDb = null;
  });
  const dbUrl = `mysql://root@127.0.0.1:${port}/imobiliaria`;
  for (let i = 0; i < 60; i++) {
    if ((await canConnect(dbUrl)) === true) {
      log(`O servidor padrão (127.0.0.1:3306) não respondeu: usando um MariaDB privado em 127.0.0.1:${port} (dados em .data/mariadb).`);
      return dbUrl;
    }
    if (!privateDb) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  fail(`o MariaDB privado não subiu; veja ${path.relative(root, errLog)}`);
}

function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

const buildDir = env.BUILD_DIR || "build";

// Everything the build is made of: the app (React Router's build) and the server compiled beside it (<build>/node/).
const BUILD_INPUTS = ["app", "server", "public", "scripts/db-prepare.ts", "scripts/build-server.ts", "react-router.config.ts", "vite.config.ts", "package.json", "tsconfig.json"];

function buildIsStale() {
  const outs = [path.join(buildDir, "server", "index.js"), path.join(buildDir, "node", "main.js"), path.join(buildDir, "node", "db-prepare.js")];
  if (!outs.every((o) => fs.existsSync(o))) return true;
  const built = Math.min(...outs.map((o) => fs.statSync(o).mtimeMs));
  return BUILD_INPUTS.filter((p) => fs.existsSync(p)).some((p) => newestMtime(p) > built);
}

/** The React Router CLI's file, as its package names it (bin.js in 7.x, bin.cjs in 8.x). */
function reactRouterCli() {
  const dev = path.join("node_modules", "@react-router", "dev");
  return path.join(dev, JSON.parse(fs.readFileSync(path.join(dev, "package.json"), "utf8")).bin["react-router"]);
}

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  if (r.status !== 0) fail(`${path.basename(cmd)} ${args.join(" ")} falhou (código ${r.status})`);
}

function stopPrivateDb() {
  if (privateDb) {
    const p = privateDb;
    privateDb = null;
    p.kill("SIGTERM");
  }
}

// 1. Database server
const reach = await canConnect(env.DATABASE_URL);
if (reach !== true) {
  const isDefault = env.DATABASE_URL === DEFAULT_URL;
  if (!isDefault) fail(`não foi possível conectar ao banco em DATABASE_URL (${reach.code ?? reach.message}).`);
  env.DATABASE_URL = await startPrivateMariaDb();
}

// 2. Session secret: production needs one; keep a generated one so sessions survive restarts.
if (!env.SESSION_SECRET) {
  const file = path.join(root, ".data", "session-secret");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
  env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
}

// 3. Build when missing or older than the sources (the app and its server, compiled: no tsx when serving).
if (buildIsStale()) {
  log("gerando o build de produção …");
  run(process.execPath, [reactRouterCli(), "build"], { NODE_ENV: "production" });
}

// 4. Create, migrate and seed (development defaults, so a first admin password can be generated).
run(process.execPath, [path.join(buildDir, "node", "db-prepare.js")]);

// 5. Serve.
const server = spawn(process.execPath, ["server.mjs"], {
  stdio: "inherit",
  env: { ...env, NODE_ENV: "production" },
});
for (const sig of ["SIGTERM", "SIGINT"]) {
  process.on(sig, () => server.kill(sig));
}
server.on("exit", (code, signal) => {
  stopPrivateDb();
  process.exit(code ?? (signal ? 0 : 1));
});
