// One entry of the admin history as /admin/historico shows it (components may not name a model's type).

export type HistoricoEntry = {
  id: number;
  em: Date | string;
  usuarioEmail: string | null;
  ip: string | null;
  acao: string;
  acaoLabel: string;
  imovelId: number | null;
  /** Whether the listing still exists (the page links it only then). */
  imovelExiste: boolean;
  mensagemId: number | null;
  resumo: string | null;
  mudancas: { campo: string; de: string | null; para: string | null }[];
};

/** A long value (a description's HTML) cut for the list; the entry keeps it whole. */
export function shortValue(v: string | null, max = 120) {
  if (v == null || v === "") return "(vazio)";
  const plain = v.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}
