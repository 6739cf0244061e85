// Who may read /metrics (server/metrics-access.ts): the token, or a client on this machine with
// nothing between — never a visitor behind the proxy, whatever X-Forwarded-For says.
import { describe, expect, it } from "vitest";
import { metricsAccess } from "../../server/metrics-access.ts";

const TOKEN = "token-de-metricas-0123456789";
const req = (socket: string, ip: string, authorization?: string) => ({ headers: authorization ? { authorization } : {}, socket: { remoteAddress: socket }, ip }) as Parameters<typeof metricsAccess>[0];

describe("metrics access", () => {
  it("a loopback client straight to the port: allowed, token or not", () => {
    expect(metricsAccess(req("127.0.0.1", "127.0.0.1"), TOKEN)).toBe("ok");
    expect(metricsAccess(req("::ffff:127.0.0.1", "::ffff:127.0.0.1"), undefined)).toBe("ok");
    expect(metricsAccess(req("::1", "::1"), undefined)).toBe("ok");
  });

  it("a visitor behind a proxy on this machine (socket loopback, client not): refused", () => {
    expect(metricsAccess(req("127.0.0.1", "203.0.113.9"), TOKEN)).toBe("unauthorized");
    expect(metricsAccess(req("127.0.0.1", "203.0.113.9"), undefined)).toBe("forbidden");
  });

  it("a client that claims loopback through X-Forwarded-For from elsewhere: refused", () => {
    expect(metricsAccess(req("203.0.113.9", "127.0.0.1"), undefined)).toBe("forbidden");
  });

  it("the token from anywhere; a wrong one, or one when none is set, refused", () => {
    expect(metricsAccess(req("10.0.0.5", "10.0.0.5", `Bearer ${TOKEN}`), TOKEN)).toBe("ok");
    expect(metricsAccess(req("10.0.0.5", "10.0.0.5", `Bearer ${TOKEN}x`), TOKEN)).toBe("unauthorized");
    expect(metricsAccess(req("127.0.0.1", "127.0.0.1", "Bearer qualquer"), undefined)).toBe("unauthorized");
    expect(metricsAccess(req("10.0.0.5", "10.0.0.5", `Basic ${TOKEN}`), TOKEN)).toBe("unauthorized");
  });
});
