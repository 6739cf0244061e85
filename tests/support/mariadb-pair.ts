// Two private MariaDB servers in primary → replica replication, from the installed binaries, in a
// temporary folder and on free ports: binary log on the primary, a replication user, CHANGE MASTER
// on the replica. stop() ends both and removes everything, and is safe to call after a failure.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import { freePort, installDataDir, mariadbBinaries, startMariadbd } from "../../scripts/private-mariadb.mjs";

export type Server = { port: number; url: (db: string) => string; child: ChildProcess; dir: string };
export type Pair = {
  primary: Server;
  replica: Server;
  /** Waits until the replica has applied everything the primary has logged so far. */
  caughtUp(timeoutS?: number): Promise<void>;
  stopReplication(): Promise<void>;
  startReplication(): Promise<void>;
  /** Runs one statement on a server. */
  query<T = unknown>(server: Server, sql: string, params?: unknown[]): Promise<T>;
  stop(): Promise<void>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function query<T>(server: Server, sql: string, params: unknown[] = []): Promise<T> {
  const conn = await mysql.createConnection({ host: "127.0.0.1", port: server.port, user: "root", connectTimeout: 2000 });
  try {
    return (await conn.query(sql, params))[0] as T;
  } finally {
    await conn.end();
  }
}

async function waitUp(server: Server, deadline: number) {
  for (;;) {
    if (server.child.exitCode !== null) {
      const log = await fs.readFile(path.join(server.dir, "error.log"), "utf8").catch(() => "");
      throw new Error(`mariadbd terminou (código ${server.child.exitCode}):\n${log.slice(-2000)}`);
    }
    if (await query(server, "SELECT 1").then(() => true, () => false)) return;
    if (Date.now() > deadline) throw new Error(`mariadbd não respondeu na porta ${server.port}`);
    await sleep(200);
  }
}

function stopServer(s: Server | undefined) {
  if (!s || s.child.exitCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const kill = setTimeout(() => s.child.kill("SIGKILL"), 10_000);
    s.child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    s.child.kill("SIGTERM");
  });
}

/** Starts the pair; throws (after cleaning up) with the reason when MariaDB is missing or fails. */
export async function startPair(opts: { timeoutMs?: number } = {}): Promise<Pair> {
  const bin = mariadbBinaries();
  if (!bin) throw new Error("MariaDB não está instalado (mariadbd e mariadb-install-db): apt-get install mariadb-server");
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "imob-repl-"));
  const servers: Server[] = [];
  const stop = async () => {
    await Promise.all(servers.map(stopServer));
    await fs.rm(tmp, { recursive: true, force: true });
  };
  try {
    // One install, copied: faster than two, and both start from the same (empty) state.
    installDataDir(bin.installDb, path.join(tmp, "seed"));
    for (const [name, extra] of [
      ["primary", ["--server-id=1", "--log-bin=mariadb-bin", "--binlog-format=ROW"]],
      ["replica", ["--server-id=2", "--relay-log=relay-bin", "--read-only"]],
    ] as const) {
      const dir = path.join(tmp, name);
      await fs.cp(path.join(tmp, "seed"), path.join(dir, "data"), { recursive: true });
      const port = await freePort();
      const child = startMariadbd(bin.server, { datadir: path.join(dir, "data"), dir, port, extra: [...extra] });
      servers.push({ port, child, dir, url: (db) => `mysql://root@127.0.0.1:${port}/${db}` });
    }
    const [primary, replica] = servers;
    await Promise.all(servers.map((s) => waitUp(s, deadline)));

    await query(primary, "CREATE USER 'repl'@'127.0.0.1' IDENTIFIED BY 'repl-senha'");
    await query(primary, "GRANT REPLICATION SLAVE ON *.* TO 'repl'@'127.0.0.1'");
    // Both started from the same files: replicate from where the primary's log is now.
    const [status] = await query<{ File: string; Position: number }[]>(primary, "SHOW MASTER STATUS");
    await query(
      replica,
      "CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=?, MASTER_USER='repl', MASTER_PASSWORD='repl-senha', MASTER_LOG_FILE=?, MASTER_LOG_POS=?, MASTER_CONNECT_RETRY=1",
      [primary.port, status.File, status.Position],
    );
    await query(replica, "START SLAVE");

    const caughtUp = async (timeoutS = 20) => {
      const [now] = await query<{ File: string; Position: number }[]>(primary, "SHOW MASTER STATUS");
      const [row] = await query<{ r: number | null }[]>(replica, "SELECT MASTER_POS_WAIT(?, ?, ?) AS r", [now.File, now.Position, timeoutS]);
      if (row.r === null || row.r < 0) {
        const [s] = await query<Record<string, unknown>[]>(replica, "SHOW SLAVE STATUS");
        throw new Error(`a réplica não alcançou o primário: ${JSON.stringify({ io: s?.Slave_IO_Running, sql: s?.Slave_SQL_Running, err: s?.Last_Error || s?.Last_IO_Error })}`);
      }
    };
    await caughtUp();
    return {
      primary,
      replica,
      caughtUp,
      stopReplication: () => query(replica, "STOP SLAVE"),
      startReplication: () => query(replica, "START SLAVE"),
      query: (server, sql, params) => query(server, sql, params),
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
