import { describe, expect, it } from "vitest";
import { ADMIN_HOME, safeRedirect } from "~/http/redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site, with their query", () => {
    expect(safeRedirect("/admin/imovel?x=1")).toBe("/admin/imovel?x=1");
    expect(safeRedirect("/admin/dashboard")).toBe("/admin/dashboard");
    expect(safeRedirect("/")).toBe("/");
  });

  it.each([
    "//evil.com",
    "/\\evil.com",
    "https://evil.com",
    "http://evil.com/admin",
    "javascript:alert(1)",
    "evil.com",
    "admin/imovel",
    "/\t/evil.com",
    "/\n/evil.com",
    "",
  ])("refuses %j", (to) => {
    expect(safeRedirect(to)).toBe(ADMIN_HOME);
  });

  it("refuses values that are not strings and honours the fallback", () => {
    expect(safeRedirect(null)).toBe("/admin/imovel");
    expect(safeRedirect(undefined, "")).toBe("");
    expect(safeRedirect(new File([], "x"))).toBe(ADMIN_HOME);
  });
});
