// Issue 33 §2: a stay's rules against São Paulo's today, the nearest free stay of the same length,
// the calendar's weeks, the total.
import { describe, expect, it } from "vitest";
import { calendarMonths, checkEstadia, nearestFree, nightsBetween, overlaps, totalText } from "~/utils/temporada";
import { reservaSchema } from "~/utils/temporada-schema";
import { addDays, agencyToday } from "~/utils/mensagem";

const TODAY = "2026-11-27";

describe("checkEstadia", () => {
  it("takes a stay from today to 365 days ahead, of 1 to 90 nights, 1 to 50 guests", () => {
    expect(checkEstadia({ chegada: TODAY, saida: "2026-11-29", hospedes: "4" }, TODAY)).toEqual({ estadia: { chegada: TODAY, saida: "2026-11-29", hospedes: 4, diarias: 2 } });
    expect(checkEstadia({ chegada: "2027-08-01", saida: "2027-10-29", hospedes: 50 }, TODAY)).toMatchObject({ estadia: { diarias: 89 } });
  });
  it("says what is wrong next to the field", () => {
    const errors = (input: Record<string, unknown>) => ("errors" in checkEstadia(input, TODAY) ? (checkEstadia(input, TODAY) as { errors: object }).errors : {});
    expect(errors({ chegada: "2026-11-26", saida: "2026-11-28", hospedes: "2" })).toEqual({ chegada: "A chegada não pode ser antes de hoje." });
    expect(errors({ chegada: "2026-12-05", saida: "2026-12-05", hospedes: "2" })).toEqual({ saida: "A saída deve ser depois da chegada." });
    expect(errors({ chegada: "2027-11-20", saida: "2027-11-29", hospedes: "2" })).toEqual({ saida: "Escolha uma saída dentro dos próximos 365 dias." });
    expect(errors({ chegada: "2026-12-01", saida: "2027-03-15", hospedes: "2" })).toEqual({ saida: "A estadia pode ter no máximo 90 diárias." });
    expect(errors({ chegada: "2026-02-30", saida: "x", hospedes: "0" })).toEqual({
      chegada: "Informe a data de chegada (dd/mm/aaaa).",
      saida: "Informe a data de saída (dd/mm/aaaa).",
      hospedes: "Informe quantos hóspedes (1 a 50).",
    });
    expect(errors({ chegada: "'; DROP TABLE imoveis; --", saida: "🏖️".repeat(500), hospedes: "1e3" })).toHaveProperty("hospedes");
  });
});

describe("nearestFree", () => {
  const weekend = [{ inicio: "2026-12-11", fim: "2026-12-12" }]; // Friday and Saturday nights
  it("offers the nearest free stay of the same length, the later one on a tie, never before today", () => {
    expect(overlaps(weekend, "2026-12-11", "2026-12-13")).toBe(true);
    expect(overlaps(weekend, "2026-12-13", "2026-12-15")).toBe(false);
    expect(overlaps(weekend, "2026-12-09", "2026-12-11")).toBe(false);
    // Sunday–Tuesday (2 days later) and Wednesday–Friday (2 days earlier) tie: the later one.
    expect(nearestFree(weekend, "2026-12-11", 2, TODAY)).toEqual({ chegada: "2026-12-13", saida: "2026-12-15" });
    expect(nearestFree([{ inicio: TODAY, fim: "2026-11-30" }], TODAY, 2, TODAY)).toEqual({ chegada: "2026-12-01", saida: "2026-12-03" });
    expect(nearestFree([{ inicio: TODAY, fim: addDays(TODAY, 400) }], TODAY, 2, TODAY)).toBeNull();
  });
});

describe("calendarMonths", () => {
  it("gives weeks from Sunday, each day booked or free, past days marked", () => {
    const [nov, dec] = calendarMonths([{ inicio: "2026-12-11", fim: "2026-12-12" }], TODAY, 2);
    expect(nov.title).toBe("Novembro de 2026");
    // 1 November 2026 is a Sunday.
    expect(nov.weeks[0][0]).toMatchObject({ day: "2026-11-01", past: true });
    expect(nov.weeks.flat().find((d) => d?.day === TODAY)).toMatchObject({ past: false, booked: false });
    const booked = dec.weeks.flat().filter((d) => d?.booked).map((d) => d!.day);
    expect(booked).toEqual(["2026-12-11", "2026-12-12"]);
    expect(dec.weeks.every((w) => w.length === 7)).toBe(true);
  });
  it("writes the total as 'N diárias × R$ … = R$ …'", () => {
    expect(nightsBetween("2026-12-31", "2027-01-02")).toBe(2);
    expect(totalText(3, "1250.50")).toBe("3 diárias × R$ 1.250,50 = R$ 3.751,50");
  });
});

describe("reservaSchema", () => {
  it("judges the stay with São Paulo's today and names the field", () => {
    const today = agencyToday();
    const base = { nome: "Ana", email: "ana@exemplo.com.br", telefone: "(17) 99999-0000", imovel_id: "3", hospedes: "2" };
    const ok = reservaSchema.safeParse({ ...base, chegada: addDays(today, 3), saida: addDays(today, 5) });
    expect(ok.success && ok.data.estadia).toEqual({ chegada: addDays(today, 3), saida: addDays(today, 5), hospedes: 2, diarias: 2 });
    const bad = reservaSchema.safeParse({ ...base, chegada: addDays(today, -1), saida: addDays(today, 2) });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["chegada", "A chegada não pode ser antes de hoje."]]);
  });
});
