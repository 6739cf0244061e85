import { describe, expect, it } from "vitest";
import { ipGroup, normalizeEmail } from "~/utils/identity";
import { passwordProblem } from "~/utils/password";

describe("login identity", () => {
  it("normalizes e-mails: NFKC, invisible characters, spaces, case", () => {
    for (const s of [" Admin@X.com ", "ad\u00ADmin@x.com", "ad\u200Bmin@x.com", "ａｄｍｉｎ@x.com", "ADMIN@X.COM\uFEFF"]) {
      expect(normalizeEmail(s), JSON.stringify(s)).toBe("admin@x.com");
    }
  });

  it("groups IPv6 by /64 and leaves IPv4 alone", () => {
    expect(ipGroup("203.0.113.9")).toBe("203.0.113.9");
    expect(ipGroup("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(ipGroup("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(ipGroup("2001:0DB8:0001:0002:ffff:0:0:1")).toBe("2001:db8:1:2::/64");
    expect(ipGroup("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(ipGroup("::1")).toBe("0:0:0:0::/64");
    expect(ipGroup("local")).toBe("local");
    expect(ipGroup("::ffff:cb00:7109")).toBe("203.0.113.9");
    expect(ipGroup("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(ipGroup("2001:db8::1::2")).toBe("2001:db8::1::2");
  });

  it("refuses short and common passwords", () => {
    expect(passwordProblem("curta123")).toMatch(/pelo menos 10/);
    expect(passwordProblem("Password123")).toMatch(/muito comum/);
    expect(passwordProblem("qwertyuiop")).toMatch(/muito comum/);
    expect(passwordProblem("aaaaaaaaaaaa")).toMatch(/fácil/);
    expect(passwordProblem("cavalo-bateria-grampo")).toBeNull();
  });
});
