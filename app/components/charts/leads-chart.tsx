import { ORIGENS } from "~/utils/atendimento";

// 'Home admin' (issue 34): leads per week by origin, a stacked bar per week drawn on the server as
// inline SVG (no chart library: a few rects cost less than any library's bytes), with a table of the
// same figures for screen readers and printing. The SVG is hidden from assistive technology: the
// table says it all.

export type SemanaLeads = { semana: string; porTipo: Record<string, number>; whatsapp: number };

const SERIES = [...ORIGENS.map((o) => ({ key: o.tipo, label: o.label })), { key: "whatsapp", label: "WhatsApp" }];
const W = 600;
const H = 200;
const PAD = { l: 28, r: 8, t: 10, b: 24 };

const valueOf = (s: SemanaLeads, key: string) => (key === "whatsapp" ? s.whatsapp : (s.porTipo[key] ?? 0));
const ddmm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

export function LeadsChart({ semanas }: { semanas: SemanaLeads[] }) {
  const totals = semanas.map((s) => SERIES.reduce((t, x) => t + valueOf(s, x.key), 0));
  const max = Math.max(1, ...totals);
  const bw = (W - PAD.l - PAD.r) / semanas.length;
  const y = (v: number) => ((H - PAD.t - PAD.b) * v) / max;
  return (
    <figure className="chart" aria-labelledby="chart-leads-title">
      <figcaption id="chart-leads-title" className="chart-title">
        Leads por semana (últimas {semanas.length}), por origem
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="chart-svg" aria-hidden="true" focusable="false">
        <line x1={PAD.l} x2={W - PAD.r} y1={H - PAD.b} y2={H - PAD.b} className="chart-axis" />
        <text x={PAD.l - 4} y={PAD.t + 8} textAnchor="end" className="chart-label">
          {max}
        </text>
        {semanas.map((s, i) => {
          let top = H - PAD.b;
          return (
            <g key={s.semana}>
              {SERIES.map((x, k) => {
                const h = y(valueOf(s, x.key));
                top -= h;
                return h > 0 ? <rect key={x.key} x={PAD.l + i * bw + 3} y={top} width={bw - 6} height={h} className={`chart-serie-${k}`} /> : null;
              })}
              {i % 2 === 0 ? (
                <text x={PAD.l + i * bw + bw / 2} y={H - 8} textAnchor="middle" className="chart-label">
                  {ddmm(s.semana)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <ul className="chart-legend" aria-hidden="true">
        {SERIES.map((x, k) => (
          <li key={x.key}>
            <span className={`chart-swatch chart-serie-${k}`} /> {x.label}
          </li>
        ))}
      </ul>
      <table className="chart-table">
        <caption className="sr-only">Leads por semana e origem</caption>
        <thead>
          <tr>
            <th scope="col">Semana de</th>
            {SERIES.map((x) => (
              <th key={x.key} scope="col">
                {x.label}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {semanas.map((s, i) => (
            <tr key={s.semana}>
              <th scope="row">{ddmm(s.semana)}</th>
              {SERIES.map((x) => (
                <td key={x.key}>{valueOf(s, x.key)}</td>
              ))}
              <td>{totals[i]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
