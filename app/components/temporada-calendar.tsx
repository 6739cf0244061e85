import { DIAS_SEMANA, dayText, type CalendarMonth } from "~/utils/temporada";

/**
 * The next months of a Temporada listing (issue 33 §2), one server-rendered table each. A booked day
 * is told apart by more than colour: it is struck through and hatched, and its cell says "ocupado"
 * to screen readers (its title too, on hover); a free day says "livre". Past days are dimmed.
 */
export function TemporadaCalendar({ months }: { months: CalendarMonth[] }) {
  return (
    <div className="cal-months">
      {months.map((m) => (
        <table key={m.key} className="cal-month">
          <caption>{m.title}</caption>
          <thead>
            <tr>
              {DIAS_SEMANA.map(([short, long], i) => (
                <th key={i} scope="col" abbr={long}>
                  <span aria-hidden="true">{short}</span>
                  <span className="sr-only">{long}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {m.weeks.map((week, w) => (
              <tr key={w}>
                {week.map((d, i) =>
                  d ? (
                    <td key={i} className={d.past ? "cal-past" : d.booked ? "cal-booked" : "cal-free"} title={`${dayText(d.day)}: ${d.past ? "passado" : d.booked ? "ocupado" : "livre"}`}>
                      {d.booked && !d.past ? <s>{d.n}</s> : d.n}
                      <span className="sr-only">{d.past ? " (passado)" : d.booked ? " ocupado" : " livre"}</span>
                    </td>
                  ) : (
                    <td key={i} />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

export function CalendarLegend() {
  return (
    <p className="cal-legend">
      <span className="cal-key cal-free">12</span> livre <span className="cal-key cal-booked">
        <s>12</s>
      </span>{" "}
      ocupado (riscado) <span className="cal-key cal-past">12</span> passado
    </p>
  );
}
