// The browser's own checks come from the zod schemas (app/components/use-zod-form.ts: conform's
// getZodConstraint → required, minLength, maxLength, min, max, pattern on each field). Without
// JavaScript they are the only checks before the post, so losing them is silent: zod 4.6 stopped
// writing the constraints where conform 1.21 reads them (conform issue 1340), which is why zod is
// held at 4.5 (decision 0034). These are the attributes the forms had on zod 3.
import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { anuncieSchema } from "~/utils/anuncie-schema";
import { imovelSchema } from "~/utils/imovel-schema";
import { mensagemSchema } from "~/utils/mensagem-schema";
import { criarUsuarioSchema } from "~/utils/usuario-schema";
import { visitaSchema } from "~/utils/visita-schema";

describe("form constraints from the schemas", () => {
  it("keep the contact form's required fields and lengths", () => {
    const c = getZodConstraint(mensagemSchema);
    expect(c.email).toEqual({ required: true, minLength: 1, maxLength: 191 });
    expect(c.nome).toEqual({ required: true, minLength: 1, maxLength: 120 });
    expect(c.telefone).toEqual({ required: true, minLength: 1, maxLength: 30 });
    expect(c.mensagem).toEqual({ required: true, minLength: 1, maxLength: 2000 });
    // The honeypot must stay empty, and no pattern is copied from the phone's refine.
    expect(c.website).toEqual({ required: false, maxLength: 0 });
  });

  it("keep the listing form's counts, lengths, choices and state pattern", () => {
    const c = getZodConstraint(imovelSchema);
    expect(c.quartos).toEqual({ required: false, min: 0, max: 6 });
    expect(c.descricao).toEqual({ required: false, maxLength: 20000 });
    expect(c.endereco).toEqual({ required: false, maxLength: 160 });
    expect(c.status).toEqual({ required: false, pattern: "Locação|Venda|Temporada" });
    expect(c.estado).toEqual({ required: true, pattern: "^(?=.*(?:^[A-Z]{2}$)).*$" });
  });

  it("keep the visit, 'Anuncie' and new-admin forms' limits", () => {
    expect(getZodConstraint(visitaSchema).periodo).toEqual({ required: true, pattern: "manhã|tarde" });
    expect(getZodConstraint(visitaSchema).mensagem).toEqual({ required: false, maxLength: 2000 });
    expect(getZodConstraint(anuncieSchema).bairro).toEqual({ required: true, minLength: 1, maxLength: 100 });
    expect(getZodConstraint(criarUsuarioSchema).email).toEqual({ required: true, maxLength: 191 });
  });
});
