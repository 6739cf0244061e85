// The one cache rule, enforced (issue 20): the tables a public page shows change only inside
// contentWrite, which bumps the version every cache is filed under. Any other write of them through
// the app's database handle is refused before it reaches the database.
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb, getPool } from "~/db/client.server";
import { CONTENT_TABLES, ContentWriteOutsideError, contentTableWritten } from "~/db/content-guard.server";
import { banners, contentVersion, imoveis, imovelFotos, mensagens } from "~/db/schema";
import { contentWrite } from "~/models/listings/content-version.server";
import { attachFotos } from "~/models/listings/foto.server";
import { insertImovel } from "~/models/listings/imovel.server";
import { resetDb } from "./db";

// What the app (and its scripts) may use to reach the database around the guard: the guard lives in
// drizzle's logger on the two handles of app/db/client.server.ts, so a bare pool, a connection of
// its own or a drizzle handle made without that logger writes unseen. Each use is listed here by
// file and kind with the reason it may: it writes no content table, or it writes them where no
// server is serving and no cache holds them.
const RAW_HANDLE_KINDS = {
  "getPool(": /\bgetPool\(/,
  "rawConnection(": /\brawConnection\(/,
  "createConnection(": /\bcreateConnection\(/,
  "createPool(": /\bcreatePool\(/,
  "getConnection(": /\bgetConnection\(/,
  "drizzle(": /\bdrizzle\(/,
  "$client": /\$client\b/,
} satisfies Record<string, RegExp>;
const SCANNED = ["app", "server", "scripts"];
const RAW_HANDLES: Record<string, Partial<Record<keyof typeof RAW_HANDLE_KINDS, string>>> = {
  "app/db/client.server.ts": {
    "createPool(": "the pools themselves; each is wrapped right here by a drizzle handle whose logger is the guard",
    "drizzle(": "the two guarded handles (checked by the next test)",
    "getPool(": "defines it; pingDb sends SELECT 1",
  },
  "app/db/pool-figures.server.ts": { "getPool(": "reads the pool's queues for /metrics; sends no statement" },
  "app/services/rate-limit.server.ts": { "getPool(": "rate-limiter-flexible needs mysql2's pool; it writes only `rate_limiter`" },
  "app/db/setup.server.ts": {
    "createConnection(": "creates or drops a database and applies migrations, at start before this process serves",
    "drizzle(": "drizzle's migrator only (schema changes; a migration that rewrote content rows would not bump the version)",
  },
  "app/models/backup/dump.server.ts": {
    "createConnection(": "defines rawConnection, a connection that reads values exactly as stored",
    "rawConnection(": "the dump reads every table in one READ ONLY snapshot",
  },
  "app/models/backup/create.server.ts": { "rawConnection(": "writes only its run's row of `backups`; the dump has its own" },
  "app/jobs/backup-daily.server.ts": { "rawConnection(": "holds the backup lock (GET_LOCK) and writes only `backups` rows (runs.server.ts)" },
  "app/models/backup/restore.server.ts": {
    // load.server.ts writes through the connection restore hands it.
    "rawConnection(":
      "restore drops and reloads every table, content included, into a database no server is serving (empty, or forced after saying what it overwrites); content_version comes back as the archive had it, not bumped: docs/backup.md says to restart servers that were serving it",
  },
  "app/models/backup/migrations.server.ts": {
    "createConnection(": "migrateTo: the first N migrations into the database a restore is rebuilding",
    "drizzle(": "drizzle's migrator only, on that connection",
  },
  "scripts/bench-lists.ts": { "getPool(": "wraps the pool's query to EXPLAIN the SELECTs drizzle sends, on the benchmark's own database" },
  "scripts/bench-http.mjs": { "createConnection(": "drops its own benchmark database before seeding it; reads one listing id" },
  "scripts/lighthouse.mjs": { "createConnection(": "drops its own database before seeding it; reads one listing id" },
  "scripts/container-check.mjs": { "createConnection(": "drops the check's own scratch database" },
  "scripts/start.mjs": { "createConnection(": "only checks that the database server answers" },
  "scripts/stress.mjs": { "createConnection(": "waits for its private MariaDB; reads listing ids and counts photo rows" },
};

async function count(table: string) {
  const [rows] = await getPool().query(`SELECT COUNT(*) AS n FROM \`${table}\``);
  return Number((rows as { n: number }[])[0].n);
}

async function dbVersion() {
  const [rows] = await getPool().query("SELECT version FROM content_version WHERE id = 1");
  return (rows as { version: number }[])[0].version;
}

describe("content writes only through contentWrite", () => {
  beforeEach(resetDb);
  afterAll(closeDb);

  it("refuses every insert, update and delete of a content table made around it, before it reaches the database", async () => {
    const id = await insertImovel({ descricao: "" });
    const [before, version] = [await count("imoveis"), await dbVersion()];
    const db = getDb();
    const attempts = [
      () => db.insert(imoveis).values({ descricao: "", status: "Venda", tipo: "Casa" }),
      () => db.update(imoveis).set({ preco: "1" }).where(eq(imoveis.id, id)),
      () => db.delete(imoveis).where(eq(imoveis.id, id)),
      () => db.insert(imovelFotos).values({ imovel_id: id, img: "aaaaaaaaaaaaaaaaaaaa.jpg", position: 0 }),
      () => db.insert(banners).values({ banner: "bbbbbbbbbbbbbbbbbbbb.jpg" }),
      () => db.update(contentVersion).set({ version: sql`${contentVersion.version} + 1` }),
      () => db.execute(sql`UPDATE imoveis SET ativo = 'nao'`),
      // A transaction of its own is still around contentWrite.
      () => db.transaction((tx) => tx.update(imoveis).set({ ativo: "nao" })),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toBeInstanceOf(ContentWriteOutsideError);
    expect(await count("imoveis")).toBe(before);
    expect(await count("imovel_fotos")).toBe(0);
    expect(await count("banners")).toBe(0);
    expect(await dbVersion()).toBe(version);
  });

  it("lets the same writes through inside contentWrite, and every one bumps the version", async () => {
    const version = await dbVersion();
    const id = await contentWrite(async (tx) => Number((await tx.insert(imoveis).values({ descricao: "", status: "Venda", tipo: "Casa" }))[0].insertId));
    await attachFotos(id, ["aaaaaaaaaaaaaaaaaaaa.jpg"]);
    expect(await count("imovel_fotos")).toBe(1);
    expect(await dbVersion()).toBe(version + 2);
  });

  it("leaves every other table to its models (messages, sessions, limits)", async () => {
    await getDb().insert(mensagens).values({ nome: "A", email: "a@b.co", telefone: "", mensagem: "m", ip: "" });
    expect(await count("mensagens")).toBe(1);
  });

  it("recognizes what drizzle writes to each content table, and nothing else", () => {
    for (const t of CONTENT_TABLES) {
      expect(contentTableWritten(`insert into \`${t}\` (\`a\`) values (?)`)).toBe(t);
      expect(contentTableWritten(`update \`${t}\` set \`a\` = ?`)).toBe(t);
      expect(contentTableWritten(`delete from \`${t}\` where 1`)).toBe(t);
      expect(contentTableWritten(`select * from \`${t}\``)).toBeNull();
    }
    expect(contentTableWritten("UPDATE imoveis SET x = 1")).toBe("imoveis");
    expect(contentTableWritten("update `imoveis_backup` set x = 1")).toBeNull();
    expect(contentTableWritten("update `mensagens` set `lida` = ?")).toBeNull();
  });

  it("every database handle the guard cannot see is on the list, with its reason, and the list is up to date", () => {
    const found = new Map<string, Set<string>>();
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(tsx?|[cm]?js)$/.test(e.name)) {
          const text = fs.readFileSync(p, "utf8");
          const kinds = Object.entries(RAW_HANDLE_KINDS).filter(([, re]) => re.test(text)).map(([k]) => k);
          if (kinds.length) found.set(p, new Set(kinds));
        }
      }
    };
    for (const dir of SCANNED) walk(dir);
    const listed = Object.entries(RAW_HANDLES).flatMap(([file, kinds]) => Object.keys(kinds).map((k) => `${file}: ${k}`));
    const seen = [...found].flatMap(([file, kinds]) => [...kinds].map((k) => `${file}: ${k}`));
    expect(seen, "the precondition: the scan finds the handles known to exist").toContain("app/models/backup/restore.server.ts: rawConnection(");
    // Both ways: a new handle needs its reason here, and an entry whose code is gone goes too.
    expect(seen.sort()).toEqual(listed.sort());
    for (const [file, kinds] of Object.entries(RAW_HANDLES)) for (const reason of Object.values(kinds)) expect(reason, file).toMatch(/\w+ \w+ \w+/);
  });

  it("the app's own drizzle handles (primary and replica) are made with the guard", () => {
    const made = fs.readFileSync("app/db/client.server.ts", "utf8").match(/drizzle\([^;]*/g) ?? [];
    expect(made).toHaveLength(2);
    for (const m of made) expect(m).toContain("logger: contentGuard");
  });
});
