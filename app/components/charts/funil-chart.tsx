// 'Home admin' (issue 34): how many atendimentos of the last 90 days reached each stage, as
// horizontal bars (inline SVG, hidden from assistive technology) and a table of the same figures.

export type Funil = { total: number; etapas: { etapa: string; n: number }[]; perdidos: number; fechadosPct: number };

const W = 600;
const ROW = 30;
const LABEL = 130;

export function FunilChart({ funil, dias }: { funil: Funil; dias: number }) {
  const max = Math.max(1, funil.total);
  const rows = [...funil.etapas, { etapa: "Perdido", n: funil.perdidos }];
  const H = rows.length * ROW + 6;
  return (
    <figure className="chart" aria-labelledby="chart-funil-title">
      <figcaption id="chart-funil-title" className="chart-title">
        Funil dos últimos {dias} dias: <strong>{funil.fechadosPct.toLocaleString("pt-BR")}% fechados</strong>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="chart-svg" aria-hidden="true" focusable="false">
        {rows.map((r, i) => {
          const w = ((W - LABEL - 50) * r.n) / max;
          return (
            <g key={r.etapa} transform={`translate(0 ${i * ROW + 3})`}>
              <text x={LABEL - 8} y={ROW / 2 + 2} textAnchor="end" className="chart-label">
                {r.etapa}
              </text>
              <rect x={LABEL} y={4} width={Math.max(w, r.n ? 2 : 0)} height={ROW - 10} rx={3} className={r.etapa === "Perdido" ? "chart-bar-lost" : "chart-bar"} />
              <text x={LABEL + w + 6} y={ROW / 2 + 2} className="chart-label">
                {r.n}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="chart-table">
        <caption className="sr-only">Atendimentos que chegaram a cada etapa nos últimos {dias} dias</caption>
        <thead>
          <tr>
            <th scope="col">Etapa</th>
            <th scope="col">Atendimentos</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.etapa}>
              <th scope="row">{r.etapa}</th>
              <td>{r.n}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Fechados (do total de {funil.total})</th>
            <td>{funil.fechadosPct.toLocaleString("pt-BR")}%</td>
          </tr>
        </tbody>
      </table>
    </figure>
  );
}
