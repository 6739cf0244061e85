import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { maskMoney } from "~/components/imovel-form";
import { normalizeCep } from "~/services/cep.server";
import { imovelSchema } from "~/utils/imovel-schema";

function parse(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.set(k, v);
  return parseWithZod(fd, { schema: imovelSchema });
}

describe("imovelSchema", () => {
  it("applies the spec's defaults to an empty form", () => {
    const s = parse({});
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toMatchObject({ tipo: "Casa", status: "Locação", ativo: "sim", alarme: "Não", quartos: 0, quintal: 0, preco: "0.00", cidade: "Votuporanga", estado: "SP" });
    expect(s.value.portao).toBeUndefined();
  });
  it.each([["R$ 1.234,56"], ["1234,56"], ["1234.56"]])("accepts the price %s", (preco) => {
    const s = parse({ preco });
    expect(s.status === "success" && s.value.preco).toBe("1234.56");
  });
  it("refuses values outside the enumerations and counts above 6, with Portuguese messages", () => {
    const s = parse({ tipo: "Castelo", quartos: "7", portao: "Levadiço", preco: "caro", cep: "123" });
    expect(s.status).toBe("error");
    const errors = s.reply().error!;
    expect(errors.tipo?.[0]).toMatch(/Escolha o tipo/);
    expect(errors.quartos?.[0]).toBe("Escolha um número de 0 a 6.");
    expect(errors.portao?.[0]).toMatch(/portão/);
    expect(errors.preco?.[0]).toMatch(/R\$ 1\.234,56/);
    expect(errors.cep?.[0]).toBe("CEP inválido");
  });
  it("reads an empty optional choice as not informed", () => {
    const s = parse({ telhado: "", forro: "Gesso" });
    expect(s.status === "success" && [s.value.telhado, s.value.forro]).toEqual([undefined, "Gesso"]);
  });
});

describe("money mask and CEP", () => {
  it("masks typed digits as R$ with comma decimals and dot thousands", () => {
    expect(maskMoney("123456")).toBe("R$ 1.234,56");
    expect(maskMoney("R$ 1.234,567")).toBe("R$ 12.345,67");
    expect(maskMoney("5")).toBe("R$ 0,05");
    expect(maskMoney("")).toBe("");
  });
  it("removes the hyphen from a CEP", () => {
    expect(normalizeCep("15500-000")).toBe("15500000");
    expect(normalizeCep("1550")).toBeNull();
  });
});
