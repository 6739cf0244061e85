// The favourites cookie (issue 22) read from a request and written in an answer.
import { getEnv } from "~/env.server";
import { listPublicByIds } from "~/models/listings/imovel.server";
import { FAVORITOS_MAX, parseFavoritos, serializeFavoritos } from "~/utils/favoritos";
import { safeRedirect } from "./redirect";
import { sessionCookieSettings } from "./auth.server";
import { FAVORITOS_COOKIE, favoritosCookieValue } from "./cookies.server";

const YEAR = 365 * 24 * 60 * 60;

/** The visitor's favourites, newest first: only what parses as ids, each once, at most 50. */
export function readFavoritos(request: Request) {
  return parseFavoritos(favoritosCookieValue(request.headers.get("Cookie")));
}

/**
 * The Set-Cookie of a list: kept a year, sent to this site only, not readable by scripts (the pages
 * carry the list in their data); an empty list removes the cookie, so the visitor's pages are the
 * shared ones again.
 */
export function favoritosSetCookie(ids: readonly number[]) {
  // Secure by the session cookie's rule: when served over https in production.
  const secure = sessionCookieSettings(getEnv()).options.secure ? "; Secure" : "";
  const value = serializeFavoritos(ids);
  return `${FAVORITOS_COOKIE}=${value}; Path=/; Max-Age=${ids.length ? YEAR : 0}; SameSite=Lax; HttpOnly${secure}`;
}

export type FavoritosChange = { ids: number[] } | { status: 400 | 404; error: string };

/**
 * A POST to /favoritos (fields `intent` = add | remove | clear and `id`) applied to the visitor's list:
 * the new list, newest first, or why not. Only a public listing is added, at most FAVORITOS_MAX.
 */
export async function changeFavoritos(form: FormData, current: readonly number[]): Promise<FavoritosChange> {
  const intent = form.get("intent");
  if (intent === "clear") return { ids: [] };
  if (intent !== "add" && intent !== "remove") return { status: 400, error: "Ação inválida: use add, remove ou clear." };
  const raw = String(form.get("id") ?? "").trim();
  const [id] = parseFavoritos(raw);
  if (!id || String(id) !== raw) return { status: 400, error: "Imóvel inválido." };
  if (intent === "remove") return { ids: current.filter((x) => x !== id) };
  if (current.includes(id)) return { ids: [...current] };
  if (current.length >= FAVORITOS_MAX) {
    return { status: 400, error: `Sua lista já tem ${FAVORITOS_MAX} imóveis: remova um para salvar outro.` };
  }
  if (!(await listPublicByIds([id])).length) return { status: 404, error: "Imóvel não encontrado ou não está mais disponível." };
  return { ids: [id, ...current] };
}

/** Where a form sent without JavaScript goes back to: its `redirectTo`, else the page it was on. */
export function backTo(form: FormData, request: Request) {
  const field = form.get("redirectTo");
  if (typeof field === "string") return safeRedirect(field, "/favoritos");
  const referer = request.headers.get("Referer");
  if (!referer) return "/favoritos";
  try {
    const url = new URL(referer);
    // This site as the request reached it, or as the visitor sees it (behind a proxy: PUBLIC_URL).
    const ours = [new URL(request.url).origin, new URL(getEnv().PUBLIC_URL).origin];
    return ours.includes(url.origin) ? safeRedirect(url.pathname + url.search, "/favoritos") : "/favoritos";
  } catch {
    return "/favoritos";
  }
}
