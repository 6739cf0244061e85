// Logging in (produto §2 Login): one function for the login page (through remix-auth) and /api/logar.
// Why three counters: docs/decisions/0011-login-throttling.md.
import { clear, formatRetry, hit, refund } from "../../services/rate-limit.server";
import { BusyError } from "../../services/hash-gate.server";
import { ipGroup, normalizeEmail } from "../../utils/identity";
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { usuarios } from "../../db/schema";
import { recordHistory, recordHistoryAlone } from "../history/history.server";
import { getUserByEmail, verifyLogin, type AdminUser } from "./user.server";
import { logFor } from "../../log.server";

export const LOGIN_ERROR = "Senha e/ou email estão incorretos";
export const LOGIN_BUSY = "O servidor está ocupado com outras tentativas de login. Tente novamente em alguns segundos.";
/** Failures of one e-mail from one address (IPv6: one /64) before it waits. */
export const LOGIN_MAX_FAILURES = 5;
/** Attempts on one account, whatever the address: stops guessing spread over many addresses. */
export const LOGIN_MAX_PER_ACCOUNT = 10;
/** Attempts from one address on any accounts: stops trying one password on many e-mails. */
export const LOGIN_MAX_PER_IP = 50;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_IP_WINDOW_MS = 60 * 60 * 1000;
export const LOGIN_BUSY_RETRY_S = 5;

export type LoginOutcome =
  | { ok: true; user: AdminUser }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "busy" }
  | { ok: false; reason: "throttled"; retryAt: Date };

/** What the page and /api/logar say past the limit. */
export function loginThrottledMessage(retryAt: Date) {
  return `Muitas tentativas de login. Tente novamente em ${formatRetry(retryAt)}.`;
}

const log = logFor("auth");

/**
 * One line per attempt, for whoever reads the logs after an incident: the result, the address and
 * the account (its id) when the e-mail names one. Never the password, and never the e-mail typed:
 * an address is personal data (LGPD: only what the purpose needs), a mistyped one is someone
 * else's, and a password typed into the e-mail field would land in the log. The throttles
 * already count per e-mail in the database (decision 0028).
 */
function logAttempt(result: string, user: { id: number } | null, ip: string) {
  log.info({ result, ip, userId: user?.id ?? null }, `login ${result}`);
}

// The history keeps refused logins with the address and the account they aimed at. The e-mail
// typed is kept only when it names an account: anything else may be a stranger's address, or a
// password typed into the wrong field, and every admin reads the history. Throttled and busy
// attempts are not kept: past the limits an attacker could otherwise fill the table at no cost.
function recordRefused(email: string, ip: string, targetId: number | null) {
  const shown = targetId != null ? email.slice(0, 191) : null;
  return recordHistoryAlone({ usuarioId: null, email: shown, ip }, { acao: "login_falhou", alvoUsuarioId: targetId });
}

/** A login: the admin's last login time and its history entry, in one transaction. */
function recordLogin(user: AdminUser, ip: string) {
  return getDb().transaction(async (tx) => {
    await tx.update(usuarios).set({ ultimo_login_em: new Date() }).where(eq(usuarios.id, user.id));
    await recordHistory(tx, { usuarioId: user.id, email: user.email, ip }, { acao: "login", alvoUsuarioId: user.id });
  });
}

/**
 * Checks e-mail and password. Each attempt is counted (per e-mail + IP, per account, per IP) before
 * the password is checked, so parallel attempts cannot slip past a limit; a success forgets the
 * e-mail + IP and account counters and takes itself off the address's. The account counter is keyed by the user's id when the e-mail
 * (as the database collation compares it) names one, so every spelling shares it.
 */
export async function login(email: string, password: string, ip: string): Promise<LoginOutcome> {
  const normalized = normalizeEmail(email);
  const group = ipGroup(ip);
  const user = normalized ? await getUserByEmail(normalized) : null;
  const pairKey = `login:${normalized}:${group}`;
  const accountKey = `login-account:${user ? `#${user.id}` : normalized}`;
  const ipKey = `login-ip:${group}`;
  const hits = await Promise.all([
    hit(pairKey, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS),
    hit(accountKey, LOGIN_MAX_PER_ACCOUNT, LOGIN_WINDOW_MS),
    hit(ipKey, LOGIN_MAX_PER_IP, LOGIN_IP_WINDOW_MS),
  ]);
  const refused = hits.filter((h) => !h.allowed);
  if (refused.length) {
    logAttempt("throttled", user, ip);
    const retryAt = new Date(Math.max(...refused.map((h) => h.retryAt.getTime())));
    return { ok: false, reason: "throttled", retryAt };
  }
  let verified: AdminUser | null;
  try {
    verified = normalized && password ? await verifyLogin(normalized, password) : null;
  } catch (e) {
    if (!(e instanceof BusyError)) throw e;
    logAttempt("busy", user, ip);
    return { ok: false, reason: "busy" };
  }
  if (!verified) {
    logAttempt("failure", user, ip);
    await recordRefused(normalized, ip, user?.id ?? null);
    return { ok: false, reason: "invalid" };
  }
  // The address keeps its failures (one office, many accounts) but not this success.
  await Promise.all([clear(pairKey), clear(accountKey), refund(ipKey, LOGIN_MAX_PER_IP, LOGIN_IP_WINDOW_MS)]);
  logAttempt("success", verified, ip);
  await recordLogin(verified, ip);
  return { ok: true, user: verified };
}
