// Every admin screen and every admin /api call, listed from the built app's route manifest, must
// refuse an anonymous visitor: a route added later without the guard fails here.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { test, expect } from "./helpers";

type ServerRoute = {
  id: string;
  path?: string;
  index?: boolean;
  parentId?: string;
  module: { loader?: unknown; action?: unknown };
};

async function loadRoutes(): Promise<Record<string, ServerRoute>> {
  const dir = process.env.BUILD_DIR ?? "build";
  const build = (await import(pathToFileURL(path.resolve(dir, "server/index.js")).href)) as {
    routes: Record<string, ServerRoute>;
  };
  return build.routes;
}

/** The URL path of a route, with `:params` (optional or not) as 1 and a splat as x. */
function urlPath(routes: Record<string, ServerRoute>, id: string) {
  const parts: string[] = [];
  for (let r: ServerRoute | undefined = routes[id]; r; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  const joined = parts
    .join("/")
    .split("/")
    .filter(Boolean)
    .map((s) => (s === "*" ? "x" : s.startsWith(":") ? "1" : s.replace(/\?$/, "")))
    .join("/");
  return `/${joined}`;
}

// produto §7: the /api calls a visitor makes. Any other /api route is an admin call and must be guarded,
// so a new one is safe by default and must be listed here to be public.
const PUBLIC_API = new Set([
  "logar",
  "get_imoveis_site",
  "get_imoveis_home",
  "get_imovel_site_id",
  "get_imoveis_tipo",
  "buscar_imoveis",
  "get_banner",
  "buscar_cep",
  "contato",
]);

const LOGIN = /^\/login\?redirectTo=/;

function isLoginRedirect(res: APIResponse) {
  return [301, 302, 303, 307, 308].includes(res.status()) && LOGIN.test(res.headers()["location"] ?? "");
}

/** React Router's own data requests (client navigations and submissions) answer redirects as 202 + payload. */
async function isDataLoginRedirect(res: APIResponse) {
  return res.status() === 202 && /\/login\?redirectTo=/.test(await res.text());
}

async function checkAdminRoute(request: APIRequestContext, route: ServerRoute, url: string) {
  const label = `${route.id} (${url})`;
  // An index route shares its URL with its parent; `?index` addresses the index itself.
  const target = route.index ? `${url}?index` : url;
  const dataUrl = `${url === "/" ? "/_" : url}.data`;

  const page = await request.get(url, { maxRedirects: 0 });
  expect(isLoginRedirect(page), `GET ${label}: ${page.status()} ${page.headers()["location"]}`).toBe(true);

  if (route.module.loader) {
    // Only this route's loader runs here, without its parent's guard.
    const data = await request.get(`${dataUrl}?_routes=${encodeURIComponent(route.id)}`, { maxRedirects: 0 });
    expect(await isDataLoginRedirect(data), `GET data ${label}: ${data.status()}`).toBe(true);
  }

  for (const [kind, postUrl] of [["document", target], ["data", route.index ? `${dataUrl}?index` : dataUrl]] as const) {
    const res = await request.post(postUrl, { form: { id: "1" }, maxRedirects: 0 });
    const msg = `POST ${kind} ${label}: ${res.status()} ${res.headers()["location"] ?? ""}`;
    if (!route.module.action) {
      // Nothing of the route runs: React Router itself answers 405.
      expect(res.status(), msg).toBe(405);
    } else if (kind === "document") {
      expect(isLoginRedirect(res), msg).toBe(true);
    } else {
      expect(await isDataLoginRedirect(res), msg).toBe(true);
    }
  }
}

async function checkApiRoute(request: APIRequestContext, route: ServerRoute, url: string) {
  for (const method of ["GET", "POST"] as const) {
    const res = await request.fetch(url, { method, maxRedirects: 0, ...(method === "POST" ? { form: { id: "1" } } : {}) });
    expect(res.status(), `${method} ${route.id} (${url})`).toBe(401);
    expect(await res.json()).toEqual({ error: "Não autorizado" });
  }
}

test("every admin route and admin /api call refuses an anonymous GET and POST", { tag: "@http" }, async ({ request }) => {
  const routes = await loadRoutes();
  const all = Object.values(routes).map((r) => ({ route: r, url: urlPath(routes, r.id) }));
  const admin = all.filter(({ route }) => route.id.startsWith("routes/admin"));
  const api = all.filter(({ url }) => url.startsWith("/api/") && !PUBLIC_API.has(url.split("/")[2]));

  // Guards against a test that passes by finding nothing (renamed routes, wrong build folder).
  expect(admin.map((a) => a.url)).toEqual(expect.arrayContaining(["/admin", "/admin/imovel", "/admin/banner", "/admin/dashboard"]));

  for (const { route, url } of admin) await checkAdminRoute(request, route, url);
  for (const { route, url } of api) await checkApiRoute(request, route, url);
});
