// `npm run img:sweep`: removes photo files no row references, older than a day (local or bucket).
import { closeDb } from "~/db/client.server";
import { sweepOrphanFiles } from "~/models/listings/foto-sweep.server";
import { closePhotoStore } from "~/services/storage/store.server";

try {
  const report = await sweepOrphanFiles({ log: console.log });
  console.log(JSON.stringify(report));
} catch (e) {
  console.error(`img:sweep: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await Promise.all([closeDb(), closePhotoStore()]);
}
