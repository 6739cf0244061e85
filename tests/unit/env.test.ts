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
});
