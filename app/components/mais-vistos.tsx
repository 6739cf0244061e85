import { Link } from "react-router";
import { DashListing } from "./dash-listing";

export type MaisVisto = {
  id: number;
  codigo: string | null;
  endereco: string;
  numero: string;
  bairro: string;
  ativo: "sim" | "nao";
  capa: string | null;
  visualizacoes: number;
  mensagens: number;
  /** WhatsApp taps over the same 30 days (issue 34) */
  whatsapp: number;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Home admin' (issue 24): the listings seen most in 30 days, each beside the messages it brought. */
export function MaisVistos({ rows }: { rows: MaisVisto[] }) {
  return (
    <section className="dash-card dash-vistos" aria-labelledby="dash-vistos">
      <h2 id="dash-vistos">Mais vistos nos últimos 30 dias</h2>
      {rows.length === 0 ? (
        <p className="hint">Nenhuma visualização de imóvel nos últimos 30 dias.</p>
      ) : (
        <ul className="dash-recent">
          {rows.map((r) => (
            <DashListing key={r.id} r={r} line={`${r.bairro}${r.ativo === "sim" ? "" : " · inativo"}`}>
              <span className="dash-vistos-figures">
                <strong>{plural(r.visualizacoes, "visualização", "visualizações")}</strong>
                <small>{plural(r.whatsapp, "toque no WhatsApp", "toques no WhatsApp")}</small>
                {r.codigo && r.mensagens ? (
                  <Link to={`/admin/mensagens?${new URLSearchParams({ filtro: "todas", dias: "30", q: r.codigo })}`}>{plural(r.mensagens, "mensagem", "mensagens")}</Link>
                ) : (
                  <small>{plural(r.mensagens, "mensagem", "mensagens")}</small>
                )}
              </span>
            </DashListing>
          ))}
        </ul>
      )}
    </section>
  );
}
