import { Form } from "react-router";
import { formatMoney } from "~/utils/format";
import { HOSPEDES_MAX, dayText, totalText, type CalendarMonth, type EstadiaErrors } from "~/utils/temporada";
import { Field } from "./forms";
import { ReservaForm } from "./reserva-form";
import { CalendarLegend, TemporadaCalendar } from "./temporada-calendar";

/** What the property page's loader says of a Temporada listing (routes/_site.imovel.$id.tsx). */
export type TemporadaView = {
  config: { diaria: string; minimo_diarias: number; hospedes_max: number } | null;
  months: CalendarMonth[];
  /** what 'Verificar datas' sent, as typed (refilled into both forms) */
  asked: { chegada?: string; saida?: string; hospedes?: string };
  errors: EstadiaErrors;
  answer:
    | { kind: "disponivel"; diarias: number; diaria: string }
    | { kind: "indisponivel"; motivo: "ocupado" | "hospedes" | "minimo"; sugestao: { chegada: string; saida: string; href: string } | null }
    | null;
};

function Answer({ answer, config }: { answer: NonNullable<TemporadaView["answer"]>; config: NonNullable<TemporadaView["config"]> }) {
  if (answer.kind === "disponivel") {
    return (
      <div className="cal-answer cal-answer-ok" role="status">
        <p>
          <strong>Disponível</strong>
        </p>
        <p className="cal-total">{totalText(answer.diarias, answer.diaria)}</p>
        <p>Solicite a reserva abaixo: a imobiliária confirma as datas com você.</p>
      </div>
    );
  }
  const why =
    answer.motivo === "hospedes"
      ? `Este imóvel recebe até ${config.hospedes_max} hóspedes.`
      : answer.motivo === "minimo"
        ? `A estadia mínima é de ${config.minimo_diarias} diárias.`
        : null;
  return (
    <div className="cal-answer cal-answer-no" role="status">
      <p>
        <strong>Indisponível nessas datas</strong>
      </p>
      {why ? <p>{why}</p> : null}
      {answer.sugestao ? (
        <p>
          Período livre mais próximo com as mesmas diárias:{" "}
          <a href={answer.sugestao.href}>
            {dayText(answer.sugestao.chegada)} a {dayText(answer.sugestao.saida)}
          </a>
        </p>
      ) : answer.motivo === "ocupado" ? (
        <p>Não há outro período livre com as mesmas diárias nos próximos meses.</p>
      ) : null}
    </div>
  );
}

/** A Temporada listing's 'Disponibilidade' (issue 33 §2): prices, the calendar, 'Verificar datas', 'Solicitar reserva'. */
export function TemporadaSection({ imovelId, view }: { imovelId: number; view: TemporadaView }) {
  const { config, months, asked, errors, answer } = view;
  return (
    <section aria-labelledby="disponibilidade" className="imovel-section temporada">
      <h2 id="disponibilidade">Disponibilidade</h2>
      {config ? (
        <dl className="info-strip cal-prices">
          <div>
            <dt>DIÁRIA</dt>
            <dd>{formatMoney(config.diaria)}</dd>
          </div>
          <div>
            <dt>MÍNIMO</dt>
            <dd>
              {config.minimo_diarias} {config.minimo_diarias === 1 ? "diária" : "diárias"}
            </dd>
          </div>
          <div>
            <dt>HÓSPEDES</dt>
            <dd>até {config.hospedes_max}</dd>
          </div>
        </dl>
      ) : (
        <p>Consulte a imobiliária sobre valores e datas.</p>
      )}
      <CalendarLegend />
      <TemporadaCalendar months={months} />
      {config ? (
        <>
          <h3 id="verificar">Verificar datas</h3>
          <Form method="get" action={`/imovel/${imovelId}`} className="cal-check" preventScrollReset>
            <div className="contact-form-row cal-dates">
              <Field label="Chegada" inputProps={{ id: "chegada", name: "chegada", type: "date", required: true, defaultValue: asked.chegada }} errors={errors.chegada ? [errors.chegada] : undefined} />
              <Field label="Saída" inputProps={{ id: "saida", name: "saida", type: "date", required: true, defaultValue: asked.saida }} errors={errors.saida ? [errors.saida] : undefined} />
              <Field
                label="Hóspedes"
                inputProps={{ id: "hospedes", name: "hospedes", type: "number", min: 1, max: HOSPEDES_MAX, required: true, defaultValue: asked.hospedes ?? "2" }}
                errors={errors.hospedes ? [errors.hospedes] : undefined}
              />
            </div>
            <button type="submit" className="btn btn-primary">
              Verificar datas
            </button>
          </Form>
          {answer ? <Answer answer={answer} config={config} /> : null}
          <h3 id="reservar">Solicitar reserva</h3>
          <p>Nada é reservado automaticamente: a imobiliária confirma a disponibilidade e o pagamento com você.</p>
          <ReservaForm imovelId={imovelId} stay={answer?.kind === "disponivel" ? asked : undefined} />
        </>
      ) : null}
    </section>
  );
}
