// Issue 24, LGPD: how a phone is compared (the JS side of phoneKeySql) and the retention setting.
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { phoneKey } from "~/utils/personal-data";

describe("phoneKey", () => {
  it("one number whatever the formatting, trunk 0 or country code", () => {
    for (const p of ["(17) 99123-4567", "17991234567", "+55 17 99123-4567", "55 (17) 99123 4567", "017 99123.4567", "0055 17 991234567"]) {
      expect(phoneKey(p), p).toBe("17991234567");
    }
    expect(phoneKey("(17) 3421-0000")).toBe("1734210000");
  });
  it("keeps numbers that are not Brazilian ones with 55 apart", () => {
    // A 55 at the start of a number without country code is its DDD (55: Santa Maria/RS).
    expect(phoneKey("(55) 99123-4567")).toBe("55991234567");
    expect(phoneKey("99123-4567")).toBe("991234567");
    expect(phoneKey("+1 415 555 0100")).toBe("14155550100");
  });
});

describe("LEADS_RETENTION_DAYS", () => {
  it("730 days by default; a bad value names the variable", () => {
    expect(parseEnv({}).LEADS_RETENTION_DAYS).toBe(730);
    expect(parseEnv({ LEADS_RETENTION_DAYS: "365" }).LEADS_RETENTION_DAYS).toBe(365);
    expect(() => parseEnv({ LEADS_RETENTION_DAYS: "0" })).toThrow(/LEADS_RETENTION_DAYS: mínimo de 1 dia/);
    expect(() => parseEnv({ LEADS_RETENTION_DAYS: "dois anos" })).toThrow(/LEADS_RETENTION_DAYS/);
  });
});
