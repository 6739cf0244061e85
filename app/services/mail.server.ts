// Outgoing e-mail over SMTP (nodemailer). Only the transport lives here: what a message's e-mail says
// is app/models/messages/mensagem-email.server.ts, when it is sent is app/jobs/mail-worker.server.ts.
import nodemailer from "nodemailer";
import { getEnv, type Env } from "../env.server";

export type MailConfig = {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465 */
  smtpUrl: string;
  from: string;
  to: string;
};

/** The configured transport, or null when SMTP_URL is not set (then no e-mail is ever sent). */
export function mailConfig(env: Env = getEnv()): MailConfig | null {
  if (!env.SMTP_URL) return null;
  return {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM ?? `"${env.AGENCY_NAME.replace(/["\\]/g, "")}" <${env.AGENCY_EMAIL}>`,
    to: env.MAIL_TO ?? env.LEADS_EMAIL ?? env.AGENCY_EMAIL,
  };
}

export type OutgoingMail = {
  subject: string;
  text: string;
  html: string;
  replyTo?: { name: string; address: string };
  /** The recipient; the agency (MAIL_TO) when absent: an alert's e-mail goes to its visitor, a morning reminder to its admin. */
  to?: string;
  /** Extra headers (an alert's List-Unsubscribe and List-Unsubscribe-Post, RFC 2369 and 8058). */
  headers?: Record<string, string>;
};

export type Mailer = { send(mail: OutgoingMail): Promise<void>; close(): void };

/**
 * A mailer on one SMTP server. The timeouts are short on purpose: a server that does not answer
 * must fail the attempt (and let the worker retry later) well within the worker's lease, instead
 * of nodemailer's default of minutes.
 */
export function createMailer(config: MailConfig): Mailer {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      const { to, ...rest } = mail;
      await transport.sendMail({ from: config.from, to: to ?? config.to, ...rest });
    },
    close() {
      transport.close();
    },
  };
}

/** An SMTP failure as one line for the inbox, without the password a URL may carry. */
export function describeMailError(e: unknown, config?: MailConfig) {
  const err = e as { code?: string; responseCode?: number; message?: string };
  let text = [err.code, err.responseCode, err.message ?? String(e)].filter(Boolean).join(" ");
  const password = config && safePassword(config.smtpUrl);
  if (password) text = text.split(password).join("***");
  return text.replace(/\s+/g, " ").trim().slice(0, 500);
}

function safePassword(url: string) {
  try {
    return decodeURIComponent(new URL(url).password) || null;
  } catch {
    return null;
  }
}
