import { Link } from "@remix-run/react";
import type { Card } from "~/models/imovel.server";
import { formatMoney } from "~/utils/format";
import { statusClass } from "~/utils/imovel";
import { PLACEHOLDER_IMG, imgSrcSet, imgUrl } from "~/utils/img";
import { BathIcon, BedIcon, CarIcon } from "./icons";

export function coverAlt(card: Pick<Card, "tipo" | "bairro">) {
  return `${card.tipo} em ${card.bairro || "Votuporanga"} – foto de capa`;
}

export function PropertyCard({ card, eager = false }: { card: Card; eager?: boolean }) {
  const src = card.cover ? imgUrl(card.cover) : PLACEHOLDER_IMG;
  return (
    <article className="card">
      <Link to={`/imovel/${card.id}`} className="card-link" prefetch="intent">
        <div className="card-media">
          <img
            src={src}
            srcSet={card.cover ? imgSrcSet(card.cover) : undefined}
            sizes="(min-width: 1100px) 360px, (min-width: 700px) 45vw, 92vw"
            alt={coverAlt(card)}
            width={400}
            height={300}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
          />
          <span className={`status-label status-${statusClass(card.status)}`}>{card.status.toUpperCase()}</span>
        </div>
        <div className="card-body">
          <p className="card-price">{formatMoney(card.preco)}</p>
          <h3 className="card-title">
            {card.endereco}
            {card.numero ? `, ${card.numero}` : ""}
          </h3>
          <p className="card-place">
            {card.bairro} – {card.cidade}/{card.estado}
          </p>
          <ul className="card-counts" aria-label="Características">
            <li title="Banheiros">
              <BathIcon /> {card.banheiros} <span className="sr-only">banheiros</span>
            </li>
            <li title="Quartos">
              <BedIcon /> {card.quartos} <span className="sr-only">quartos</span>
            </li>
            <li title="Garagem">
              <CarIcon /> {card.garagem} <span className="sr-only">vagas de garagem</span>
            </li>
          </ul>
        </div>
      </Link>
    </article>
  );
}

export function CardGrid({ cards, eagerCount = 0 }: { cards: Card[]; eagerCount?: number }) {
  return (
    <div className="card-grid">
      {cards.map((c, i) => (
        <PropertyCard key={c.id} card={c} eager={i < eagerCount} />
      ))}
    </div>
  );
}
