// Issue 32 §2: a digest with many new listings shows the newest DIGEST_SHOWN and says how many there
// are (up to DIGEST_COUNTED, 'mais de' past it), with the search a click away for the rest: none is
// left out silently, and the subject does not undercount. And 'Home admin''s line of active alerts.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { alertaEnvios, alertas, imoveis } from "~/db/schema";
import { queueDigests } from "~/models/alerts/alerta-digest.server";
import { composeResumo, DIGEST_COUNTED, DIGEST_SHOWN } from "~/models/alerts/alerta-email.server";
import { subscribe } from "~/models/alerts/alerta.server";
import { contentWrite } from "~/models/listings/content-version.server";
import { insertImovel } from "~/models/listings/imovel.server";
import type { ImovelCardData } from "~/utils/imovel";
import { alertaBuscaOf } from "~/utils/alertas";
import { parseListFilter } from "~/utils/search-schema";
import * as home from "~/routes/admin._index";
import { adminCookie, req } from "./api-support";
import { resetDb } from "./db";
import { callRoute } from "../support/route-call";

const busca = alertaBuscaOf("/venda?tipo=Casa", parseListFilter)!;
const site = { publicUrl: "https://imobiliaria.exemplo", agencyName: "Imobiliária Exemplo" };
const input = { email: "visitante@exemplo.com.br", busca, token: "t".repeat(43) };
const card = (id: number): ImovelCardData =>
  ({ id, codigo: `VT${id}`, tipo: "Casa", status: "Venda", preco: "350000.00", area: "0", endereco: "Rua A", numero: "1", bairro: "Centro", cidade: "Votuporanga", estado: "SP", quartos: 2, banheiros: 1, garagem: 1, ativo: "sim", capa: null }) as ImovelCardData;
const listed = (text: string) => [...text.matchAll(/\/imovel\/(\d+)\n/g)].map((m) => Number(m[1]));

beforeEach(resetDb);
afterAll(closeDb);

describe("a digest with many new listings", () => {
  /** `n` new listings of the alert's search, published a second apart (the oldest first); their ids. */
  async function published(n: number) {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push(await insertImovel({ descricao: "", status: "Venda", tipo: "Casa", preco: "350000.00", endereco: "Rua A", numero: String(i) }));
    await contentWrite((tx) =>
      tx
        .update(imoveis)
        .set({ publicado_em: sql`NOW(3) - INTERVAL (${n} - (${imoveis.id} - ${ids[0]})) SECOND` })
        .where(inArray(imoveis.id, ids)),
    );
    return ids;
  }
  async function digestOf(n: number) {
    expect(await subscribe(input.email, busca, "10.0.0.9")).toEqual({ ok: true });
    await getDb().update(alertas).set({ confirmado_em: new Date(Date.now() - 3_600_000) });
    const ids = await published(n);
    expect(await queueDigests()).toEqual({ verificados: 1, enfileirados: 1 });
    const [envio] = await getDb().select().from(alertaEnvios).where(eq(alertaEnvios.tipo, "resumo"));
    return { ids, kept: envio.imoveis! };
  }

  it(`keeps them all, newest first`, async () => {
    const { ids, kept } = await digestOf(DIGEST_SHOWN + 2);
    expect(kept).toEqual([...ids].reverse());
  });

  it(`keeps ${DIGEST_COUNTED} and one of more: enough to say 'mais de ${DIGEST_COUNTED}'`, async () => {
    const { ids, kept } = await digestOf(DIGEST_COUNTED + 5);
    expect(kept).toEqual([...ids].reverse().slice(0, DIGEST_COUNTED + 1));
  });

  it(`shows the newest ${DIGEST_SHOWN}, counts the rest and links to the search for them`, () => {
    const mail = composeResumo(input, Array.from({ length: 14 }, (_, i) => card(100 - i)), site);
    expect(mail.subject).toBe("14 novos imóveis para a sua busca: Imóveis à venda · Casa");
    expect(listed(mail.text)).toEqual(Array.from({ length: DIGEST_SHOWN }, (_, i) => 100 - i));
    expect(mail.text).toContain("14 novos imóveis para a sua busca em Imobiliária Exemplo:");
    expect(mail.text).toContain("E mais 2 na sua busca: veja todos no site.");
    expect(mail.html).toContain(">E mais 2 na sua busca: veja todos no site.</a>");

    const many = composeResumo(input, Array.from({ length: DIGEST_COUNTED + 1 }, (_, i) => card(1000 - i)), site);
    expect(many.subject).toBe(`Mais de ${DIGEST_COUNTED} novos imóveis para a sua busca: Imóveis à venda · Casa`);
    expect(many.text).toContain(`E mais de ${DIGEST_COUNTED - DIGEST_SHOWN} na sua busca`);
    expect(listed(many.text)).toHaveLength(DIGEST_SHOWN);

    // Kept past the count, some since deactivated: still 'mais de 100'.
    const left = composeResumo(input, Array.from({ length: DIGEST_COUNTED - 3 }, (_, i) => card(1000 - i)), site, true);
    expect(left.subject).toBe(`Mais de ${DIGEST_COUNTED} novos imóveis para a sua busca: Imóveis à venda · Casa`);

    const few = composeResumo(input, [card(7), card(8)], site);
    expect(few.subject).toBe("2 novos imóveis para a sua busca: Imóveis à venda · Casa");
    expect(few.text).not.toContain("E mais");
  });
});

describe("the alerts on 'Home admin'", () => {
  it("counts the active (confirmed) alerts, and only those", async () => {
    for (const [i, email] of ["a@exemplo.com.br", "b@exemplo.com.br", "c@exemplo.com.br"].entries()) expect(await subscribe(email, busca, `10.0.1.${i}`)).toEqual({ ok: true });
    await getDb().update(alertas).set({ confirmado_em: new Date() }).where(eq(alertas.email, "a@exemplo.com.br"));
    await getDb().update(alertas).set({ confirmado_em: new Date() }).where(eq(alertas.email, "b@exemplo.com.br"));
    const res = await callRoute(home.loader, req("/admin", { cookie: await adminCookie() }));
    expect((res.body as { alertas: number }).alertas).toBe(2);
  });
});
