import { Link } from "react-router";

type Item = { codigo: string; imovelId: number | null; imovelCodigo: string | null; resultado: string; motivo: string };
type Left = { id: number; codigo: string | null; codigoFeed: string | null; ativo: "sim" | "nao"; tipo: string; bairro: string };

/** An import's report (issue 32): totals, then one line per listing of the feed. */
export function ImportReport({ id, items, totals }: { id: number; items: Item[]; totals: { resultado: string; n: number }[] }) {
  return (
    <section className="import-report" aria-labelledby="import-report-title">
      <div className="import-report-head">
        <h2 id="import-report-title">Relatório</h2>
        <a href={`/admin/importar/${id}/relatorio.csv`} className="btn btn-sm" download>
          Baixar CSV
        </a>
      </div>
      <ul className="import-totals" aria-label="Totais">
        {totals.map((t) => (
          <li key={t.resultado} className={`import-result import-result-${t.resultado.replace(/\s/g, "-")}`}>
            {t.resultado}: <strong>{t.n}</strong>
          </li>
        ))}
      </ul>
      <div className="table-wrap">
        <table className="admin-table import-table">
          <caption className="sr-only">Resultado por imóvel do feed</caption>
          <thead>
            <tr>
              <th scope="col">Código no feed</th>
              <th scope="col">Imóvel</th>
              <th scope="col">Resultado</th>
              <th scope="col">Motivo</th>
            </tr>
          </thead>
          <tbody>
            {items.map((r, i) => (
              <tr key={`${r.codigo}-${i}`}>
                <td data-label="Código no feed">{r.codigo}</td>
                <td data-label="Imóvel">{r.imovelId && r.imovelCodigo ? <Link to={`/admin/imovelEdit/${r.imovelId}`}>{r.imovelCodigo}</Link> : "—"}</td>
                <td data-label="Resultado">
                  <span className={`import-result import-result-${r.resultado.replace(/\s/g, "-")}`}>{r.resultado}</span>
                </td>
                <td data-label="Motivo">{r.motivo}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The listings imported before that this feed no longer carries: never deleted. */
export function ImportLeft({ left }: { left: Left[] }) {
  return (
    <section className="import-left" aria-labelledby="import-left-title">
      <h2 id="import-left-title">Saíram do feed ({left.length})</h2>
      <p>Estes imóveis vieram de uma importação e não estão mais no feed. Nada foi apagado; desative-os se não estiverem mais disponíveis.</p>
      <ul>
        {left.map((l) => (
          <li key={l.id}>
            <Link to={`/admin/imovelEdit/${l.id}`}>{l.codigo}</Link> · {l.codigoFeed} · {l.tipo} {l.bairro ? `· ${l.bairro}` : ""} · {l.ativo === "sim" ? "ativo" : "inativo"}
          </li>
        ))}
      </ul>
    </section>
  );
}
