// A database error logged with { err } must not carry the statement's values: a visitor's name and
// e-mail, a password hash (the review of issue 24 found drizzle's message, stack and params did).
import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logFor } from "~/log.server";
import { captureLog } from "../support/log-lines";

afterEach(() => vi.restoreAllMocks());

describe("the app's log and a failed statement", () => {
  it("keeps the error's kind, statement shape and stack, and none of its values", () => {
    const mysql = Object.assign(new Error("Duplicate entry 'ana.segredo@exemplo.com' for key 'usuarios_email_unique'"), {
      code: "ER_DUP_ENTRY",
      sqlMessage: "Duplicate entry 'ana.segredo@exemplo.com' for key 'usuarios_email_unique'",
      sql: "insert into `mensagens` (`nome`, `email`) values ('Ana Segredo', 'ana.segredo@exemplo.com')",
    });
    const err = new DrizzleQueryError("insert into `mensagens` (`nome`, `email`) values (?, ?)", ["Ana Segredo", "ana.segredo@exemplo.com\nlinha 2"], mysql);
    // The precondition: the error as drizzle makes it does carry the values.
    expect(err.message).toContain("ana.segredo@exemplo.com");
    const log = captureLog();
    logFor("test").error({ err }, "gravação falhou");
    const raw = log.raw();
    const [line] = log.lines();
    log.restore();
    expect(raw).not.toMatch(/Segredo|segredo|linha 2/);
    expect(line.msg).toBe("gravação falhou");
    const logged = line.err as { type: string; message: string; stack: string; code?: string };
    expect(logged.type).toBe("DrizzleQueryError");
    expect(logged.message).toContain("insert into `mensagens` (`nome`, `email`) values (?, ?)");
    expect(logged.message).toContain("params: [oculto]");
    expect(logged.stack).toContain("Duplicate entry [oculto] for key 'usuarios_email_unique'");
  });
});
