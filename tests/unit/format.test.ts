import { describe, expect, it } from "vitest";
import { formatMoney, formatNumber, parseMoney } from "~/utils/format";

describe("formatMoney", () => {
  it("uses the R$ prefix, dot thousands and comma decimals", () => {
    expect(formatMoney("1234.56")).toBe("R$ 1.234,56");
    expect(formatMoney(1500000)).toBe("R$ 1.500.000,00");
    expect(formatMoney("0")).toBe("R$ 0,00");
    expect(formatMoney("999.5")).toBe("R$ 999,50");
  });
  it("never shows NaN", () => {
    expect(formatMoney("abc")).toBe("R$ 0,00");
  });
});

describe("formatNumber", () => {
  it("drops zero decimals and groups thousands", () => {
    expect(formatNumber("120.00")).toBe("120");
    expect(formatNumber("1250.5")).toBe("1.250,5");
  });
});

describe("parseMoney", () => {
  it.each([
    ["R$ 1.234,56", "1234.56"],
    ["1234,56", "1234.56"],
    ["1234.56", "1234.56"],
    ["1.234", "1234.00"],
    ["1.234.567", "1234567.00"],
    ["R$ 0,50", "0.50"],
    ["", "0.00"],
    ["  R$\u00a0950,00 ", "950.00"],
  ])("reads %j as %s", (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });
  it.each(["abc", "12,34,56", "1,234.56", "-5", "1.2.3"])("refuses %j", (input) => {
    expect(parseMoney(input)).toBeNull();
  });
});
