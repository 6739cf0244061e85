import { CostsStrip } from "~/components/costs-strip";
import { ErrorPage } from "~/components/error-page";
import { ListingMap } from "~/components/listing-map";
import { ListingVideo } from "~/components/listing-video";
import { ListingShare } from "~/components/listing-share";
import { SimilarListings } from "~/components/similar-listings";
import { FinancingSimulator } from "~/components/financing-simulator";
import { Gallery } from "~/components/gallery";
import { ImovelMensagemForm } from "~/components/imovel-mensagem-form";
import { WhatsAppIcon } from "~/components/site-header";
import { getAgency, getEnv } from "~/env.server";
import { idParam } from "~/http/params.server";
import { notFound } from "~/http/responses.server";
import { getPublicImovel, listRelated, listSimilar } from "~/models/listings/imovel.server";
import { FavoritoButton } from "~/components/favorito-button";
import { VisitaSection } from "~/components/visita-form";
import { TemporadaSection } from "~/components/temporada-section";
import { temporadaView } from "~/http/temporada.server";
import { descricaoText, sanitizeDescricao } from "~/services/sanitize.server";
import { simulateQuery } from "~/utils/financing";
import { formatMoney, formatNumber } from "~/utils/format";
import { thumbUrl } from "~/utils/img";
import { detailRows, shownCard, statusClass } from "~/utils/imovel";
import { imovelJsonLd } from "~/utils/imovel-jsonld";
import { whatsappPath } from "~/utils/whatsapp";
import type { Route } from "./+types/_site.imovel.$id";

const NOT_FOUND = "Imóvel não encontrado.";

export async function loader({ params, url: requestUrl }: Route.LoaderArgs) {
  const imovel = await getPublicImovel(idParam(params.id, NOT_FOUND));
  if (!imovel) throw notFound(NOT_FOUND);
  const { PUBLIC_URL, FINANCING_RATE } = getEnv();
  const preco = Number(imovel.preco);
  // For sale, with a price: the simulator, from the page's own query (a simulation is a link).
  const financing = imovel.status === "Venda" && preco > 0 ? simulateQuery(preco, requestUrl.searchParams, FINANCING_RATE) : null;
  const agency = getAgency();
  const [related, similar, temporada] = await Promise.all([
    listRelated(imovel),
    listSimilar(imovel),
    imovel.status === "Temporada" ? temporadaView(imovel.id, requestUrl.searchParams) : null,
  ]);
  const url = `${PUBLIC_URL}/imovel/${imovel.id}`;
  const titulo = `${imovel.tipo} em ${imovel.bairro || imovel.cidade}`;
  return {
    imovel: { ...imovel, descricao: sanitizeDescricao(imovel.descricao) },
    resumo: descricaoText(imovel.descricao),
    related,
    similar: similar.map(shownCard),
    financing,
    temporada,
    url,
    origin: PUBLIC_URL,
    titulo,
    agency,
    // Through /whatsapp, which counts the tap and redirects to wa.me with the listing's text (issue 34).
    whatsappHref: whatsappPath(imovel.id),
  };
}

export const meta = ({ loaderData: data, error }: Route.MetaArgs) => {
  // 503: the database is down, the listing may well exist (issue 12).
  if (!data && (error as { status?: number } | undefined)?.status === 503) return [{ title: "Serviço temporariamente indisponível | Imobiliária Votuporanga" }];
  if (!data) return [{ title: "Imóvel não encontrado | Imobiliária Votuporanga" }];
  const { imovel, url, origin, titulo, resumo, agency } = data;
  const title = `${titulo} – ${imovel.status} – ${formatMoney(imovel.preco)} | ${agency.name}`;
  const image = imovel.capa ? `${origin}/img/${imovel.capa}` : undefined;
  const listing = imovelJsonLd(imovel, { url, origin, titulo, resumo, agency });
  return [
    { title },
    { name: "description", content: resumo },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: resumo },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { property: "og:locale", content: "pt_BR" },
    { "script:ld+json": listing },
  ];
};

export default function ImovelPage({ loaderData }: Route.ComponentProps) {
  const { imovel, related, similar, titulo, url, whatsappHref, financing, temporada } = loaderData;
  const rows = detailRows(imovel);
  const half = Math.ceil(rows.length / 2);
  return (
    <div className="container section imovel-page">
      <div className="imovel-main">
        <header className="imovel-head">
          <span className={`ribbon status-${statusClass(imovel.status)}`}>{imovel.status}</span>
          <h1>
            {imovel.endereco}
            {imovel.numero ? `, ${imovel.numero}` : ""}
          </h1>
          <p className="imovel-place">
            {imovel.bairro} - {imovel.cidade} - {imovel.estado}
            <span className="codigo">Cód. {imovel.codigo}</span>
          </p>
          <FavoritoButton id={imovel.id} withText />
        </header>

        <Gallery fotos={imovel.imagens} altBase={titulo} />

        <dl className="info-strip">
          <div>
            <dt>TIPO</dt>
            <dd>{imovel.tipo}</dd>
          </div>
          <div>
            <dt>STATUS</dt>
            <dd>{imovel.status}</dd>
          </div>
          <div>
            <dt>PREÇO</dt>
            <dd>{formatMoney(imovel.preco)}</dd>
          </div>
          <div>
            <dt>ÁREA</dt>
            <dd>{formatNumber(imovel.area)} mt2</dd>
          </div>
        </dl>
        <CostsStrip imovel={imovel} />

        <section aria-labelledby="descricao" className="imovel-section">
          <h2 id="descricao">DESCRIÇÃO</h2>
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: imovel.descricao }} />
        </section>

        <section aria-labelledby="detalhes" className="imovel-section">
          <h2 id="detalhes">DETALHES</h2>
          {rows.length === 0 ? (
            <p>Sem detalhes cadastrados.</p>
          ) : (
            <div className="details-cols">
              {[rows.slice(0, half), rows.slice(half)].map((col, i) => (
                <dl key={i} className="details-list">
                  {col.map((r) => (
                    <div key={r.label}>
                      <dt>{r.label}</dt>
                      <dd>{r.value}</dd>
                    </div>
                  ))}
                </dl>
              ))}
            </div>
          )}
        </section>

        {temporada ? <TemporadaSection imovelId={imovel.id} view={temporada} /> : null}

        <ListingVideo video={imovel.video} titulo={titulo} />

        <ListingMap
          endereco={imovel.endereco}
          numero={imovel.numero}
          mostrar_numero={imovel.mostrar_numero}
          bairro={imovel.bairro}
          cidade={imovel.cidade}
          estado={imovel.estado}
        />

        {financing ? <FinancingSimulator imovelId={imovel.id} sim={financing} /> : null}

        <ListingShare url={url} titulo={titulo} codigo={imovel.codigo} />

        <section aria-labelledby="interesse" className="imovel-section interesse">
          <h2 id="interesse">Gostou deste imóvel?</h2>
          <p>Fale com um corretor informando o código {imovel.codigo}.</p>
          <a className="btn btn-whatsapp" href={whatsappHref} target="_blank" rel="noopener noreferrer">
            <WhatsAppIcon /> Conversar pelo WhatsApp
          </a>
          <p>Ou deixe seu contato que retornamos:</p>
          <ImovelMensagemForm imovelId={imovel.id} codigo={imovel.codigo} />
        </section>

        <VisitaSection imovelId={imovel.id} />

        <SimilarListings cards={similar} />
      </div>

      <aside className="imovel-side" aria-labelledby="relacionados">
        <h2 id="relacionados">Outros imóveis para {imovel.status.toLowerCase()}</h2>
        <ul className="side-list">
          {related.map((c) => (
            <li key={c.id}>
              <a href={`/imovel/${c.id}`} className="side-card">
                <img
                  src={thumbUrl(c.capa)}
                  alt={`${c.tipo} em ${c.bairro} – foto de capa`}
                  width={120}
                  height={90}
                  loading="lazy"
                />
                <span>
                  <strong>{formatMoney(c.preco)}</strong>
                  <span>
                    {c.tipo} · {c.bairro}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <ErrorPage
      className="container section error-page"
      notFoundTitle="Imóvel não encontrado"
      failedTitle="Não foi possível abrir este imóvel"
      notFoundText="Este anúncio não existe ou não está mais disponível."
      links={[
        { to: "/imoveis", label: "Ver todos os imóveis" },
        { to: "/", label: "Voltar ao início" },
      ]}
    />
  );
}
