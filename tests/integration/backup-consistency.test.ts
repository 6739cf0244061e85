// The backup's other promises: a backup taken while a writer inserts is one snapshot; an archive
// from an older migration level restores at its level and is then migrated; the daily job runs in
// one process at a time and once a day, and its failure shows on 'Home admin'; the CLI refuses a
// non-empty target with exit code 1 and what is there.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import * as tar from "tar";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { runDailyBackup } from "~/jobs/backup-daily.server";
import { createBackup } from "~/models/backup/create.server";
import { localDestination } from "~/models/backup/destination.server";
import { rawConnection } from "~/models/backup/dump.server";
import { migrateTo, readJournal } from "~/models/backup/migrations.server";
import { restoreArchive } from "~/models/backup/restore.server";
import { backupHealth } from "~/models/backup/status.server";
import { localStore } from "~/services/storage/local.server";
import { checksums, count, removeTmpDirs, scratchDatabase, tmpDir } from "./backup-support";
import { resetDb } from "./db";

const SOURCE = getEnv().DATABASE_URL;
const run = promisify(execFile);

async function backupTo(url: string, dir: string, afterTable?: (t: string) => Promise<void>) {
  const store = localStore(await tmpDir("vazio"));
  return createBackup({ databaseUrl: url, store, destination: localDestination(dir), origem: "manual", keep: 7, afterTable });
}

afterAll(async () => {
  await closeDb();
  await removeTmpDirs();
});
beforeEach(resetDb);

describe("a backup while a writer inserts", () => {
  it("holds one instant: each message with its outbox row, counts as in the manifest, rows as in a snapshot", async () => {
    // The writer: each transaction a message and its outbox row, as a visitor's message is saved.
    const writer = await rawConnection(SOURCE);
    let written = 0;
    let stop = false;
    const loop = (async () => {
      while (!stop) {
        await writer.query("START TRANSACTION");
        const [res] = await writer.query("INSERT INTO mensagens (nome, email, telefone, mensagem) VALUES ('Ana', 'ana@exemplo.com', '17999990000', 'oi')");
        await writer.query("INSERT INTO mensagem_emails (mensagem_id) VALUES (?)", [(res as { insertId: number }).insertId]);
        await writer.query("COMMIT");
        written++;
      }
    })();
    const waitFor = async (n: number) => {
      while (written < n) await new Promise((r) => setTimeout(r, 5));
    };
    await waitFor(5);
    // mensagem_emails is dumped before mensagens (by name): between the two, the writer commits
    // more. Without one snapshot the dump would hold messages whose outbox row it does not.
    let duringDump = 0;
    const r = await backupTo(SOURCE, await tmpDir("arquivos"), async (t) => {
      if (t !== "mensagem_emails") return;
      const at = written;
      await waitFor(at + 10);
      duringDump = written - at;
    });
    stop = true;
    await loop;
    await writer.end();
    expect(duringDump).toBeGreaterThanOrEqual(10);
    const rows = (t: string) => r.manifest.tabelas.find((x) => x.name === t)!.rows;
    expect(rows("mensagens")).toBeGreaterThanOrEqual(5);
    expect(rows("mensagens")).toBe(rows("mensagem_emails"));
    expect(await count(SOURCE, "mensagens")).toBeGreaterThan(rows("mensagens"));

    // The rows are exactly the source's first N (the writer commits in id order): restore and compare.
    const url = await scratchDatabase("instante");
    await restoreArchive({ archive: r.destino, databaseUrl: url, store: localStore(await tmpDir("img")) });
    const src = await rawConnection(SOURCE);
    const dst = await rawConnection(url);
    try {
      const [restored] = await dst.query("SELECT * FROM mensagens ORDER BY id");
      const [source] = await src.query("SELECT * FROM mensagens ORDER BY id LIMIT ?", [rows("mensagens")]);
      expect(restored).toEqual(source);
    } finally {
      await Promise.all([src.end(), dst.end()]);
    }
  });
});

describe("an archive from an older migration level", () => {
  it("restores at its level, then is migrated to the code's", async () => {
    const journal = await readJournal();
    // The level just before 0014, the migration that adds historico: an archive of a schema that lacks a table.
    const older = journal.entries.findIndex((e) => e.tag === "0014_operations");
    expect(older, "the precondition: 0014 is in the journal").toBeGreaterThan(0);
    const oldUrl = await scratchDatabase("antigo");
    await migrateTo(oldUrl, older);
    const conn = await rawConnection(oldUrl);
    await conn.query("INSERT INTO usuarios (email, password_hash) VALUES ('velho@teste.local', 'x')");
    const [tables] = await conn.query("SHOW TABLES LIKE 'historico'");
    await conn.end();
    expect(tables).toEqual([]); // really the older schema: 0014 adds historico

    const r = await backupTo(oldUrl, await tmpDir("antigos"));
    expect(r.manifest.migracoes.applied).toBe(older);
    expect(r.manifest.migracoes.last).toBe(journal.entries[older - 1].tag);

    const url = await scratchDatabase("migrado");
    const restored = await restoreArchive({ archive: r.destino, databaseUrl: url, store: localStore(await tmpDir("img")) });
    expect(restored.migratedAfter).toBe(journal.entries.length - older);
    expect(await count(url, "__drizzle_migrations")).toBe(journal.entries.length);
    expect(await count(url, "historico")).toBe(0);
    const c = await rawConnection(url);
    const [u] = await c.query("SELECT email, nome, ativo FROM usuarios");
    await c.end();
    expect(u).toEqual([{ email: "velho@teste.local", nome: null, ativo: 1 }]);
  });
});

describe("the daily job and 'Home admin'", () => {
  it("runs in one process at a time, once a day, and a failure shows in red", async () => {
    // getEnv() was parsed once for this file: the job's folder is set on it, not in the checkout.
    const env = getEnv() as { BACKUP_DIR: string };
    const dir = await tmpDir("diario");
    env.BACKUP_DIR = dir;
    expect((await backupHealth()).alert).toBe(true); // never backed up

    const outcomes = await Promise.all([runDailyBackup(), runDailyBackup()]);
    expect(outcomes.sort()).toEqual(["feito", "outro-processo"]);
    expect(await runDailyBackup()).toBe("ja-feito");
    expect((await fs.readdir(dir)).filter((f) => f.endsWith(".tar.gz"))).toHaveLength(1);
    const ok = await backupHealth();
    expect(ok).toMatchObject({ alert: false, failed: null });
    expect(ok.ageHours!).toBeLessThan(1);

    // Three days later, the day's run fails (the destination is a file, not a folder).
    const conn = await rawConnection(SOURCE);
    await conn.query("UPDATE backups SET iniciado_em = iniciado_em - INTERVAL 3 DAY");
    await conn.end();
    await fs.writeFile(path.join(dir, "bloqueio"), "");
    env.BACKUP_DIR = path.join(dir, "bloqueio");
    expect(await runDailyBackup()).toBe("falhou");
    const bad = await backupHealth();
    expect(bad.alert).toBe(true);
    expect(bad.ageHours!).toBeGreaterThan(48);
    expect(bad.failed?.erro).toMatch(/EEXIST|ENOTDIR/);
  });
});

describe("an archive changed after it was written", () => {
  it("is refused before anything is written, naming what does not match the manifest", async () => {
    const conn = await rawConnection(SOURCE);
    await conn.query("INSERT INTO usuarios (email, password_hash) VALUES ('original@teste.local', 'x')");
    await conn.end();
    const r = await backupTo(SOURCE, await tmpDir("alterado"));
    const dir = await tmpDir("desfeito");
    await tar.x({ file: r.destino, cwd: dir });
    const table = path.join(dir, "db", "usuarios.ndjson");
    await fs.writeFile(table, (await fs.readFile(table, "utf8")).replace("original@", "intruso@"));
    const tampered = path.join(dir, "alterado.tar.gz");
    await tar.c({ gzip: true, file: tampered, cwd: dir }, ["manifest.json", "db", "img"]);
    const url = await scratchDatabase("alterado");
    await expect(restoreArchive({ archive: tampered, databaseUrl: url, store: localStore(await tmpDir("img")) })).rejects.toThrow(
      /corrompido: tabela usuarios não confere com o manifest/,
    );
    const c = await rawConnection(url);
    const [tables] = await c.query("SHOW TABLES");
    await c.end();
    expect(tables).toEqual([]);
  });
});

describe("npm run restore", () => {
  it("refuses a non-empty database with exit code 1, saying what is there", async () => {
    const conn = await rawConnection(SOURCE);
    await conn.query("INSERT INTO usuarios (email, password_hash) VALUES ('cli@teste.local', 'x')");
    await conn.end();
    const r = await backupTo(SOURCE, await tmpDir("cli"));
    const url = await scratchDatabase("cli");
    await restoreArchive({ archive: r.destino, databaseUrl: url, store: localStore(await tmpDir("img")) });
    const before = await checksums(url);
    const err = await run(process.execPath, ["--import", "tsx", "scripts/restore.ts", r.destino], {
      env: { ...process.env, DATABASE_URL: url, IMG_DIR: await tmpDir("img-cli") },
      timeout: 60_000,
    }).catch((e: { code: number; stderr: string }) => e);
    expect(err).toMatchObject({ code: 1 });
    expect((err as { stderr: string }).stderr).toMatch(/não está vazio: usuarios \(1 linha\).*--force/);
    expect(await checksums(url)).toEqual(before);
  }, 90_000); // a backup, a restore and the CLI under tsx: many seconds on the busy 2-core machine, not a claim
});
