import { Link } from "@remix-run/react";
import { formatMoney } from "~/utils/format";
import { statusClass, type ImovelCardData } from "~/utils/imovel";
import { PLACEHOLDER_IMG, imgSrcSet, imgUrl } from "~/utils/img";
import { BathIcon, BedIcon, CarIcon } from "./icons";

export function capaAlt(card: Pick<ImovelCardData, "tipo" | "bairro">) {
  return `${card.tipo} em ${card.bairro || "Votuporanga"} – foto de capa`;
}

export function ImovelCard({ card, eager = false }: { card: ImovelCardData; eager?: boolean }) {
  const src = card.capa ? imgUrl(card.capa) : PLACEHOLDER_IMG;
  return (
    <article className="card">
      <Link to={`/imovel/${card.id}`} className="card-link" prefetch="intent">
        <div className="card-media">
          <img
            src={src}
            srcSet={card.capa ? imgSrcSet(card.capa) : undefined}
            sizes="(min-width: 1100px) 360px, (min-width: 700px) 45vw, 92vw"
            alt={capaAlt(card)}
            width={400}
            height={300}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
          />
          <span className={`status-label status-${statusClass(card.status)}`}>{card.status.toUpperCase()}</span>
        </div>
        <div className="card-body">
          <p className="card-price">{formatMoney(card.preco)}</p>
          {/* One string per element: React would put <!-- --> between each piece of text. */}
          <h3 className="card-title">{card.numero ? `${card.endereco}, ${card.numero}` : card.endereco}</h3>
          <p className="card-place">{`${card.bairro} – ${card.cidade}/${card.estado}`}</p>
          <ul className="card-counts" aria-label="Características">
            <li title="Banheiros">
              <BathIcon />{` ${card.banheiros} `}<span className="sr-only">banheiros</span>
            </li>
            <li title="Quartos">
              <BedIcon />{` ${card.quartos} `}<span className="sr-only">quartos</span>
            </li>
            <li title="Garagem">
              <CarIcon />{` ${card.garagem} `}<span className="sr-only">vagas de garagem</span>
            </li>
          </ul>
        </div>
      </Link>
    </article>
  );
}

export function ImovelGrid({ cards, eagerCount = 0 }: { cards: ImovelCardData[]; eagerCount?: number }) {
  return (
    <div className="card-grid">
      {cards.map((c, i) => (
        <ImovelCard key={c.id} card={c} eager={i < eagerCount} />
      ))}
    </div>
  );
}
