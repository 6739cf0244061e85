// npm run atendimentos -- lembretes   sends now the morning e-mails of follow-ups due (issue 34):
// queues today's reminder of each admin with follow-ups due today or overdue (one per admin per
// day, as the scheduled run at ATENDIMENTOS_HORA) and sends every due one through SMTP_URL.
import { closeDb } from "~/db/client.server";
import { runLembretes } from "~/jobs/lembretes.server";
import { mailConfig } from "~/services/mail.server";

const [command, ...rest] = process.argv.slice(2);
try {
  if (command !== "lembretes" || rest.length) throw new Error("uso: npm run atendimentos -- lembretes");
  const config = mailConfig();
  if (!config) throw new Error("SMTP_URL não está configurado: nenhum e-mail pode ser enviado.");
  const { queued, sent, failed } = await runLembretes(config);
  console.log(`Lembretes: ${queued} novo(s) na fila hoje, ${sent} enviado(s), ${failed} com falha.`);
  process.exitCode = failed ? 1 : 0;
} catch (e) {
  console.error(`Erro: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
