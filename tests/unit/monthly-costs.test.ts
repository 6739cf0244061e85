// Issue 22: condomínio and IPTU on the property page, and a rental's month in total.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { imovelSchema } from "~/utils/imovel-schema";
import { monthlyCosts } from "~/utils/imovel";

describe("monthly costs", () => {
  it("a rental's total is aluguel + condomínio + IPTU/12", () => {
    expect(monthlyCosts({ status: "Locação", preco: "1500.00", condominio: "450.00", iptu: "1200.00" })).toEqual({ condominio: 450, iptu: 1200, totalMensal: 2050 });
    expect(monthlyCosts({ status: "Locação", preco: "1000.00", condominio: null, iptu: "1000.00" })).toEqual({ condominio: null, iptu: 1000, totalMensal: 1083.33 });
  });

  it("nothing informed, nothing shown; a sale has no monthly total", () => {
    expect(monthlyCosts({ status: "Locação", preco: "1500.00", condominio: null, iptu: null })).toEqual({ condominio: null, iptu: null, totalMensal: null });
    expect(monthlyCosts({ status: "Locação", preco: "1500.00", condominio: "0.00", iptu: "0.00" })).toEqual({ condominio: null, iptu: null, totalMensal: null });
    expect(monthlyCosts({ status: "Venda", preco: "500000.00", condominio: "600.00", iptu: "2400.00" })).toEqual({ condominio: 600, iptu: 2400, totalMensal: null });
  });

  it("the form reads them as money, blank or zero as not informed, anything else as an error by the field", () => {
    const parse = (v: Record<string, string>) => imovelSchema.safeParse(v);
    const ok = parse({ condominio: "R$ 1.234,56", iptu: "" });
    expect(ok.success && [ok.data.condominio, ok.data.iptu]).toEqual(["1234.56", null]);
    const zero = parse({ condominio: "R$ 0,00" });
    expect(zero.success && zero.data.condominio).toBeNull();
    const bad = parse({ iptu: "mil reais" });
    expect(bad.success).toBe(false);
    expect(z.flattenError(bad.error!).fieldErrors.iptu).toEqual(["Informe o IPTU como R$ 1.234,56, ou deixe em branco."]);
  });
});
