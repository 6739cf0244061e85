// `npm run alertas -- enviar`: queues every due digest of the e-mail alerts now, whatever the hour
// (ALERTAS_HORA is the server's schedule), sends the outbox, and prints what it did. For an operator,
// and for the tests. `npm run alertas -- limpar` deletes the alerts never confirmed for 7 days.
import { closeDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { createMailWorker } from "~/jobs/mail-worker.server";
import { deleteUnconfirmed } from "~/models/alerts/alerta.server";
import { queueDigests } from "~/models/alerts/alerta-digest.server";
import { mailConfig } from "~/services/mail.server";

const USAGE = "uso: npm run alertas -- enviar | limpar";

async function enviar() {
  const config = mailConfig();
  if (!config) throw new Error("SMTP_URL não configurado: nenhum e-mail de alerta pode ser enviado.");
  const run = await queueDigests();
  console.log(`${run.verificados} alerta(s) verificado(s), ${run.enfileirados} resumo(s) na fila.`);
  // The outbox now (these digests, and anything else due): the same worker as the server's, one pass.
  const env = getEnv();
  const worker = createMailWorker({ config, site: { publicUrl: env.PUBLIC_URL, agencyName: env.AGENCY_NAME }, pollMs: 3_600_000 });
  try {
    await worker.runOnce();
  } finally {
    await worker.stop();
  }
  console.log("Fila de e-mails enviada.");
}

try {
  const command = process.argv[2];
  if (command === "enviar") await enviar();
  else if (command === "limpar") console.log(`${await deleteUnconfirmed()} alerta(s) não confirmado(s) apagado(s).`);
  else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (e) {
  console.error(`alertas: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
