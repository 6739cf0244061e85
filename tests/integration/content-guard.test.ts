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

  it("the app reaches the raw pool, which the guard cannot see, only where it writes no content", () => {
    // pool-figures reads the pool's queues for /metrics and sends nothing through it.
    const allowed = new Set(["app/db/client.server.ts", "app/services/rate-limit.server.ts", "app/db/pool-figures.server.ts"]);
    const users: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name) && fs.readFileSync(p, "utf8").includes("getPool(")) users.push(p);
      }
    };
    walk("app");
    expect(users.length, "the precondition: the scan finds the pool's known users").toBeGreaterThan(0);
    expect(users.filter((p) => !allowed.has(p))).toEqual([]);
  });
});
