// The morning reminders of follow-ups (issue 34), beside the requests: at ATENDIMENTOS_HORA (São
// Paulo) each process queues today's reminders (one per admin per day: the unique key of
// lembrete_emails) and sends the due ones; `npm run atendimentos -- lembretes` does the same now.
// A failed send is tried again later (the messages' backoff), while the day lasts.
import crypto from "node:crypto";
import os from "node:os";
import { getEnv } from "../env.server";
import { logFor } from "../log.server";
import { claimLembretes, composeLembrete, lembreteOf, markLembrete, queueLembretes } from "../models/atendimentos/lembretes.server";
import { defaultBackoff } from "../models/messages/mensagem-outbox.server";
import { processSlot } from "../process-state.server";
import { createMailer, describeMailError, mailConfig, type MailConfig } from "../services/mail.server";

const log = logFor("mail");
const LEASE_MS = 5 * 60_000;
const CHECK_MS = 60_000;

/** Queues today's reminders and sends every due one; how many were queued and sent. */
export async function runLembretes(config: MailConfig | null = mailConfig(), now = new Date()) {
  const queued = await queueLembretes(now);
  let sent = 0;
  let failed = 0;
  if (!config) return { queued, sent, failed };
  const env = getEnv();
  const site = { publicUrl: env.PUBLIC_URL, agencyName: env.AGENCY_NAME };
  const owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`.slice(0, 64);
  const mailer = createMailer(config);
  try {
    for (;;) {
      const rows = await claimLembretes(owner, 5, LEASE_MS);
      if (!rows.length) break;
      for (const r of rows) {
        const l = await lembreteOf(r.usuarioId, now);
        try {
          // An admin deactivated, or whose follow-ups were all done since: nothing to say.
          if (l?.retornos.length) await mailer.send(composeLembrete(l, site));
          await markLembrete(r.id, owner, { ok: true });
          sent++;
        } catch (e) {
          failed++;
          const error = describeMailError(e, config);
          log.error({ usuarioId: r.usuarioId }, `Lembrete de retornos não enviado (tentativa ${r.attempts + 1}): ${error}`);
          await markLembrete(r.id, owner, { ok: false, error, retryInMs: defaultBackoff(r.attempts + 1) });
        }
      }
    }
  } finally {
    mailer.close();
  }
  return { queued, sent, failed };
}

/** São Paulo's wall clock "HH:MM" of `now`. */
function spClock(now: Date) {
  return new Date(now.getTime() - 3 * 3_600_000).toISOString().slice(11, 16);
}

const state = processSlot("lembretes", (): { timer?: NodeJS.Timeout; running?: Promise<unknown> } => ({}));

/** Checks every minute; from ATENDIMENTOS_HORA on, runs (queueing is a no-op once today's rows exist). */
export function startLembretes() {
  if (state.timer || !mailConfig()) return false;
  state.timer = setInterval(() => {
    if (state.running || spClock(new Date()) < getEnv().ATENDIMENTOS_HORA) return;
    state.running = runLembretes()
      .catch((err) => log.error({ err }, "Lembretes de retornos falharam (nova tentativa em 1 minuto)"))
      .finally(() => (state.running = undefined));
  }, CHECK_MS).unref();
  return true;
}

export async function stopLembretes() {
  clearInterval(state.timer);
  state.timer = undefined;
  await state.running;
}
