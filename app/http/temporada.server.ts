// What the property page of a Temporada listing shows (issue 33 §2), from its query: the calendar's
// months and, when 'Verificar datas' was sent, the answer or the errors by field.
import { contentDay } from "~/models/temporada/content-day.server";
import { diariasOf, getTemporadaPublic, verificar } from "~/models/temporada/disponibilidade.server";
import type { CardShown } from "~/utils/imovel";
import { calendarMonths, checkEstadia, totalText, type Estadia, type EstadiaQueryView } from "~/utils/temporada";

export async function temporadaView(imovelId: number, query: URLSearchParams) {
  const t = await getTemporadaPublic(imovelId);
  const asked = { chegada: query.get("chegada") ?? undefined, saida: query.get("saida") ?? undefined, hospedes: query.get("hospedes") ?? undefined };
  const sent = asked.chegada !== undefined || asked.saida !== undefined;
  const checked = sent && t.config ? checkEstadia(asked, t.today) : null;
  const errors = checked && "errors" in checked ? checked.errors : {};
  const result = checked && "estadia" in checked ? verificar(t, checked.estadia) : null;
  const hrefOf = (s: { chegada: string; saida: string }) =>
    `/imovel/${imovelId}?${new URLSearchParams({ chegada: s.chegada, saida: s.saida, hospedes: String(result?.estadia.hospedes ?? 1) })}#verificar`;
  return {
    config: t.config,
    months: calendarMonths(t.periodos, t.today),
    asked: { chegada: asked.chegada?.slice(0, 10), saida: asked.saida?.slice(0, 10), hospedes: asked.hospedes?.slice(0, 3) },
    errors,
    answer: !result
      ? null
      : result.kind === "disponivel"
        ? { kind: "disponivel" as const, diarias: result.estadia.diarias, diaria: result.diaria }
        : { kind: "indisponivel" as const, motivo: result.motivo, sugestao: result.sugestao ? { ...result.sugestao, href: hrefOf(result.sugestao) } : null },
  };
}

/**
 * /temporada's dates: none sent, no filter; sent and valid (the content's today, São Paulo), the
 * stay to filter by; sent and wrong, the errors by field and no filter.
 */
export async function estadiaQuery(query: URLSearchParams): Promise<{ criteria: Estadia | null; view: EstadiaQueryView }> {
  const asked = { chegada: query.get("chegada") || undefined, saida: query.get("saida") || undefined, hospedes: query.get("hospedes") || undefined };
  const shown = { chegada: asked.chegada?.slice(0, 10), saida: asked.saida?.slice(0, 10), hospedes: asked.hospedes?.slice(0, 3) };
  if (!asked.chegada && !asked.saida) return { criteria: null, view: { ...shown, errors: {}, diarias: null } };
  const checked = checkEstadia({ ...asked, hospedes: asked.hospedes ?? "1" }, await contentDay());
  if ("errors" in checked) return { criteria: null, view: { ...shown, errors: checked.errors, diarias: null } };
  return { criteria: checked.estadia, view: { ...shown, errors: {}, diarias: checked.estadia.diarias } };
}

/** Each card of a stay search with the stay's total ('N diárias × R$ … = R$ …'). */
export async function withStayTotals(cards: CardShown[], estadia: Estadia | null | undefined): Promise<CardShown[]> {
  if (!estadia) return cards;
  const diarias = await diariasOf(cards.map((c) => c.id));
  return cards.map((c) => {
    const diaria = diarias.get(c.id);
    return diaria ? { ...c, estadia: totalText(estadia.diarias, diaria) } : c;
  });
}
