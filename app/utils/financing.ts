// The financing simulator of a listing for sale (issue 22): the two tables Brazilian banks offer,
// SAC (constant amortization: the instalment falls every month) and Price (constant instalment).
// Pure: the property page's loader computes, the component shows; tests check a worked example.
import { z } from "zod";

export const PRAZO_MIN = 12;
export const PRAZO_MAX = 420;
export const ENTRADA_DEFAULT = 20;
export const PRAZO_DEFAULT = 360;
/** The share of the income a first instalment may take (what banks usually accept). */
export const RENDA_SHARE = 0.3;

/** "11,5" or "11.5" → 11.5; blank → the default. Percentages have no thousands separators. */
const decimal = (fallback: number) => (v: unknown) => (v === undefined || v === "" ? fallback : typeof v === "string" ? v.trim().replace(",", ".") : v);

/** A number field of the form: blank is `fallback`, letters get `notANumber`; `rules` add the bounds. */
const numberField = (fallback: number, notANumber: string, rules: (n: z.ZodNumber) => z.ZodNumber) =>
  z.preprocess(decimal(fallback), rules(z.coerce.number({ error: notANumber })));

/** The simulator's GET form; `taxaDefault` is FINANCING_RATE (11.5 when unset). */
export function financingSchema(taxaDefault: number) {
  const prazoRange = `O prazo vai de ${PRAZO_MIN} a ${PRAZO_MAX} meses.`;
  return z.object({
    entrada: numberField(ENTRADA_DEFAULT, "Informe a entrada em %, só números.", (n) =>
      n.min(0, "A entrada não pode ser negativa.").lt(100, "A entrada deve ser menor que 100%."),
    ),
    prazo: numberField(PRAZO_DEFAULT, `Informe o prazo em meses, de ${PRAZO_MIN} a ${PRAZO_MAX}.`, (n) =>
      n.int(`Informe o prazo em meses inteiros, de ${PRAZO_MIN} a ${PRAZO_MAX}.`).min(PRAZO_MIN, prazoRange).max(PRAZO_MAX, prazoRange),
    ),
    taxa: numberField(taxaDefault, "Informe a taxa de juros ao ano em %, só números.", (n) =>
      n.min(0, "A taxa de juros não pode ser negativa.").max(50, "Informe a taxa de juros ao ano, até 50%."),
    ),
  });
}
export type FinancingInput = z.infer<ReturnType<typeof financingSchema>>;

export type Tabela = { primeira: number; ultima: number; total: number; rendaMinima: number };
export type Simulation = { financiado: number; taxaMensal: number; sac: Tabela; price: Tabela };

/**
 * Both tables for a price and the visitor's choices. The monthly rate is the one equivalent to the
 * effective yearly rate, (1 + taxa)^(1/12) − 1. SAC: the loan divided into equal amortizations, each
 * month's interest on the balance; its total is P + i·P·(n + 1)/2. Price: the annuity P·i / (1 − (1 + i)^−n).
 */
export function simulate(preco: number, { entrada, prazo, taxa }: FinancingInput): Simulation {
  const financiado = preco * (1 - entrada / 100);
  const i = Math.pow(1 + taxa / 100, 1 / 12) - 1;
  const n = prazo;
  const amortizacao = financiado / n;
  const sacPrimeira = amortizacao + financiado * i;
  const parcela = i === 0 ? financiado / n : (financiado * i) / (1 - Math.pow(1 + i, -n));
  return {
    financiado,
    taxaMensal: i,
    sac: { primeira: sacPrimeira, ultima: amortizacao * (1 + i), total: financiado + (i * financiado * (n + 1)) / 2, rendaMinima: sacPrimeira / RENDA_SHARE },
    price: { primeira: parcela, ultima: parcela, total: parcela * n, rendaMinima: parcela / RENDA_SHARE },
  };
}

export type FinancingField = "entrada" | "prazo" | "taxa";
export type FinancingView = {
  /** What the form shows: what the visitor typed, or the defaults. */
  values: Record<FinancingField, string>;
  errors: Partial<Record<FinancingField, string[]>>;
  result: Simulation | null;
};

/** The simulator of a price for the query of a property page: defaults, or the visitor's choices. */
export function simulateQuery(preco: number, params: URLSearchParams, taxaDefault: number): FinancingView {
  const typed = (name: FinancingField) => params.get(name)?.slice(0, 20) ?? "";
  const raw = { entrada: typed("entrada"), prazo: typed("prazo"), taxa: typed("taxa") };
  const parsed = financingSchema(taxaDefault).safeParse(raw);
  if (!parsed.success) return { values: raw, errors: z.flattenError(parsed.error).fieldErrors, result: null };
  const shown = (n: number) => String(n).replace(".", ",");
  const { entrada, prazo, taxa } = parsed.data;
  return { values: { entrada: shown(entrada), prazo: String(prazo), taxa: shown(taxa) }, errors: {}, result: simulate(preco, parsed.data) };
}
