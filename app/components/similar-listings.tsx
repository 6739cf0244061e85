import type { CardShown } from "~/utils/imovel";
import { ImovelGrid } from "./imovel-card";

/** "Imóveis semelhantes" on a property page (issue 22); absent when there is none. */
export function SimilarListings({ cards }: { cards: CardShown[] }) {
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="semelhantes" className="imovel-section semelhantes">
      <h2 id="semelhantes">Imóveis semelhantes</h2>
      <ImovelGrid cards={cards} />
    </section>
  );
}
