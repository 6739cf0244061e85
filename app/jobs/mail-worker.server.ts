// The delivery worker of the outbox (the agency e-mail of each message, the alerts' e-mails): runs inside the server process (started by server.mjs
// through entry.server.tsx), claims due outbox rows, sends them and marks them. Several processes
// may run one each on the same database: the claim (mensagem-outbox.server.ts) keeps them apart.
import crypto from "node:crypto";
import os from "node:os";
import { getDb, type Db } from "../db/client.server";
import { getEnv } from "../env.server";
import { processSlot } from "../process-state.server";
import { createMailer, describeMailError, mailConfig, type MailConfig, type Mailer, type OutgoingMail } from "../services/mail.server";
import { alertaEmailsOf } from "../models/alerts/alerta-outbox.server";
import { composeEmail } from "../models/messages/mensagem-email.server";
import { claimDue, defaultBackoff, mensagensOf, markFailed, markSent, onEmailQueued, releaseClaim } from "../models/messages/mensagem-outbox.server";
import { logFor } from "../log.server";

const log = logFor("mail");

export type MailWorkerOptions = {
  config: MailConfig;
  site: { publicUrl: string; agencyName: string };
  /** Another pool (tests racing two workers); default: the app's. */
  db?: Db;
  /** How often to look for due e-mails another process queued or a retry made due. */
  pollMs?: number;
  batch?: number;
  /** Longer than one batch can take (SMTP timeouts: mail.server.ts), so a live worker keeps its rows. */
  leaseMs?: number;
  /** Wait before the next attempt after `attempts` failures; null: stop trying. */
  backoff?: (attempts: number) => number | null;
  /** How long stop() waits for an e-mail being sent before giving up on it (its lease brings it back). */
  stopWaitMs?: number;
};

export type MailWorker = {
  /** Looks for due e-mails now instead of at the next poll (a message was just stored). */
  kick(): void;
  /** One pass until nothing is due; resolves when it is done. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
  readonly owner: string;
};

export function createMailWorker(opts: MailWorkerOptions): MailWorker {
  const owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`.slice(0, 64);
  const db = opts.db ?? getDb();
  const pollMs = opts.pollMs ?? 5_000;
  const batch = opts.batch ?? 5;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const backoff = opts.backoff ?? defaultBackoff;
  let mailer: Mailer | null = createMailer(opts.config);
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  /** The claimed rows as e-mails: a visitor's message to the agency, or an alert's e-mail to a visitor. */
  async function mailsOf(ids: number[]) {
    const mensagens = (await mensagensOf(ids, db)).map(({ outboxId, attempts, mensagem }) => ({
      outboxId,
      attempts,
      about: { mensagemId: mensagem.id } as Record<string, number>,
      what: `da mensagem ${mensagem.id}`,
      mail: composeEmail(mensagem, opts.site) as OutgoingMail | null,
    }));
    const alertas = (await alertaEmailsOf(ids, opts.site, db)).map(({ outboxId, attempts, alertaId, mail }) => ({
      outboxId,
      attempts,
      about: { alertaId } as Record<string, number>,
      what: `do alerta ${alertaId}`,
      mail,
    }));
    return [...mensagens, ...alertas];
  }

  async function deliver(ids: number[]) {
    const done = new Set<number>();
    for (const { outboxId, attempts, about, what, mail } of await mailsOf(ids)) {
      if (stopped || !mailer) break;
      done.add(outboxId);
      try {
        // A digest whose listings all left the site meanwhile: nothing to say, settled unsent.
        if (mail) await mailer.send(mail);
        await markSent(outboxId, owner, db);
      } catch (e) {
        const error = describeMailError(e, opts.config);
        log.error({ ...about, attempts }, `E-mail ${what} não enviado (tentativa ${attempts}): ${error}`);
        await markFailed(outboxId, owner, error, backoff(attempts), db);
      }
    }
    // Stopping mid-batch: hand the rows not tried back at once rather than after the lease.
    const untried = ids.filter((id) => !done.has(id));
    if (stopped && untried.length) await releaseClaim(untried, owner, db);
  }

  async function pass() {
    do {
      again = false;
      const ids = await claimDue(owner, { limit: batch, leaseMs }, db);
      if (ids.length === batch) again = true;
      await deliver(ids);
    } while (again && !stopped);
  }

  function schedule() {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(run, pollMs).unref();
  }

  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (current) {
      again = true;
      return current;
    }
    current = pass()
      .catch((err) => log.error({ err }, "Falha no envio de e-mails (nova tentativa em instantes)"))
      .finally(() => {
        current = null;
        schedule();
      });
    return current;
  }

  schedule();
  return {
    owner,
    kick: () => void run(),
    runOnce: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (current) {
        let wait: NodeJS.Timeout | undefined;
        await Promise.race([current, new Promise((r) => (wait = setTimeout(r, opts.stopWaitMs ?? 2_500)))]);
        clearTimeout(wait);
      }
      mailer?.close();
      mailer = null;
    },
  };
}

// ---- The worker of this process ------------------------------------------------------------

const holder = processSlot("mailWorker", (): { worker?: MailWorker; unlisten?: () => void } => ({}));

/** Starts this process's worker (server.mjs, via entry.server.tsx); false without SMTP_URL. */
export function startMailWorker(): boolean {
  if (holder.worker) return true;
  const config = mailConfig();
  if (!config) return false;
  const env = getEnv();
  if (env.LEADS_EMAIL && !env.MAIL_TO) log.warn("LEADS_EMAIL está obsoleta: use MAIL_TO (o mesmo e-mail).");
  holder.worker = createMailWorker({ config, site: { publicUrl: env.PUBLIC_URL, agencyName: env.AGENCY_NAME } });
  holder.worker.kick();
  // A message queued by this process is sent now rather than at the next poll.
  const worker = holder.worker;
  holder.unlisten = onEmailQueued(() => worker.kick());
  return true;
}

/** Stops it; call before the database pool closes. */
export async function stopMailWorker() {
  const worker = holder.worker;
  holder.worker = undefined;
  holder.unlisten?.();
  holder.unlisten = undefined;
  await worker?.stop();
}
