import { HOSPEDES_MAX, type EstadiaQueryView } from "~/utils/temporada";
import { Field } from "./forms";

/**
 * /temporada's dates (issue 33 §2), inside the list's GET form so they travel with the other filters:
 * with them the list keeps only the listings free for the whole stay, each card with its total.
 */
export function EstadiaFields({ estadia }: { estadia: EstadiaQueryView }) {
  const { errors } = estadia;
  return (
    <fieldset className="estadia-fields">
      <legend>Datas da estadia</legend>
      <div className="contact-form-row cal-dates">
        <Field label="Chegada" inputProps={{ id: "f-chegada", name: "chegada", type: "date", defaultValue: estadia.chegada }} errors={errors.chegada ? [errors.chegada] : undefined} />
        <Field label="Saída" inputProps={{ id: "f-saida", name: "saida", type: "date", defaultValue: estadia.saida }} errors={errors.saida ? [errors.saida] : undefined} />
        <Field
          label="Hóspedes"
          inputProps={{ id: "f-hospedes", name: "hospedes", type: "number", min: 1, max: HOSPEDES_MAX, defaultValue: estadia.hospedes ?? "2" }}
          errors={errors.hospedes ? [errors.hospedes] : undefined}
        />
      </div>
      {estadia.diarias ? (
        <p className="estadia-note">
          Imóveis livres para {estadia.diarias} {estadia.diarias === 1 ? "diária" : "diárias"}, com o total da estadia em cada um.
        </p>
      ) : null}
    </fieldset>
  );
}
