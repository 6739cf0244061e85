import { Form, useLocation } from "react-router";
import { formatMoney } from "~/utils/format";
import { PRAZO_MAX, PRAZO_MIN, type FinancingView, type Tabela } from "~/utils/financing";
import { Field } from "./forms";

const ROWS: [keyof Tabela, string][] = [
  ["primeira", "Primeira parcela"],
  ["ultima", "Última parcela"],
  ["total", "Total pago"],
  ["rendaMinima", "Renda mínima"],
];

/**
 * "Simule o financiamento" on a property for sale (issue 22): a GET form the loader computes (so
 * it works without JavaScript, and a simulation is a link), SAC and Price side by side. Plain
 * HTML fields: the property page keeps zod and conform out of its JavaScript (see
 * imovel-mensagem-form.tsx); the schema runs in the loader (app/utils/financing.ts).
 */
export function FinancingSimulator({ imovelId, sim }: { imovelId: number; sim: FinancingView }) {
  const { search } = useLocation();
  const { values, errors, result } = sim;
  return (
    <section aria-labelledby="simulador-titulo" className="imovel-section simulador" id="simulador">
      <h2 id="simulador-titulo">Simule o financiamento</h2>
      <Form method="get" action={`/imovel/${imovelId}#simulador`} preventScrollReset className="simulador-form" key={search}>
        <Field label="Entrada (% do preço)" errors={errors.entrada} inputProps={{ id: "sim-entrada", type: "text", name: "entrada", inputMode: "decimal", defaultValue: values.entrada, required: true }} />
        <Field
          label={`Prazo (meses, ${PRAZO_MIN} a ${PRAZO_MAX})`}
          errors={errors.prazo}
          inputProps={{ id: "sim-prazo", type: "text", name: "prazo", inputMode: "numeric", defaultValue: values.prazo, required: true }}
        />
        <Field label="Juros (% ao ano)" errors={errors.taxa} inputProps={{ id: "sim-taxa", type: "text", name: "taxa", inputMode: "decimal", defaultValue: values.taxa, required: true }} />
        <button type="submit" className="btn btn-primary">
          Simular
        </button>
      </Form>
      {result ? (
        <div className="simulador-result" aria-live="polite">
          <p>
            Valor financiado: <strong>{formatMoney(result.financiado)}</strong>
          </p>
          <table className="simulador-table">
            <caption className="sr-only">Parcelas pelas tabelas SAC e Price</caption>
            <thead>
              <tr>
                <th scope="col"></th>
                <th scope="col">SAC</th>
                <th scope="col">Price</th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map(([key, label]) => (
                <tr key={key}>
                  <th scope="row">{label}</th>
                  <td>{formatMoney(result.sac[key])}</td>
                  <td>{formatMoney(result.price[key])}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="simulador-note">
            Renda mínima: para a primeira parcela ocupar até 30% da renda. Simulação sem seguros (MIP e DFI), taxas administrativas e TR;
            a aprovação e as condições são do banco.
          </p>
        </div>
      ) : null}
    </section>
  );
}
