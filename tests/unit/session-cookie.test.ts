import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { sessionCookieSettings } from "~/http/auth.server";

async function serialized(env: Parameters<typeof sessionCookieSettings>[0]) {
  const { name, options } = sessionCookieSettings(env);
  return createCookie(name, { ...options, secrets: ["s".repeat(32)] }).serialize("abc");
}

describe("session cookie flags", () => {
  it("is Secure with the __Host- prefix in production over https", async () => {
    const env = { NODE_ENV: "production", PUBLIC_URL: "https://imobiliaria.example" } as const;
    const { name, options } = sessionCookieSettings(env);
    expect(name).toBe("__Host-imob_sessao");
    expect(options).toEqual({ httpOnly: true, sameSite: "lax", path: "/", secure: true });
    const header = await serialized(env);
    expect(header).toMatch(/^__Host-imob_sessao=/);
    expect(header).toContain("; Secure");
    expect(header).toContain("; HttpOnly");
    expect(header).toContain("; SameSite=Lax");
    expect(header).toContain("; Path=/");
    expect(header).not.toMatch(/Domain=/i);
  });

  it("is not Secure in development", async () => {
    const env = { NODE_ENV: "development", PUBLIC_URL: "http://localhost:3000" } as const;
    const { name, options } = sessionCookieSettings(env);
    expect(name).toBe("imob_sessao");
    expect(options.secure).toBe(false);
    const header = await serialized(env);
    expect(header).not.toContain("Secure");
    expect(header).toContain("; HttpOnly");
    expect(header).toContain("; SameSite=Lax");
  });

  it("is not Secure in production behind a plain http address (browsers would drop it)", () => {
    const { name, options } = sessionCookieSettings({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:3100" });
    expect(name).toBe("imob_sessao");
    expect(options.secure).toBe(false);
  });
});
