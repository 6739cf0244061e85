import { Link } from "react-router";
import { formatMoney } from "~/utils/format";
import { statusClass, type CardShown, type ImovelCardData } from "~/utils/imovel";
import { PLACEHOLDER_IMG, thumbUrl, variantUrl } from "~/utils/img";
import { FavoritoButton } from "./favorito-button";
import { Highlighted } from "./highlighted";

export function capaAlt(card: Pick<ImovelCardData, "tipo" | "bairro">) {
  return `${card.tipo} em ${card.bairro || "Votuporanga"}`;
}

// A card is repeated up to 15 times on the home page and 12 on a list: its markup is kept to what
// it shows (issue 11: the home page ≤ 25 KB). Classes only where CSS needs a hook (pages.css
// styles the rest by position); the icons are CSS masks, the counts' words (li span) are read, not shown.
// The photo is the 400 px variant, 800 px on dense screens: a card is at most ~400 CSS px wide. Its
// box is reserved by CSS (width 100 %, aspect-ratio 4/3 in pages.css, which blocks the first paint).
function cardSrcSet(capa: string) {
  const dense = variantUrl(capa, 800);
  return dense && `${dense} 2x`;
}

const NO_WORDS: readonly string[] = [];

/**
 * `eager`: loaded with the page rather than when scrolled to ("high": and before other images).
 * `discover`: whether this link makes React Router learn the listing route ahead of a click (one link
 * per grid is enough: the route, once known, serves every /imovel/:id).
 */
export function ImovelCard({
  card,
  eager = false,
  discover = true,
  words = NO_WORDS,
}: {
  card: CardShown;
  eager?: "high" | boolean;
  discover?: boolean;
  /** a word search's words, marked where the card shows them */
  words?: readonly string[];
}) {
  return (
    <article className="card">
      <Link to={`/imovel/${card.id}`} prefetch="intent" discover={discover ? "render" : "none"}>
        <img
          src={card.capa ? thumbUrl(card.capa) : PLACEHOLDER_IMG}
          srcSet={card.capa ? cardSrcSet(card.capa) : undefined}
          alt={capaAlt(card)}
          loading={eager ? undefined : "lazy"}
          fetchPriority={eager === "high" ? "high" : undefined}
        />
        <span className={`tag ${statusClass(card.status)}`}>{card.status.toUpperCase()}</span>
        <div>
          <p>{formatMoney(card.preco)}</p>
          {card.estadia ? <p className="card-estadia">{card.estadia}</p> : null}
          {/* One string per element: React would put <!-- --> between each piece of text. */}
          <h3>
            <Highlighted text={card.numero ? `${card.endereco}, ${card.numero}` : card.endereco} words={words} />
          </h3>
          <p>
            <Highlighted text={`${card.bairro} – ${card.cidade}/${card.estado}`} words={words} />
          </p>
          {card.trecho ? (
            <p className="card-trecho">
              <Highlighted text={card.trecho} words={words} />
            </p>
          ) : null}
          <ul>
            <li className="i-bath">{card.banheiros}<span> banheiros</span></li>
            <li className="i-bed">{card.quartos}<span> quartos</span></li>
            <li className="i-car">{card.garagem}<span> vagas de garagem</span></li>
          </ul>
        </div>
      </Link>
      {/* Outside the link: a form in a link is neither valid nor usable. */}
      <FavoritoButton id={card.id} />
    </article>
  );
}

export function ImovelGrid({ cards, eagerCount = 0, words }: { cards: CardShown[]; eagerCount?: number; words?: readonly string[] }) {
  return (
    <div className="card-grid">
      {cards.map((c, i) => (
        // The first photo of an eager grid is the list page's largest paint (LCP): fetched first.
        <ImovelCard key={c.id} card={c} eager={i < eagerCount && (i === 0 ? "high" : true)} discover={i === 0} words={words} />
      ))}
    </div>
  );
}
