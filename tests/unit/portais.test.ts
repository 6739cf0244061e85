// Issue 23: the pieces of the portals' feed that need no database: titles, the rules, XML text.
import { describe, expect, it } from "vitest";
import { cdata, portalPhotos, publishDate, xmlText } from "~/models/listings/portal-xml.server";
import { missingText, portalState, portalTitle, reasonText, usesLotArea, type PortalFields } from "~/utils/portais";

const ok: PortalFields = {
  ...{ ativo: "sim", status: "Venda", publicar_portais: "sim", fotos: 5, descricao: "x".repeat(50), cep: "15500-000", area: "80", preco: "1000" },
  ...{ endereco: "Rua A", bairro: "Centro", cidade: "Votuporanga", estado: "SP" },
};

describe("portal rules", () => {
  it("a complete listing goes; each missing piece is named", () => {
    expect(portalState(ok)).toEqual({ kind: "feed" });
    const bad = { fotos: 4, descricao: "x".repeat(49), cep: "1550", area: "0", preco: "0.00", endereco: " ", bairro: "", cidade: " ", estado: "XX" };
    expect(portalState({ ...ok, ...bad })).toEqual({
      kind: "missing",
      missing: ["menos de 5 fotos", "descrição ≥ 50 caracteres", "CEP", "área", "preço", "endereço", "bairro", "cidade", "estado"],
    });
  });

  it("says what is lacking after 'falta:', and a count of photos on its own", () => {
    expect(missingText(["CEP", "área"])).toBe("falta: CEP, área");
    expect(missingText(["menos de 5 fotos", "CEP"])).toBe("falta: CEP; menos de 5 fotos");
    expect(missingText(["menos de 5 fotos"])).toBe("menos de 5 fotos");
    expect([reasonText("CEP", 2), reasonText("menos de 5 fotos ≥ 800 px", 1)]).toEqual(["falta CEP: 2", "menos de 5 fotos ≥ 800 px: 1"]);
  });

  it("land, farms and industrial buildings are measured by their lot (VRSync's Details page)", () => {
    expect(["Terreno", "Rural", "Rancho", "Área de Lazer", "Salão Industrial"].every((t) => usesLotArea(t as never))).toBe(true);
    expect(["Casa", "Apartamento", "Sala Comercial", "Salão Comercial"].some((t) => usesLotArea(t as never))).toBe(false);
  });

  it("inactive, Temporada or unpublished listings are not meant for the portals", () => {
    expect(portalState({ ...ok, ativo: "nao" }).kind).toBe("off");
    expect(portalState({ ...ok, status: "Temporada" }).kind).toBe("off");
    expect(portalState({ ...ok, publicar_portais: "nao" }).kind).toBe("off");
  });

  it("titles are 10 to 100 characters", () => {
    expect(portalTitle({ tipo: "Apartamento", status: "Locação", quartos: 1, bairro: "", cidade: "Votuporanga" })).toBe("Apartamento com 1 quarto para alugar em Votuporanga");
    const long = portalTitle({ tipo: "Casa", status: "Venda", quartos: 3, bairro: "Residencial ".repeat(12), cidade: "X" });
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long.endsWith("…")).toBe(true);
  });

  it("the cover first, then the rest in order, each once", () => {
    const f = (...imgs: string[]) => imgs.map((img) => ({ img, largura: 1200 }));
    expect(portalPhotos("b.jpg", f("a.jpg", "b.jpg", "c.jpg"))).toEqual(["b.jpg", "a.jpg", "c.jpg"]);
    expect(portalPhotos(null, f("a.jpg", "b.jpg"))).toEqual(["a.jpg", "b.jpg"]);
    expect(portalPhotos(null, [])).toEqual([]);
  });

  it("only JPEG photos at least 800 px wide (a width not recorded is trusted); a capa that is no photo (a 400×300 crop) stays out", () => {
    const fotos = [
      { img: "estreita.jpg", largura: 400 },
      { img: "larga.jpg", largura: 1200 },
      { img: "antiga.jpg", largura: null },
      { img: "limite.jpg", largura: 800 },
      { img: "antiga.png", largura: 1200 },
    ];
    expect(portalPhotos("estreita.jpg", fotos)).toEqual(["larga.jpg", "antiga.jpg", "limite.jpg"]);
    expect(portalPhotos("recorte.jpg", fotos)).toEqual(["larga.jpg", "antiga.jpg", "limite.jpg"]);
    expect(portalPhotos("antiga.jpg", fotos)).toEqual(["antiga.jpg", "larga.jpg", "limite.jpg"]);
    const narrowOnly = [{ img: "estreita.jpg", largura: 640 }];
    expect(portalPhotos(null, narrowOnly)).toEqual([]);
    expect(portalState({ ...ok, fotos: 4, fotosTotal: 6 })).toEqual({ kind: "missing", missing: ["menos de 5 fotos ≥ 800 px"] });
    expect(portalState({ ...ok, fotos: 0, fotosTotal: 4 })).toEqual({ kind: "missing", missing: ["menos de 5 fotos"] });
    expect(portalState({ ...ok, fotos: 0, fotosTotal: 0 })).toEqual({ kind: "missing", missing: ["menos de 5 fotos"] });
  });
});

describe("the header's PublishDate", () => {
  it("is São Paulo's wall clock to the second, without a zone (the day before, past midnight UTC)", () => {
    expect(publishDate(new Date("2026-01-01T02:30:05.987Z"))).toBe("2025-12-31T23:30:05");
    expect(publishDate(new Date("2026-07-15T15:00:00Z"))).toBe("2026-07-15T12:00:00");
  });
});

describe("XML text", () => {
  it("escapes markup and drops characters XML cannot hold", () => {
    expect(xmlText(`<b>"A & B's"</b>\u0001`)).toBe("&lt;b&gt;&quot;A &amp; B&apos;s&quot;&lt;/b&gt;");
  });
  it("keeps a ]]> inside CDATA without ending it", () => {
    expect(cdata("a ]]> b")).toBe("<![CDATA[a ]]]]><![CDATA[> b]]>");
  });
});
