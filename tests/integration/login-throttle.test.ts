import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDb, getPool } from "~/db/client.server";
import { LOGIN_BUSY, LOGIN_IP_WINDOW_MS, LOGIN_MAX_PER_IP, LOGIN_WINDOW_MS } from "~/models/accounts/auth.server";
import { upsertUser } from "~/models/accounts/user.server";
import * as logar from "~/routes/api.logar";
import { action as loginAction } from "~/routes/login";
import { resetDb } from "./db";
import { call, req } from "./api-support";
import { captureLog } from "../support/log-lines";
import type { RowDataPacket } from "mysql2";
import { routeArgs } from "../route-args";

const EMAIL = "gerente@teste.local";
const PASSWORD = "senha-correta-123";

async function page(email: string, password: string, ip: string) {
  const request = new Request("http://localhost/login", {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    headers: { "x-imob-client-ip": ip },
  });
  try {
    const r = (await loginAction(routeArgs(request))) as unknown as {
      data: { error: string };
      init: { status: number; headers: Record<string, string> };
    };
    return { status: r.init.status, error: r.data.error, retryAfter: r.init.headers?.["Retry-After"] };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, error: "", retryAfter: undefined };
    throw e;
  }
}
const api = (email: string, password: string, ip: string) =>
  call(logar, req("/api/logar", { form: { email, password }, headers: { "x-imob-client-ip": ip } }));

describe("login throttling", () => {
  beforeEach(async () => {
    await resetDb();
    await upsertUser(EMAIL, PASSWORD);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(closeDb);

  it("holds an account guessed from 12 addresses: the right password from a 13th gets 429 and the wait", async () => {
    const statuses = [];
    for (let i = 1; i <= 12; i++) statuses.push((await page(EMAIL, `errada-${i}-xyz`, `203.0.113.${i}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const right = await page(EMAIL, PASSWORD, "203.0.113.13");
    expect(right.status).toBe(429);
    expect(right.error).toMatch(/^Muitas tentativas de login\. Tente novamente em (1 minuto|\d+ minutos)\.$/);
    expect(Number(right.retryAfter)).toBeGreaterThan(60);
    // /api/logar shares the counter.
    expect((await api(EMAIL, PASSWORD, "203.0.113.14")).status).toBe(429);
  });

  it("counts look-alike spellings of the e-mail against the same account", async () => {
    const spellings = [EMAIL.toUpperCase(), ` ${EMAIL} `, "gerênte@teste.local", "ge\u00ADrente@teste.local", "ger\u200Bente@teste.local", "ｇｅｒｅｎｔｅ@teste.local"];
    for (let i = 0; i < 10; i++) {
      const spelling = spellings[i % spellings.length];
      expect((await api(spelling, "errada-errada", `198.51.100.${i}`)).status, spelling).toBe(401);
    }
    expect((await api(EMAIL, PASSWORD, "198.51.100.200")).status).toBe(429);
  });

  it("counts an IPv6 /64 as one address, across e-mails", async () => {
    for (let i = 0; i < LOGIN_MAX_PER_IP; i++) {
      const res = await api(`ninguem-${i}@teste.local`, "errada-errada", `2001:db8:1:2::${(i + 1).toString(16)}`);
      expect(res.status, `try ${i}`).toBe(401);
    }
    const refused = await api(EMAIL, PASSWORD, "2001:db8:1:2:ffff::1");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(60);
    // Another /64 is not held.
    expect((await api(EMAIL, PASSWORD, "2001:db8:1:3::1")).status).toBe(200);
  }, 120_000);

  it("logs success, failure and throttle with the address and the account id, never the e-mail or the password", async () => {
    const log = captureLog();
    try {
      const [user] = await getPool().query<RowDataPacket[]>("SELECT id FROM usuarios WHERE email = ?", [EMAIL]);
      const userId = Number(user[0]?.id);
      expect(userId, "the account exists").toBeGreaterThan(0);
      await api(EMAIL, "segredo-errado-1", "192.0.2.7");
      await api(EMAIL, PASSWORD, "192.0.2.7");
      for (let i = 0; i < 5; i++) await api(EMAIL, "segredo-errado-2", "192.0.2.8");
      await api(EMAIL, "segredo-errado-3", "192.0.2.8");
      await api("ninguem@teste.local", "segredo-errado-4", "192.0.2.9");
      const lines = log.lines().filter((l) => l.sub === "auth" && String(l.msg).startsWith("login "));
      const brief = lines.map((l) => ({ msg: l.msg, result: l.result, ip: l.ip, userId: l.userId }));
      expect(brief[0]).toEqual({ msg: "login failure", result: "failure", ip: "192.0.2.7", userId });
      expect(brief[1]).toEqual({ msg: "login success", result: "success", ip: "192.0.2.7", userId });
      expect(brief.at(-2)).toEqual({ msg: "login throttled", result: "throttled", ip: "192.0.2.8", userId });
      // An e-mail that names no account: no account, and still no e-mail.
      expect(brief.at(-1)).toEqual({ msg: "login failure", result: "failure", ip: "192.0.2.9", userId: null });
      expect(log.raw()).toContain('"msg":"login success"');
      expect(log.raw()).not.toMatch(/segredo|gerente|ninguem|@teste\.local/);
    } finally {
      log.restore();
    }
  });

  it("runs at most two password hashes at once; a flood past the queue gets 503 with a clear message", async () => {
    const attempts = Array.from({ length: 60 }, (_, i) => api(`flood-${i}@teste.local`, "errada-errada", `10.9.${i}.1`));
    const results = await Promise.all(attempts);
    const busy = results.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0].body).toMatchObject({ error: LOGIN_BUSY });
    expect(busy[0].headers.get("Retry-After")).toBe("5");
    expect(results.every((r) => r.status === 401 || r.status === 503)).toBe(true);
  }, 60_000);
});

describe("login throttling per address", () => {
  beforeEach(async () => {
    await resetDb();
    await upsertUser(EMAIL, PASSWORD);
  });
  afterAll(closeDb);

  it("does not count successful logins against the address", async () => {
    for (let i = 0; i < LOGIN_MAX_PER_IP + 2; i++) expect((await api(EMAIL, PASSWORD, "192.0.2.50")).status, `login ${i}`).toBe(200);
  }, 120_000);
});

/**
 * The stored windows of the counters whose key starts with `prefix` (rate_limiter, shared by every
 * process): how long until each ends, in ms. The library keeps a window's end in `expire`.
 */
async function windowsLeft(prefix: string) {
  const [rows] = await getPool().query("SELECT `expire` FROM rate_limiter WHERE `key` LIKE ?", [`${prefix}%`]);
  return (rows as { expire: number }[]).map((r) => Number(r.expire) - Date.now());
}
/** Ends those windows now, as the clock would: the counters themselves are left as they are. */
async function endWindows(prefix: string) {
  await getPool().query("UPDATE rate_limiter SET `expire` = ? WHERE `key` LIKE ?", [Date.now() - 1, `${prefix}%`]);
}

describe("a throttle opens again when its window ends", () => {
  beforeEach(async () => {
    await resetDb();
    await upsertUser(EMAIL, PASSWORD);
  });
  afterAll(closeDb);

  it("an account held after 10 failures takes the right password once its 15-minute window is over", async () => {
    for (let i = 1; i <= 11; i++) await page(EMAIL, `errada-${i}-xyz`, `198.51.100.${i}`);
    expect((await page(EMAIL, PASSWORD, "198.51.100.20")).status).toBe(429);
    // The precondition: the account's counter stands in the database with its 15-minute window.
    const [left] = await windowsLeft("login-account:");
    expect(left).toBeGreaterThan(LOGIN_WINDOW_MS - 60_000);
    expect(left).toBeLessThanOrEqual(LOGIN_WINDOW_MS);
    await endWindows("login");
    expect((await page(EMAIL, PASSWORD, "198.51.100.21")).status).toBe(302);
  });

  it("an address held after 50 failures an hour is let in again once its hour is over", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < LOGIN_MAX_PER_IP; i++) await api(`pessoa${i}@teste.local`, "errada-xyz-123", ip);
    expect((await api(EMAIL, PASSWORD, ip)).status).toBe(429);
    const left = await windowsLeft("login-ip:");
    expect(left).toHaveLength(1);
    expect(left[0]).toBeGreaterThan(LOGIN_IP_WINDOW_MS - 60_000);
    // The accounts' and pairs' windows (15 minutes) are not the reason: end only the address's.
    await endWindows("login-ip:");
    expect((await api(EMAIL, PASSWORD, ip)).status).toBe(200);
  }, 120_000);
});

