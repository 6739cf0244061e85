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

  it("re-encodes the path as ASCII, so no character can make the Location header throw", () => {
    for (const [to, want] of [
      ["/imóvel/çã?q=ü#é", "/im%C3%B3vel/%C3%A7%C3%A3?q=%C3%BC#%C3%A9"],
      ["/admin/😀", "/admin/%F0%9F%98%80"],
      ["/admin/\u05D0\u05D1", "/admin/%D7%90%D7%91"],
      ["/a b", "/a%20b"],
      ["/admin/\uD800", "/admin/%EF%BF%BD"],
    ]) {
      const got = safeRedirect(to);
      expect(got, to).toBe(want);
      expect(() => new Headers({ Location: got }), to).not.toThrow();
    }
  });
});
