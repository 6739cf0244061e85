// 'Home admin' (issue 34): views, WhatsApp taps and leads of the 10 most viewed listings of 30 days:
// which listings bring people, which bring business. Three bars per listing (inline SVG, hidden from
// assistive technology), each measure on its own scale, and a table of the same figures.

export type TopImovel = { id: number; codigo: string | null; bairro: string; visualizacoes: number; whatsapp: number; mensagens: number };

const MEASURES = [
  { key: "visualizacoes", label: "Visualizações", cls: "chart-bar" },
  { key: "whatsapp", label: "WhatsApp", cls: "chart-bar-wa" },
  { key: "mensagens", label: "Leads", cls: "chart-bar-lead" },
] as const;
const W = 600;
const ROW = 34;
const LABEL = 80;

export function TopImoveisChart({ rows }: { rows: TopImovel[] }) {
  const max = Object.fromEntries(MEASURES.map((m) => [m.key, Math.max(1, ...rows.map((r) => r[m.key]))]));
  const H = rows.length * ROW + 4;
  return (
    <figure className="chart" aria-labelledby="chart-top-title">
      <figcaption id="chart-top-title" className="chart-title">
        Os 10 imóveis mais vistos em 30 dias: visualizações, WhatsApp e leads
      </figcaption>
      {rows.length ? (
        <svg viewBox={`0 0 ${W} ${H}`} className="chart-svg" aria-hidden="true" focusable="false">
          {rows.map((r, i) => (
            <g key={r.id} transform={`translate(0 ${i * ROW + 2})`}>
              <text x={LABEL - 8} y={ROW / 2 + 3} textAnchor="end" className="chart-label">
                {r.codigo ?? `#${r.id}`}
              </text>
              {MEASURES.map((m, k) => {
                const w = ((W - LABEL - 50) * r[m.key]) / max[m.key];
                return (
                  <g key={m.key}>
                    <rect x={LABEL} y={3 + k * 9} width={Math.max(w, r[m.key] ? 2 : 0)} height={8} className={m.cls} />
                    <text x={LABEL + w + 4} y={10 + k * 9} className="chart-label chart-label-sm">
                      {r[m.key]}
                    </text>
                  </g>
                );
              })}
            </g>
          ))}
        </svg>
      ) : (
        <p className="hint">Nenhuma visualização de imóvel nos últimos 30 dias.</p>
      )}
      <ul className="chart-legend" aria-hidden="true">
        {MEASURES.map((m) => (
          <li key={m.key}>
            <span className={`chart-swatch ${m.cls}`} /> {m.label}
          </li>
        ))}
      </ul>
      <table className="chart-table">
        <caption className="sr-only">Visualizações, toques no WhatsApp e leads dos imóveis mais vistos em 30 dias</caption>
        <thead>
          <tr>
            <th scope="col">Imóvel</th>
            {MEASURES.map((m) => (
              <th key={m.key} scope="col">
                {m.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row">
                {r.codigo ?? `#${r.id}`} <span className="hint">{r.bairro}</span>
              </th>
              {MEASURES.map((m) => (
                <td key={m.key}>{r[m.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
