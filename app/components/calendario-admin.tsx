import { Form } from "react-router";
import { formatDateTime, formatMoney } from "~/utils/format";
import { ESTADIA_MAX_DIARIAS, HOSPEDES_MAX, dayText } from "~/utils/temporada";
import { Field, FormErrors } from "./forms";

export type CalendarioAdminData = {
  config: { diaria: string; minimo_diarias: number; hospedes_max: number } | null;
  bloqueios: { id: number; inicio: string; fim: string; nota: string; feedId: number | null }[];
  feeds: { id: number; url: string; sincronizadoAt: string | null; erro: string | null; erroAt: string | null }[];
};
/** A refused form of the section (app/http/calendario.server.ts), read without conform. */
export type CalendarioAdminReply = {
  intent: string;
  result: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
} | null;

/** "350.00" → "350,00", as the field shows it. */
const moneyField = (v: string) => formatMoney(v).replace(/^R\$\s/, "");

/**
 * The 'Calendário' section of a Temporada listing's edit page (issue 33 §2): the stay settings, the
 * booked periods ('Datas ocupadas') and the other sites' iCal feeds. Every form is a plain post to
 * /admin/imovelEdit/{id}/calendario, outside the listing's own form (forms cannot nest).
 */
export function CalendarioAdmin({ imovelId, data, reply }: { imovelId: number; data: CalendarioAdminData; reply?: CalendarioAdminReply }) {
  const action = `/admin/imovelEdit/${imovelId}/calendario`;
  const errorsOf = (intent: string) => (reply?.intent === intent ? (reply.result.error ?? {}) : {});
  const typed = (intent: string, name: string, fallback?: string | number) => {
    const v = reply?.intent === intent ? reply.result.initialValue?.[name] : undefined;
    return typeof v === "string" ? v : fallback;
  };
  const cfg = errorsOf("config");
  const blk = errorsOf("bloquear");
  const ical = errorsOf("ical-adicionar");
  return (
    <section className="admin-section calendario-admin" aria-labelledby="calendario">
      <h2 id="calendario">Calendário</h2>
      <FormErrors errors={[...(cfg[""] ?? []), ...(blk[""] ?? []), ...(ical[""] ?? [])]} />
      <Form method="post" action={action} className="calendario-config">
        <input type="hidden" name="intent" value="config" />
        <Field
          label="Diária (R$)"
          inputProps={{ id: "cal-diaria", name: "diaria", inputMode: "decimal", required: true, placeholder: "350,00", defaultValue: typed("config", "diaria", data.config ? moneyField(data.config.diaria) : "") }}
          errors={cfg.diaria}
        />
        <Field
          label="Mínimo de diárias"
          inputProps={{ id: "cal-minimo", name: "minimo_diarias", type: "number", min: 1, max: ESTADIA_MAX_DIARIAS, required: true, defaultValue: typed("config", "minimo_diarias", data.config?.minimo_diarias ?? 2) }}
          errors={cfg.minimo_diarias}
        />
        <Field
          label="Hóspedes (máximo)"
          inputProps={{ id: "cal-hospedes", name: "hospedes_max", type: "number", min: 1, max: HOSPEDES_MAX, required: true, defaultValue: typed("config", "hospedes_max", data.config?.hospedes_max ?? "") }}
          errors={cfg.hospedes_max}
        />
        <button type="submit" className="btn btn-primary">
          Salvar calendário
        </button>
      </Form>
      {data.config ? null : <p className="hint">Sem diária, o imóvel não aparece na busca por datas e a página não oferece reserva.</p>}

      <h3>Datas ocupadas</h3>
      {data.bloqueios.length ? (
        <div className="table-wrap">
          <table className="admin-table calendario-bloqueios">
            <thead>
              <tr>
                <th scope="col">De</th>
                <th scope="col">Até (última noite)</th>
                <th scope="col">Origem</th>
                <th scope="col">Ação</th>
              </tr>
            </thead>
            <tbody>
              {data.bloqueios.map((b) => (
                <tr key={b.id}>
                  <td>{dayText(b.inicio)}</td>
                  <td>{dayText(b.fim)}</td>
                  <td>{b.feedId ? "Calendário iCal" : b.nota || "Manual"}</td>
                  <td>
                    {b.feedId ? (
                      <span className="hint">pelo calendário iCal</span>
                    ) : (
                      <Form method="post" action={action}>
                        <input type="hidden" name="intent" value="desbloquear" />
                        <input type="hidden" name="id" value={b.id} />
                        <button type="submit" className="btn btn-sm" aria-label={`Liberar ${dayText(b.inicio)} a ${dayText(b.fim)}`}>
                          Liberar
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>Nenhuma data ocupada.</p>
      )}
      <Form method="post" action={action} className="calendario-bloquear">
        <input type="hidden" name="intent" value="bloquear" />
        <Field label="De" inputProps={{ id: "cal-inicio", name: "inicio", type: "date", required: true, defaultValue: typed("bloquear", "inicio") }} errors={blk.inicio} />
        <Field label="Até (última noite)" inputProps={{ id: "cal-fim", name: "fim", type: "date", required: true, defaultValue: typed("bloquear", "fim") }} errors={blk.fim} />
        <Field label="Observação (opcional)" inputProps={{ id: "cal-nota", name: "nota", maxLength: 200, defaultValue: typed("bloquear", "nota") }} errors={blk.nota} />
        <button type="submit" className="btn btn-primary">
          Bloquear datas
        </button>
      </Form>

      <h3>Sincronizar calendário (iCal)</h3>
      <p className="hint">
        O endereço iCal do anúncio no Airbnb, Booking e outros: lido a cada hora e em &lsquo;Sincronizar agora&rsquo;; suas reservas bloqueiam as datas.
        Para os outros sites, este imóvel publica o seu em <a href={`/imovel/${imovelId}/calendario.ics`}>/imovel/{imovelId}/calendario.ics</a>.
      </p>
      {data.feeds.length ? (
        <ul className="calendario-feeds">
          {data.feeds.map((f) => (
            <li key={f.id}>
              <code>{f.url}</code>
              <span className="hint">{f.sincronizadoAt ? ` Sincronizado em ${formatDateTime(f.sincronizadoAt)}.` : " Ainda não sincronizado."}</span>
              {f.erro ? (
                <span className="error-list" role="status">
                  {` Erro em ${f.erroAt ? formatDateTime(f.erroAt) : "?"}: ${f.erro}${f.sincronizadoAt ? " (as datas da última leitura boa continuam bloqueadas)" : ""}`}
                </span>
              ) : null}
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="ical-remover" />
                <input type="hidden" name="id" value={f.id} />
                <button type="submit" className="btn btn-sm">
                  Remover
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" action={action} className="calendario-ical">
        <input type="hidden" name="intent" value="ical-adicionar" />
        <Field label="Endereço iCal" inputProps={{ id: "cal-url", name: "url", type: "url", required: true, maxLength: 2000, placeholder: "https://www.airbnb.com.br/calendar/ical/….ics", defaultValue: typed("ical-adicionar", "url") }} errors={ical.url} />
        <button type="submit" className="btn btn-primary">
          Adicionar calendário
        </button>
      </Form>
      {data.feeds.length ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="sincronizar" />
          <button type="submit" className="btn">
            Sincronizar agora
          </button>
        </Form>
      ) : null}
    </section>
  );
}
