// The query string of /admin/historico: usuario (an admin's id, or 'sistema'), acao (a kind),
// imovel (a listing's id or code, "VT0012") and page. Odd values fall back to "all", as the inbox's do;
// a listing typed wrong is said so on the page.
import { HISTORY_KINDS, type HistoryKind } from "~/models/history/history.server";
import type { HistoryQuery } from "~/models/history/history-list.server";
import { pageParam } from "./params.server";

export function historyQueryOf(request: Request): HistoryQuery & { imovelTexto: string; imovelInvalido: boolean } {
  const params = new URL(request.url).searchParams;
  const usuarioRaw = params.get("usuario") ?? "";
  const usuario = usuarioRaw === "sistema" ? 0 : /^[1-9]\d{0,8}$/.test(usuarioRaw) ? Number(usuarioRaw) : undefined;
  const acaoRaw = params.get("acao") ?? "";
  const acao = Object.hasOwn(HISTORY_KINDS, acaoRaw) ? (acaoRaw as HistoryKind) : undefined;
  const imovelTexto = (params.get("imovel") ?? "").trim().slice(0, 20);
  const m = /^(?:VT)?0*([1-9]\d{0,8})$/i.exec(imovelTexto);
  return { usuario, acao, imovel: m ? Number(m[1]) : undefined, imovelTexto, imovelInvalido: imovelTexto !== "" && !m, page: pageParam(params) };
}
