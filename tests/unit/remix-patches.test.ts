// The patches npm's postinstall applies (patches/, docs/decisions/0014-cheaper-uncached-render.md): they
// must be in place (a missing postinstall fails here), and route matching must still be right.
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);

describe("patched Remix", () => {
  it("the server's router keeps flattened route trees and compiled patterns", () => {
    const src = fs.readFileSync(require.resolve("@remix-run/router"), "utf8");
    expect(src).toContain("rankedBranchesCache.get(routes)");
    expect(src).toContain("compiledPaths.get(cacheKey)");
  });

  it("the inline manifest is not pretty-printed; script preloads ask for low priority", () => {
    for (const file of ["@remix-run/react/dist/components.js", "@remix-run/react/dist/esm/components.js"]) {
      const src = fs.readFileSync(require.resolve(file), "utf8");
      expect(src).not.toContain("getPartialManifest(manifest, router), null, 2)");
      expect(src.match(/rel: "modulepreload",\n\s+fetchpriority: "low",/g)).toHaveLength(3);
    }
  });

  it("matches as before, every time, on one route tree", () => {
    // The CommonJS build: the one the server loads (and the one patched).
    const { matchRoutes, matchPath } = require("@remix-run/router") as typeof import("@remix-run/router");
    const routes = [
      {
        id: "root",
        path: "",
        children: [
          { id: "index", index: true },
          { id: "lista", path: ":lista" },
          { id: "sobre", path: "sobre" },
          { id: "imovel", path: "imovel/:id" },
          { id: "admin", path: "admin", children: [{ id: "edit", path: "imovelEdit/:id/fotos" }] },
          { id: "splat", path: "*" },
        ],
      },
    ];
    const ids = (p: string) => matchRoutes(routes, p)?.map((m) => m.route.id);
    for (let i = 0; i < 3; i++) {
      expect(ids("/")).toEqual(["root", "index"]);
      expect(ids("/sobre")).toEqual(["root", "sobre"]);
      expect(ids("/venda")).toEqual(["root", "lista"]);
      expect(ids("/SOBRE")).toEqual(["root", "sobre"]);
      expect(matchRoutes(routes, "/imovel/42")?.at(-1)?.params).toEqual({ id: "42" });
      expect(ids("/admin/imovelEdit/7/fotos")).toEqual(["root", "admin", "edit"]);
      expect(ids("/a/b/c")).toEqual(["root", "splat"]);
    }
    expect(matchPath({ path: "/imovel/:id", caseSensitive: true }, "/Imovel/1")).toBeNull();
    expect(matchPath("/imovel/:id", "/Imovel/1")?.params).toEqual({ id: "1" });
  });
});
