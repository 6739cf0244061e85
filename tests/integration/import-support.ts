// The import's tests (issue 32): a feed server on 127.0.0.2 (the address vitest.config.ts allows),
// an import run to its end as the form and the CLI run it, and what it left in the database.
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll } from "vitest";
import { closeDb, getDb, getPool } from "~/db/client.server";
import { imoveis, imovelFotos } from "~/db/schema";
import { importFrom } from "~/http/import.server";
import { SYSTEM } from "~/models/history/history.server";
import { reportItems } from "~/models/imports/import-report.server";
import { startFeedServer, gpsJpeg } from "../support/feed-server";
import { resetDb } from "./db";

export type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;
export { startFeedServer };

/** The hooks of an import test file: a clean database and a feed server (handed to `ready`) before its tests, both closed after. */
export function withFeedServer(ready: (server: FeedServer) => void) {
  let server: FeedServer | undefined;
  beforeAll(async () => {
    await resetDb();
    server = await startFeedServer();
    ready(server);
  });
  afterAll(async () => {
    await server?.close();
    await closeDb();
  });
}

/** Runs an import of `path` on the server to its end; its summary and its report's lines. */
export async function runImport(server: FeedServer, path: string, publicar = false) {
  const { done } = await importFrom({ url: server.url(path) }, publicar, SYSTEM);
  const summary = await done;
  const items = await reportItems(summary.id);
  return { ...summary, items, byCode: Object.fromEntries(items.map((i) => [i.codigo, i])) };
}

/** Serves `n` distinct photos (with GPS in their EXIF) under /fotos/<prefix>-<k>.jpg; their URLs. */
export async function servePhotos(server: FeedServer, prefix: string, n: number) {
  const urls: string[] = [];
  for (let k = 1; k <= n; k++) {
    const path = `/fotos/${prefix}-${k}.jpg`;
    server.routes.set(path, { body: await gpsJpeg(1000, 750, `#${((k * 40) % 256).toString(16).padStart(2, "0")}6699`), type: "image/jpeg" });
    urls.push(server.url(path));
  }
  return urls;
}

export async function listingByFeedCode(codigo: string) {
  const [row] = await getDb().select().from(imoveis).where(eq(imoveis.codigo_feed, codigo));
  return row;
}

export const fotosOf = (id: number) => getDb().select().from(imovelFotos).where(eq(imovelFotos.imovel_id, id)).orderBy(imovelFotos.position, imovelFotos.id);

export async function countImoveis() {
  const [[row]] = (await getPool().query("SELECT COUNT(*) AS n FROM imoveis")) as unknown as [[{ n: number }]];
  return Number(row.n);
}

export async function contentVersionNow() {
  const [row] = await getDb().execute(sql`SELECT version FROM content_version WHERE id = 1`);
  return Number((row as unknown as { version: number }[])[0].version);
}

/** Whether an image's bytes still carry EXIF (GPS included). */
export const hasExif = async (buf: Buffer) => !!(await sharp(buf).metadata()).exif;
