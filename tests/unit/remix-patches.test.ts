// The patches npm's postinstall applies (patches/, docs/decisions/0014-cheaper-uncached-render.md, 0017): they
// must be in place (a missing postinstall fails here), and route matching must still be right.
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);

describe("patched Remix", () => {
  it("the server's router keeps flattened route trees and the matches of each path", () => {
    const src = fs.readFileSync(require.resolve("@remix-run/router"), "utf8");
    expect(src).toContain("rankedBranchesCache.get(routes)");
    expect(src).toContain("tree.matched.get(key)");
  });

  it("the server's route objects are built once per build, not per request", () => {
    expect(fs.readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8")).toContain("serverRoutesCache.get(manifest.routes)");
    expect(fs.readFileSync(require.resolve("react-router-dom/server.js"), "utf8")).toContain("dataRoutesCache.get(routes)");
  });

  it("a loader gets the request itself when there is nothing to strip, a copy without Remix's params otherwise", async () => {
    const { callRouteLoader } = require("@remix-run/server-runtime/dist/data.js");
    const seen = async (request: Request, singleFetch: boolean) => {
      let got: Request | undefined;
      const loader = (args: { request: Request }) => ((got = args.request), null);
      await callRouteLoader({ loader, request, params: {}, routeId: "r", loadContext: {}, singleFetch });
      return got!;
    };
    const plain = new Request("http://x.test/venda?page=2");
    expect(await seen(plain, true)).toBe(plain);
    expect(await seen(plain, false)).toBe(plain);
    const marked = new Request("http://x.test/venda?index&page=2&_routes=routes%2F_site");
    expect((await seen(marked, true)).url).toBe("http://x.test/venda?page=2");
    expect((await seen(new Request("http://x.test/venda?_data=x&page=2"), false)).url).toBe("http://x.test/venda?page=2");
  });

  it("the route modules wait for the app's gate, without preloads", () => {
    // docs/decisions/0017-scripts-after-the-largest-paint.md
    for (const file of ["@remix-run/react/dist/components.js", "@remix-run/react/dist/esm/components.js"]) {
      const src = fs.readFileSync(require.resolve(file), "utf8");
      expect(src).toContain("(window.__remixGate || Promise.resolve()).then(");
      expect(src).not.toContain("href: manifest.entry.module"); // the entry's modulepreload link
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
    // A remembered answer is handed out as a copy: what one caller changes, the next does not see;
    // within one answer, the matches share their params, as React Router's own do.
    const first = matchRoutes(routes, "/imovel/42")!;
    (first[1].params as Record<string, string>).id = "changed";
    expect(first[0].params).toBe(first[1].params);
    expect(matchRoutes(routes, "/imovel/42")?.at(-1)?.params).toEqual({ id: "42" });
    expect(matchRoutes(routes, "/imovel/42")).not.toBe(matchRoutes(routes, "/imovel/42"));
    expect(matchPath({ path: "/imovel/:id", caseSensitive: true }, "/Imovel/1")).toBeNull();
    expect(matchPath("/imovel/:id", "/Imovel/1")?.params).toEqual({ id: "1" });
  });
});

describe("patched Remix <Link> on the server", () => {
  // The server's own modules (CommonJS): the patched Remix Link, and react-router-dom's Link,
  // unpatched, as the reference for the markup.
  const { createElement: h } = require("react") as typeof import("react");
  const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");
  const { Link: RemixLink } = require("@remix-run/react") as typeof import("@remix-run/react");
  const { Link: RouterLink } = require("react-router-dom") as typeof import("react-router-dom");
  const { StaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");
  const at = (el: ReturnType<typeof h>, location = "/venda/casas") => renderToString(h(StaticRouter, { location }, el));

  it("is in place", () => {
    expect(fs.readFileSync(require.resolve("@remix-run/react/dist/components.js"), "utf8")).toContain("PLAIN_PATH.test(to)");
  });

  it("renders the <a> react-router-dom's Link renders, for plain paths and for everything else", () => {
    const targets = [
      "/", "/venda", "/venda/", "/imovel/12", "/venda?page=2&q=São Paulo", "/a b/c", "/robots.txt",
      // Not plain: resolved the long way (relative, dot or empty segments, hash, bare "?", absolute URLs).
      "venda", "../sobre", ".", "/a//b", "/./a", "/a/../b", "/x#fotos", "/x?", "?page=2", "#topo", "https://wa.me/55", "//evil.example/x",
    ];
    const variants: Record<string, unknown>[] = [
      {},
      { prefetch: "intent", className: "card", "aria-label": "Casa" },
      { discover: "none", rel: "next" },
      { target: "_blank", reloadDocument: true, preventScrollReset: true, replace: true, state: { a: 1 } },
      { relative: "path", id: "x", title: "t" },
    ];
    let compared = 0;
    for (const to of targets) {
      for (const props of variants) {
        for (const location of ["/venda/casas", "/"]) {
          const discover = props.discover ?? "render";
          const absolute = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(to);
          const { prefetch: _p, discover: _d, ...rest } = props;
          const expected = at(h(RouterLink, { ...rest, to, "data-discover": discover === "render" && !absolute && !props.reloadDocument ? "true" : undefined } as never, "x"), location);
          expect(at(h(RemixLink, { ...props, to } as never, "x"), location), `${to} ${JSON.stringify(props)} at ${location}`).toBe(expected);
          compared++;
        }
      }
    }
    expect(compared).toBe(targets.length * variants.length * 2);
    // The same tree shape as the long way: a useId among a link's children gets the same id
    // ("venda" at "/" is not plain, and resolves to the same "/venda").
    const { useId } = require("react") as typeof import("react");
    const Id = () => h("span", { id: useId() });
    expect(at(h("div", null, h(RemixLink, { to: "/venda" }, h(Id)), h(Id)), "/")).toBe(at(h("div", null, h(RemixLink, { to: "venda" }, h(Id)), h(Id)), "/"));
    // What is not plain still goes the long way: its dot segments are resolved.
    expect(at(h(RemixLink, { to: "/a/../b" }, "x"))).toContain('href="/b"');
  });
});
