import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";

describe("parseEnv", () => {
  it("has working defaults for local development", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBe("mysql://root@127.0.0.1:3306/imobiliaria");
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.VIACEP_URL).toBe("https://viacep.com.br/ws");
  });
  it("names the variable when a value is bad", () => {
    expect(() => parseEnv({ PORT: "porta" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "postgres://x" })).toThrow(/DATABASE_URL/);
  });
  it("requires SESSION_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) }).SESSION_SECRET).toHaveLength(32);
  });
  it("checks the e-mail settings, naming the variable", () => {
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "smtp://u:p@mail.exemplo.com:587" }).SMTP_URL).toBe("smtp://u:p@mail.exemplo.com:587");
    expect(parseEnv({ SMTP_URL: "smtps://u:p@mail.exemplo.com" }).SMTP_URL).toBe("smtps://u:p@mail.exemplo.com");
    expect(() => parseEnv({ SMTP_URL: "http://mail.exemplo.com" })).toThrow(/SMTP_URL: use smtp:\/\//);
    expect(() => parseEnv({ SMTP_URL: "mail.exemplo.com:587" })).toThrow(/SMTP_URL/);
    expect(parseEnv({ MAIL_FROM: '"Imobiliária" <site@exemplo.com>' }).MAIL_FROM).toBe('"Imobiliária" <site@exemplo.com>');
    expect(parseEnv({ MAIL_FROM: "site@exemplo.com" }).MAIL_FROM).toBe("site@exemplo.com");
    expect(() => parseEnv({ MAIL_FROM: "site" })).toThrow(/MAIL_FROM/);
    expect(() => parseEnv({ LEADS_EMAIL: "leads" })).toThrow(/LEADS_EMAIL: deve ser um e-mail válido/);
  });
});
