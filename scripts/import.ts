// `npm run import -- <url|arquivo.xml> [--publicar]` (issue 32): the same import as /admin/importar,
// run here to its end, with a summary; exit code 1 when the feed cannot be read (or another import
// is running). The history names the system as who imported.
import { copyFile, mkdtemp, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { closeDb } from "~/db/client.server";
import { FEED_TOO_BIG, importFrom } from "~/http/import.server";
import { FEED_MAX_BYTES } from "~/models/imports/import-run.server";
import { SYSTEM } from "~/models/history/history.server";
import { closePhotoStore } from "~/services/storage/store.server";

const args = process.argv.slice(2);
const publicar = args.includes("--publicar");
const rest = args.filter((a) => a !== "--publicar");

try {
  if (rest.length !== 1 || rest[0].startsWith("--")) throw new Error("uso: npm run import -- <url|arquivo.xml> [--publicar]");
  const source = rest[0];
  let from: { url: string } | { file: string; name: string };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) from = { url: source };
  else {
    const unreadable = (e: NodeJS.ErrnoException) => new Error(e.code === "ENOENT" ? `arquivo não encontrado: ${source}` : `não foi possível ler ${source}: ${e.message}`);
    // Measured before it is copied: a file over the limit is refused without a byte of it read.
    const { size } = await stat(source).catch((e: NodeJS.ErrnoException) => {
      throw unreadable(e);
    });
    if (size > FEED_MAX_BYTES) throw new Error(FEED_TOO_BIG);
    // A copy: the job removes its file when it ends, and the operator's file stays where it was.
    const file = join(await mkdtemp(join(tmpdir(), "imob-import-")), "feed.xml");
    await copyFile(source, file).catch((e: NodeJS.ErrnoException) => {
      throw unreadable(e);
    });
    from = { file, name: basename(source) };
  }
  console.log(`Importando ${source}${publicar ? " (publicar ao importar)" : ""} …`);
  const { id, done } = await importFrom(from, publicar, SYSTEM);
  const s = await done;
  const counts = Object.entries(s.counts).map(([k, n]) => `${k}: ${n}`).join(", ");
  if (s.erro) {
    console.error(`importação #${id} falhou: ${s.erro}${s.lidos ? ` (${s.lidos} de ${s.total} lidos; ${counts})` : ""}`);
    process.exitCode = 1;
  } else console.log(`importação #${id} concluída: ${s.lidos} imóveis lidos${counts ? ` (${counts})` : ""}; relatório em /admin/importar/${id}`);
} catch (e) {
  console.error(`importação falhou: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await closePhotoStore();
  await closeDb();
}
