// The patch npm's postinstall applies to React Router (patches/, decision 0044): it must be in
// place in both of its builds (a missing postinstall fails here), the matches and the route
// objects it remembers must be those React Router computes, and a link rendered by its server
// fast path must be byte for byte the one React Router's own path renders.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createElement as h, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { Link, NavLink, Outlet, StaticRouterProvider, createCookie, createStaticHandler, createStaticRouter } from "react-router";
import type { RouteObject } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

const require = createRequire(import.meta.url);
const dist = path.join(path.dirname(require.resolve("react-router/package.json")), "dist");

describe("React Router as patched", () => {
  it("both builds carry each of the patch's changes", () => {
    for (const build of ["development", "production"]) {
      const read = (file: string) => fs.readFileSync(path.join(dist, build, "lib", file), "utf8");
      expect(read("router/matcher.js"), build).toContain("this.#remembered.get(key)");
      expect(read("dom/ssr/server.js"), build).toContain("serverRoutesByManifest.get(manifest)");
      expect(read("dom/server.js"), build).toContain("dataRoutesByRoutes.get(routes)");
      expect(read("dom/lib.js"), build).toContain("isPlainPath(to)) return");
      expect(read("server-runtime/crypto.js"), build).toContain("let key = keys.get(id);");
    }
  });
});

// A route tree shaped like the app's: a pathless layout, an index, a param at the top, nested admin routes, a splat.
const Layout = () => h(Outlet);
const tree = (): RouteObject[] => [
  {
    id: "root",
    path: "/",
    Component: Layout,
    children: [
      { id: "site", Component: Layout, children: [{ id: "home", index: true, Component: Layout }, { id: "lista", path: ":lista", Component: Layout }, { id: "imovel", path: "imovel/:id", Component: Layout }] },
      { id: "admin", path: "admin", Component: Layout, children: [{ id: "admin-home", index: true, Component: Layout }, { id: "fotos", path: "imovelEdit/:id/fotos", Component: Layout }] },
      { id: "splat", path: "*", Component: Layout },
    ],
  },
];

const matchesOf = async (handler: ReturnType<typeof createStaticHandler>, url: string) => {
  const context = await handler.query(new Request(`http://x.test${url}`));
  if (context instanceof Response) throw new Error(`${url}: ${context.status}`);
  return context.matches.map((m) => ({ id: m.route.id, params: { ...m.params }, pathname: m.pathname }));
};

describe("a path's matches, remembered", () => {
  it("are the same each time a path is matched again, and each path gets its own", async () => {
    const handler = createStaticHandler(tree());
    const paths = ["/", "/venda", "/imovel/7", "/imovel/8", "/admin", "/admin/imovelEdit/3/fotos", "/nada/aqui", "/venda?page=2"];
    const first = await Promise.all(paths.map((p) => matchesOf(handler, p)));
    expect(first.map((m) => m.at(-1)?.id)).toEqual(["home", "lista", "imovel", "imovel", "admin-home", "fotos", "splat", "lista"]);
    expect(first[2].at(-1)?.params).toEqual({ id: "7" });
    expect(first[3].at(-1)?.params).toEqual({ id: "8" });
    for (let round = 0; round < 3; round++) expect(await Promise.all(paths.map((p) => matchesOf(handler, p)))).toEqual(first);
  });

  it("are handed out as copies: what one request changes in its matches, the next does not see", () => {
    // The handler's match (private in React Router's types): what every request's matching goes through.
    const match = createStaticHandler(tree()).match!;
    const one = match("/imovel/5")!;
    expect(one.at(-1)?.params).toEqual({ id: "5" });
    (one[0].params as Record<string, string>).id = "changed";
    (one[0] as { pathname: string }).pathname = "/changed";
    const two = match("/imovel/5")!;
    expect(two.at(-1)?.params).toEqual({ id: "5" });
    expect(two[0].pathname).toBe("/");
    expect(two[0]).not.toBe(one[0]);
    // As React Router makes them: one params object shared by a path's matches.
    expect(two[1].params).toBe(two[0].params);
  });

  // A branch is tried with String.prototype.match and a route's RegExp: counting those calls tells a
  // path matched anew from one remembered.
  const regexRuns = (fn: () => unknown) => {
    const spy = vi.spyOn(RegExp.prototype, Symbol.match);
    try {
      fn();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  };

  it("a path matched again runs no route's pattern; at most 1,000 paths are kept, the oldest going first", () => {
    const match = createStaticHandler(tree()).match!;
    expect(regexRuns(() => match("/imovel/0"))).toBeGreaterThan(0);
    expect(regexRuns(() => match("/imovel/0"))).toBe(0);
    for (let i = 1; i < 1_000; i++) match(`/imovel/${i}`);
    expect(regexRuns(() => match("/imovel/0"))).toBe(0); // 1,000 kept: still there
    match("/imovel/1000");
    expect(regexRuns(() => match("/imovel/0"))).toBeGreaterThan(0); // the oldest went
    expect(match("/imovel/0")?.at(-1)?.params).toEqual({ id: "0" });
  });
});

describe("route objects made once", () => {
  it("one route array gives the same data routes on every request", async () => {
    const handler = createStaticHandler(tree());
    const routes = tree();
    const context = async (url: string) => (await handler.query(new Request(`http://x.test${url}`))) as Exclude<Awaited<ReturnType<typeof handler.query>>, Response>;
    const a = createStaticRouter(routes, await context("/venda"));
    const b = createStaticRouter(routes, await context("/admin"));
    expect(b.routes).toBe(a.routes);
    expect(a.state.matches.map((m) => m.route.id)).toEqual(["root", "site", "lista"]);
    expect(b.state.matches.map((m) => m.route.id)).toEqual(["root", "admin", "admin-home"]);
    // Another route array (another build) gets its own.
    expect(createStaticRouter(tree(), await context("/venda")).routes).not.toBe(a.routes);
  });
});

describe("<Link> on the server", () => {
  const original = Object.getOwnPropertyDescriptor(globalThis, "document");
  afterEach(() => {
    if (original) Object.defineProperty(globalThis, "document", original);
    else delete (globalThis as { document?: unknown }).document;
  });

  // Plain paths (the fast path) and the rest (React Router's own path either way).
  const targets = ["/", "/admin", "/admin/", "/venda?page=2&ordem=preco", "/imovel/12", "/a/.b", "/x?y?z", "/?q=casa", "..", ".", "", "fotos", "../outro", "/a/../b", "/a/./b", "//externo.test/x", "https://externo.test/x", "/a#topo", "/a?", "/a//b", "mailto:x@y.test", "/imóvel/ç"];
  const links = () =>
    h(
      Fragment,
      null,
      ...targets.map((to, i) => h(Link, { key: `l${i}`, to, className: "c", "aria-label": `link ${i}`, prefetch: "none" }, to || "vazio")),
      h(Link, { key: "r", to: "/venda", reloadDocument: true }, "recarrega"),
      h(Link, { key: "t", to: "/venda", target: "_blank", rel: "noopener" }, "nova aba"),
      h(Link, { key: "d", to: "/venda", discover: "none" }, "sem descoberta"),
      h(Link, { key: "p1", to: "/venda", prefetch: "intent", onFocus: () => {} }, "prefetch intent"),
      h(Link, { key: "p2", to: "/venda", prefetch: "render" }, "prefetch render"),
      h(Link, { key: "p3", to: "/venda", prefetch: "viewport" }, "prefetch viewport"),
      h(Link, { key: "p4", to: "../venda", prefetch: "render" }, "prefetch relativo"),
      h(Link, { key: "o", to: { pathname: "/venda", search: "?page=3" } }, "objeto"),
      h(NavLink, { key: "n1", to: "/admin/imovelEdit/3/fotos", className: ({ isActive }: { isActive: boolean }) => (isActive ? "ativo" : "inativo") }, "ativo"),
      h(NavLink, { key: "n2", to: "/admin", end: true }, "inativo"),
    );

  const render = async (url: string) => {
    const routes: RouteObject[] = [{ id: "root", path: "/", Component: links, children: [{ id: "child", path: "admin/imovelEdit/:id/fotos", Component: links }] }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(`http://x.test${url}`));
    if (context instanceof Response) throw new Error(String(context.status));
    return renderToString(h(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
  };

  // React Router's own path resolves a link's path with String.prototype.replace (double slashes,
  // trailing slashes); the fast path does not: counting those calls tells which path a link took.
  const replacesFor = async (Component: () => ReturnType<typeof h>) => {
    const handler = createStaticHandler([{ id: "root", path: "/", Component }]);
    const context = await handler.query(new Request("http://x.test/"));
    if (context instanceof Response) throw new Error(String(context.status));
    const router = createStaticRouter(handler.dataRoutes, context);
    const spy = vi.spyOn(RegExp.prototype, Symbol.replace);
    try {
      renderToString(h(StaticRouterProvider, { router, context, hydrate: false }));
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  };
  const linkCost = async () => (await replacesFor(() => h(Link, { to: "/venda?page=2" }, "v"))) - (await replacesFor(() => h("a", { href: "/venda?page=2" }, "v")));

  it("a plain link takes the fast path on the server, and React Router's own path with a document", async () => {
    expect(typeof document).toBe("undefined");
    expect(await linkCost()).toBe(0);
    Object.defineProperty(globalThis, "document", { value: {}, configurable: true });
    expect(await linkCost()).toBeGreaterThan(0);
  });

  it("renders what React Router's own path renders, plain paths and the rest", async () => {
    for (const url of ["/", "/admin/imovelEdit/3/fotos"]) {
      expect(typeof document).toBe("undefined"); // the fast path's condition: it is taken here
      const fast = await render(url);
      // Something that looks like a document sends every link down React Router's own path.
      Object.defineProperty(globalThis, "document", { value: {}, configurable: true });
      const own = await render(url);
      delete (globalThis as { document?: unknown }).document;
      expect(fast).toBe(own);
      expect(fast).toContain('href="/venda?page=2&amp;ordem=preco" data-discover="true"');
      if (url !== "/") expect(fast).toContain('aria-current="page" class="ativo" href="/admin/imovelEdit/3/fotos"');
    }
  });
});

describe("a signed cookie's key, imported once", () => {
  it("a secret's key is imported once for signing and once for verifying, whatever the number of cookies", async () => {
    const spy = vi.spyOn(crypto.subtle, "importKey");
    try {
      const secret = `segredo-${Math.random()}`;
      const cookie = createCookie("c", { secrets: [secret] });
      const headers = await Promise.all([1, 2, 3].map((n) => cookie.serialize({ n })));
      for (const [i, header] of headers.entries()) expect(await cookie.parse(header.split(";")[0])).toEqual({ n: i + 1 });
      expect(spy.mock.calls.filter(([, raw]) => new TextDecoder().decode(raw as Uint8Array) === secret).map(([, , , , usages]) => usages)).toEqual([["sign"], ["verify"]]);
    } finally {
      spy.mockRestore();
    }
  });

  it("still refuses a cookie signed with another secret, or tampered with", async () => {
    const a = createCookie("c", { secrets: ["segredo-a-0123456789"] });
    const b = createCookie("c", { secrets: ["segredo-b-0123456789"] });
    const signed = (await a.serialize({ admin: 1 })).split(";")[0];
    expect(await a.parse(signed)).toEqual({ admin: 1 });
    expect(await b.parse(signed)).toBeNull();
    const [name, value] = signed.split("=");
    const tampered = `${name}=${decodeURIComponent(value).replace(/^./, (c) => (c === "e" ? "f" : "e"))}`;
    expect(await a.parse(tampered)).toBeNull();
  });
});
