// A real SMTP server on 127.0.0.1 for tests (the smtp-server package): it checks the login and
// keeps every message it accepts, parsed by mailparser, so a test reads what the agency would get.
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { freePort } from "./free-port";

export { freePort };

export const SMTP_USER = "leads";
export const SMTP_PASS = "s3nha-smtp";

export const smtpUrlFor = (port: number) => `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`;

export type SmtpStub = {
  port: number;
  url: string;
  received: ParsedMail[];
  /** Resolves once `n` messages have arrived in all (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
};

/**
 * Starts the server on `port` (default: any free one). `delayMs` holds each message that long before
 * accepting it; `hold`, when it returns a promise, holds that message until the promise settles.
 */
export async function startSmtpServer(opts: { port?: number; delayMs?: number; hold?: (mail: ParsedMail) => Promise<void> | undefined } = {}): Promise<SmtpStub> {
  const received: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    logger: false,
    // Plain text on loopback: no STARTTLS to negotiate, and AUTH allowed without it.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    onAuth(auth, _session, cb) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) return cb(null, { user: auth.username });
      cb(new Error("Invalid username or password"));
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then(async (mail) => {
          if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
          await opts.hold?.(mail);
          received.push(mail);
          waiters.splice(0).forEach((w) => w());
          cb();
        })
        .catch((e: Error) => cb(e));
    },
  });
  const port = opts.port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port,
    url: smtpUrlFor(port),
    received,
    async waitFor(n, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`esperava ${n} e-mails, chegaram ${received.length}`);
        await new Promise<void>((r) => {
          const t = setTimeout(r, Math.min(left, 200));
          waiters.push(() => (clearTimeout(t), r()));
        });
      }
      return received;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
