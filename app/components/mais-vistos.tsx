import { Link } from "@remix-run/react";
import { thumbUrl } from "~/utils/img";

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
            <li key={r.id} data-id={r.id}>
              <img src={thumbUrl(r.capa)} alt="" width={64} height={48} loading="lazy" />
              <span>
                <Link to={`/admin/imovelEdit/${r.id}`}>
                  {r.codigo} – {[r.endereco, r.numero].filter(Boolean).join(", ") || "sem endereço"}
                </Link>
                <small>
                  {r.bairro}
                  {r.ativo === "sim" ? "" : " · inativo"}
                </small>
              </span>
              <span className="dash-vistos-figures">
                <strong>{plural(r.visualizacoes, "visualização", "visualizações")}</strong>
                {r.codigo && r.mensagens ? (
                  <Link to={`/admin/mensagens?${new URLSearchParams({ filtro: "todas", dias: "30", q: r.codigo })}`}>{plural(r.mensagens, "mensagem", "mensagens")}</Link>
                ) : (
                  <small>{plural(r.mensagens, "mensagem", "mensagens")}</small>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
