// The route pattern of a path (`/imovel/:id`), for the request log and /metrics: a label that
// never carries a visitor's values (an id, a search, a code) and has a bounded number of values.
// Built once from the build's route table (`build.routes`: id, parentId, path, index — a public
// part of ServerBuild), matched here by segments: no React Router internals.
import type { ServerBuild } from "react-router";

/** Whatever no route names (an /assets file, a root file): fixed labels, never the path. */
export const ASSET_ROUTE = "/assets/*";
export const FILE_ROUTE = "(arquivo)";
export const UNKNOWN_ROUTE = "(desconhecida)";

const SEEN_MAX = 2000;

type Pattern = { label: string; segments: string[]; splat: boolean; score: number };

function fullPath(routes: ServerBuild["routes"], id: string): string[] {
  const parts: string[] = [];
  let route: ServerBuild["routes"][string] | undefined = routes[id];
  while (route) {
    if (route.path) parts.unshift(...route.path.split("/").filter(Boolean));
    route = route.parentId ? routes[route.parentId] : undefined;
  }
  return parts;
}

/** Static segments outrank dynamic ones, which outrank a splat (as React Router ranks them). */
function patternOf(segments: string[]): Pattern {
  const splat = segments.at(-1) === "*";
  const own = splat ? segments.slice(0, -1) : segments;
  const score = own.reduce((s, seg) => s + (seg.startsWith(":") ? 3 : 10), splat ? -2 : 0);
  return { label: `/${segments.join("/")}`, segments: own, splat, score };
}

function matches(p: Pattern, parts: string[]) {
  if (p.splat ? parts.length < p.segments.length : parts.length !== p.segments.length) return false;
  return p.segments.every((seg, i) => seg.startsWith(":") || seg.toLowerCase() === parts[i].toLowerCase());
}

/**
 * A function from a path to its pattern. Single-fetch data requests (`/imovel/5.data`,
 * `/_.data`) get their page's pattern plus `.data`.
 */
export function routePatterns(routes: ServerBuild["routes"], serverPaths: string[] = []) {
  // The server's own paths (/metrics) are answered before React Router: they outrank any route.
  const own = new Set(serverPaths);
  const byLabel = new Map<string, Pattern>();
  for (const id of Object.keys(routes)) {
    const p = patternOf(fullPath(routes, id));
    byLabel.set(p.label, p);
  }
  const patterns = [...byLabel.values()].sort((a, b) => b.score - a.score);
  // The paths seen lately (a cache hit is most often a page asked before): a lookup, not a match.
  const seen = new Map<string, string>();
  return function routeOf(pathname: string): string {
    let label = seen.get(pathname);
    if (label === undefined) {
      if (seen.size >= SEEN_MAX) seen.clear();
      seen.set(pathname, (label = match(pathname)));
    }
    return label;
  };

  function match(pathname: string): string {
    if (pathname.startsWith("/assets/")) return ASSET_ROUTE;
    if (own.has(pathname)) return pathname;
    // A page's data: `<path>.data`, or `<path>/_.data` for a path ending in a slash (`/_.data` for `/`).
    const data = pathname.endsWith(".data");
    const slashData = pathname.endsWith("/_.data");
    const path = slashData ? pathname.slice(0, -6) : data ? pathname.slice(0, -5) : pathname;
    const suffix = slashData ? "/_.data" : data ? ".data" : "";
    const parts = path.split("/").filter(Boolean);
    const found = patterns.find((p) => matches(p, parts));
    if (found && !(found.splat && /\.\w+$/.test(path))) return found.label === "/" && data ? "/_.data" : found.label + suffix;
    return /\.\w+$/.test(path) ? FILE_ROUTE : UNKNOWN_ROUTE;
  }
}
