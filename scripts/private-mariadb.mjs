// A private MariaDB server from the installed binaries: own datadir, socket, pid file and port, no
// system configuration read. Used by `npm start` (when no database answers) and by the tests that
// need servers of their own (the primary → replica pair of tests/support/mariadb-pair.ts).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/** A port nobody listens on right now (127.0.0.1). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The first of `names` found in the usual system folders or on PATH, else null. */
export function findBinary(names) {
  for (const n of names) {
    for (const dir of ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin", ...(process.env.PATH ?? "").split(":")]) {
      const p = path.join(dir, n);
      if (dir && fs.existsSync(p)) return p;
    }
  }
  return null;
}

/** mariadbd and mariadb-install-db (or their mysql names), or null when MariaDB is not installed. */
export function mariadbBinaries() {
  const server = findBinary(["mariadbd", "mysqld"]);
  const installDb = findBinary(["mariadb-install-db", "mysql_install_db"]);
  return server && installDb ? { server, installDb } : null;
}

// mariadbd refuses to run as root unless told to; everywhere else it runs as whoever starts it.
const userArgs = () => (process.getuid?.() === 0 ? ["--user=root"] : []);

/** Creates the system tables in `datadir` (root without a password); throws with the tool's output. */
export function installDataDir(installDb, datadir) {
  fs.mkdirSync(datadir, { recursive: true });
  const r = spawnSync(
    installDb,
    ["--no-defaults", `--datadir=${datadir}`, "--auth-root-authentication-method=normal", "--skip-test-db", ...userArgs()],
    { encoding: "utf8" },
  );
  if (r.status !== 0) throw new Error(`mariadb-install-db falhou:\n${r.stdout}\n${r.stderr}`);
}

/**
 * Starts mariadbd on 127.0.0.1:`port` over `datadir`, its socket, pid and error log in `dir`.
 * `extra` adds server options (replication settings, for instance). Returns the child process.
 * @param {string} server
 * @param {{ datadir: string, dir: string, port: number, extra?: string[] }} opts
 */
export function startMariadbd(server, { datadir, dir, port, extra = [] }) {
  return spawn(
    server,
    [
      "--no-defaults",
      `--datadir=${datadir}`,
      `--port=${port}`,
      "--bind-address=127.0.0.1",
      `--socket=${path.join(dir, "mariadb.sock")}`,
      `--pid-file=${path.join(dir, "mariadb.pid")}`,
      `--log-error=${path.join(dir, "error.log")}`,
      "--character-set-server=utf8mb4",
      "--collation-server=utf8mb4_unicode_ci",
      ...extra,
      ...userArgs(),
    ],
    { stdio: "ignore" },
  );
}
