// The route label of the request log and /metrics (server/route-pattern.ts): the pattern, never the
// values of a path; the server's own paths and files under fixed labels.
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { ASSET_ROUTE, FILE_ROUTE, routePatterns } from "../../server/route-pattern.ts";

// The shape of the app's route table (build.routes): root, a pathless layout, index routes, a splat.
const table: Record<string, { parentId?: string; path?: string; index?: boolean }> = {
  root: { path: "" },
  "routes/_site": { parentId: "root" },
  "routes/_site._index": { parentId: "routes/_site", index: true },
  "routes/_site.$lista": { parentId: "routes/_site", path: ":lista" },
  "routes/_site.sobre": { parentId: "routes/_site", path: "sobre" },
  "routes/_site.imovel.$id": { parentId: "routes/_site", path: "imovel/:id" },
  "routes/admin": { parentId: "root", path: "admin" },
  "routes/admin.imovelEdit.$id.foto.$fotoId.ajuste": { parentId: "routes/admin", path: "imovelEdit/:id/foto/:fotoId/ajuste" },
  "routes/img.$file": { parentId: "root", path: "img/:file" },
  "routes/sitemap[.]xml": { parentId: "root", path: "sitemap.xml" },
  "routes/$": { parentId: "root", path: "*" },
};
const routes = Object.fromEntries(Object.entries(table).map(([id, r]) => [id, { id, ...r, module: {} }])) as unknown as ServerBuild["routes"];
const routeOf = routePatterns(routes, ["/metrics"]);

describe("route patterns", () => {
  it("names a path by its route, static segments first", () => {
    expect(routeOf("/")).toBe("/");
    expect(routeOf("/sobre")).toBe("/sobre");
    expect(routeOf("/venda")).toBe("/:lista");
    expect(routeOf("/imovel/123")).toBe("/imovel/:id");
    expect(routeOf("/admin/imovelEdit/7/foto/9/ajuste")).toBe("/admin/imovelEdit/:id/foto/:fotoId/ajuste");
    expect(routeOf("/img/abc-800.webp")).toBe("/img/:file");
    expect(routeOf("/sitemap.xml")).toBe("/sitemap.xml");
    expect(routeOf("/metrics")).toBe("/metrics");
  });

  it("single-fetch data requests by their page", () => {
    expect(routeOf("/imovel/5.data")).toBe("/imovel/:id.data");
    expect(routeOf("/_.data")).toBe("/_.data");
    expect(routeOf("/sobre/_.data")).toBe("/sobre/_.data");
  });

  it("anything else under fixed labels, never its path", () => {
    expect(routeOf("/a/b/c/maria-silva")).toBe("/*");
    expect(routeOf("/a/b/c/maria@exemplo.com")).toBe(FILE_ROUTE);
    expect(routeOf("/assets/entry.client-abc.js")).toBe(ASSET_ROUTE);
    expect(routeOf("/x/y.php")).toBe(FILE_ROUTE);
  });
});
