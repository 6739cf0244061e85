import { describe, expect, it } from "vitest";
import { LOG_WINDOW_MS, errorKind, logThrottled } from "~/services/log-throttle.server";
import { dbUnavailableCode } from "~/db/unavailable.server";
import { captureLog } from "../support/log-lines";

describe("logThrottled", () => {
  it("one line per kind per window, the next one with the count left out", () => {
    const log = captureLog();
    try {
      const t = 1_000_000;
      expect(logThrottled("k1", { msg: "a" }, t)).toBe(true);
      for (let i = 1; i <= 500; i++) expect(logThrottled("k1", { msg: "a" }, t + i)).toBe(false);
      expect(logThrottled("k2", { msg: "b" }, t + 10)).toBe(true); // another kind is not held back
      expect(logThrottled("k1", { msg: "a", err: new Error("boom"), reqId: "r-1" }, t + LOG_WINDOW_MS)).toBe(true);
      const lines = log.lines();
      expect(lines).toHaveLength(3);
      expect(lines[2].msg).toContain("+500 ocorrência(s)");
      // The error once, as a field with its stack, and the request it belongs to.
      expect(lines[2]).toMatchObject({ level: "error", kind: "k1", reqId: "r-1", err: { message: "boom", type: "Error" } });
      expect(String((lines[2].err as { stack: string }).stack)).toMatch(/^Error: boom\n\s+at /);
    } finally {
      log.restore();
    }
  });

  it("kinds: the driver code, else name and first line", () => {
    expect(errorKind(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBe("code:ECONNREFUSED");
    expect(errorKind(new TypeError("bad\nstack"))).toBe("TypeError:bad");
  });
});

describe("dbUnavailableCode", () => {
  it("finds a connection failure down drizzle's cause chain, and nothing in a query error", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(dbUnavailableCode(new Error("Failed query", { cause: refused }))).toBe("ECONNREFUSED");
    expect(dbUnavailableCode(Object.assign(new Error("lost"), { code: "PROTOCOL_CONNECTION_LOST", fatal: true }))).toBe("PROTOCOL_CONNECTION_LOST");
    expect(dbUnavailableCode(Object.assign(new Error("syntax"), { code: "ER_PARSE_ERROR" }))).toBeNull();
    expect(dbUnavailableCode(new Error("plain"))).toBeNull();
    expect(dbUnavailableCode(null)).toBeNull();
  });
});
