// The simulator against worked examples computed independently (Python: the SAC instalments summed
// one by one, the Price annuity from its formula), and its form's messages.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { financingSchema, simulate } from "~/utils/financing";

const money = (n: number) => Math.round(n * 100) / 100;
const schema = financingSchema(11.5);

describe("financing simulator", () => {
  it("R$ 500.000, 20 % down, 360 months, 12 % a year", () => {
    const s = simulate(500_000, { entrada: 20, prazo: 360, taxa: 12 });
    expect(s.financiado).toBe(400_000);
    expect(s.taxaMensal).toBeCloseTo(0.009488792934583046, 15);
    expect([money(s.sac.primeira), money(s.sac.ultima), money(s.sac.total), money(s.sac.rendaMinima)]).toEqual([4906.63, 1121.65, 1085090.85, 16355.43]);
    expect([money(s.price.primeira), money(s.price.ultima), money(s.price.total), money(s.price.rendaMinima)]).toEqual([3926.58, 3926.58, 1413568.15, 13088.59]);
  });

  it("R$ 320.000, 35 % down, 240 months, 9 % a year", () => {
    const s = simulate(320_000, { entrada: 35, prazo: 240, taxa: 9 });
    expect(s.financiado).toBe(208_000);
    expect([money(s.sac.primeira), money(s.sac.ultima), money(s.sac.total)]).toEqual([2365.79, 872.91, 388644.35]);
    expect([money(s.price.primeira), money(s.price.total)]).toEqual([1824.71, 437929.78]);
  });

  it("no interest: the loan in equal parts either way", () => {
    const s = simulate(120_000, { entrada: 0, prazo: 120, taxa: 0 });
    expect([s.sac.primeira, s.sac.ultima, s.sac.total, s.price.primeira, s.price.total]).toEqual([1000, 1000, 120_000, 1000, 120_000]);
  });

  it("defaults for a blank form, decimal commas, and a message by each bad field", () => {
    expect(schema.parse({})).toEqual({ entrada: 20, prazo: 360, taxa: 11.5 });
    expect(schema.parse({ entrada: "12,5", prazo: "240", taxa: "9,99" })).toEqual({ entrada: 12.5, prazo: 240, taxa: 9.99 });
    const bad = schema.safeParse({ entrada: "cem", prazo: "500", taxa: "-1" });
    expect(bad.success).toBe(false);
    const errors = z.flattenError(bad.error!).fieldErrors;
    expect(errors.entrada).toEqual(["Informe a entrada em %, só números."]);
    expect(errors.prazo).toEqual(["O prazo vai de 12 a 420 meses."]);
    expect(errors.taxa).toEqual(["A taxa de juros não pode ser negativa."]);
    expect(z.flattenError(schema.safeParse({ entrada: "100" }).error!).fieldErrors.entrada).toEqual(["A entrada deve ser menor que 100%."]);
    expect(schema.safeParse({ prazo: "11" }).success).toBe(false);
    expect(z.flattenError(schema.safeParse({ prazo: "120.5" }).error!).fieldErrors.prazo).toEqual(["Informe o prazo em meses inteiros, de 12 a 420."]);
  });
});
