import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { PERSONAL_COOKIE_IN_HEADER } from "~/http/cookies.server";
import { sharedCsp } from "../../server/csp.ts";
import { cacheKey as keyOf, pickEncoding } from "../../server/page-cache.ts";

const req = (originalUrl: string, headers: Record<string, string> = {}, method = "GET") => ({ originalUrl, headers, method });
// The cookies the app names personal (app/http/cookies.server.ts, handed to the server by the seam).
const cacheKey = (r: ReturnType<typeof req>) => keyOf(r, PERSONAL_COOKIE_IN_HEADER);

describe("page cache keys", () => {
  it("shares public pages and public /api reads, with the query sorted", () => {
    expect(cacheKey(req("/"))).toBe("/");
    expect(cacheKey(req("/venda?page=2&sort=preco"))).toBe("/venda?page=2&sort=preco");
    expect(cacheKey(req("/venda?sort=preco&page=2"))).toBe("/venda?page=2&sort=preco");
    expect(cacheKey(req("/imovel/12.data"))).toBe("/imovel/12.data");
    expect(cacheKey(req("/api/get_imoveis_tipo/Venda"))).toBe("/api/get_imoveis_tipo/Venda");
    expect(cacheKey(req("/?status=Venda", {}, "HEAD"))).toBe("/?status=Venda");
    for (const p of ["/sitemap.xml", "/sitemap/paginas.xml", "/sitemap/imoveis-1.xml", "/sitemap/imoveis-40.xml"]) expect(cacheKey(req(p)), p).toBe(p);
  });

  it("never shares what is personal, private, a write or unbounded", () => {
    expect(cacheKey(req("/", { cookie: "imob_sessao=abc" }))).toBeNull();
    expect(cacheKey(req("/", { cookie: "x=1; __Host-imob_sessao=abc" }))).toBeNull();
    expect(cacheKey(req("/", { cookie: "toast-session=abc" }))).toBeNull();
    expect(cacheKey(req("/api/get_banner", { authorization: "Bearer x" }))).toBeNull();
    expect(cacheKey(req("/", {}, "POST"))).toBeNull();
    for (const p of ["/admin", "/admin/imovel", "/login", "/logout", "/api/get_imoveis_admin", "/api/buscar_cep", "/img/a.jpg", "/healthz", "/imovel/abc", "/sitemap/outro.xml", "/sitemap/imoveis-x.xml"]) {
      expect(cacheKey(req(p)), p).toBeNull();
    }
    expect(cacheKey(req(`/venda?q=${"x".repeat(600)}`))).toBeNull();
    // A cookie that only looks alike is someone else's: the page stays shareable.
    expect(cacheKey(req("/", { cookie: "my_imob_sessao_pref=1" }))).toBe("/");
  });

  it("files a visitor's variant (their favourites) apart from the shared copy", () => {
    expect(keyOf(req("/venda?page=2"), PERSONAL_COOKIE_IN_HEADER, "favoritos=7.3")).toBe("/venda?page=2\nfavoritos=7.3");
    expect(keyOf(req("/venda?page=2"), PERSONAL_COOKIE_IN_HEADER, "")).toBe("/venda?page=2");
    expect(cacheKey(req("/favoritos?ids=1,2"))).toBe("/favoritos?ids=1%2C2");
    // A personal request stays unshared whatever its variant.
    expect(keyOf(req("/", { cookie: "imob_sessao=abc" }), PERSONAL_COOKIE_IN_HEADER, "favoritos=1")).toBeNull();
  });

  it("picks br, then gzip, honouring q=0", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0.5")).toBe("br");
    expect(pickEncoding("")).toBe("identity");
    expect(pickEncoding("deflate")).toBe("identity");
    // The client's q-values come first (negotiator), then the server's preference for br.
    expect(pickEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(pickEncoding("gzip, br")).toBe("br");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("identity;q=0, gzip;q=0.1")).toBe("gzip");
  });
});

describe("CSP of a shared copy", () => {
  const sha = (s: string) => `'sha256-${crypto.createHash("sha256").update(s).digest("base64")}'`;
  const html = `<html><head><script nonce="abc" src="/assets/x.js"></script></head><body><script nonce="abc">window.a=1</script><script type="module" nonce="abc">import "/assets/y.js";</script></body></html>`;

  it("trades the nonce for the inline scripts' hashes and 'self'", () => {
    const header = "default-src 'self'; script-src 'nonce-abc' 'strict-dynamic'; object-src 'none'";
    const csp = sharedCsp(header, html);
    expect(csp).toBe(`default-src 'self'; script-src 'self' ${sha("window.a=1")} ${sha('import "/assets/y.js";')}; object-src 'none'`);
    expect(csp).not.toContain("nonce");
  });

  it("leaves a CSP without a nonce as it is", () => {
    expect(sharedCsp("default-src 'self'", html)).toBe("default-src 'self'");
  });
});
