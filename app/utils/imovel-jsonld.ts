// A listing page's schema.org description (RealEstateListing, JSON-LD), for search engines.
import type { Agency } from "./agency";
import { shownStreet } from "./imovel";

type Listing = {
  codigo: string | null;
  status: string;
  situacao: string;
  preco: string;
  created_at: Date | string;
  endereco: string;
  numero: string;
  mostrar_numero: string;
  cidade: string;
  estado: string;
  cep: string | null;
  imagens: { img: string }[];
};

export function imovelJsonLd(imovel: Listing, { url, origin, titulo, resumo, agency }: { url: string; origin: string; titulo: string; resumo: string; agency: Agency }) {
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    name: titulo,
    description: resumo,
    url,
    identifier: imovel.codigo,
    image: imovel.imagens.map((f) => `${origin}/img/${f.img}`),
    datePosted: new Date(imovel.created_at).toISOString(),
    address: {
      "@type": "PostalAddress",
      // The number only where the owner allows it ('Mostrar o número no mapa'), as on the map.
      streetAddress: shownStreet(imovel),
      addressLocality: imovel.cidade,
      addressRegion: imovel.estado,
      postalCode: imovel.cep || undefined,
      addressCountry: "BR",
    },
    offers: {
      "@type": "Offer",
      price: imovel.preco,
      priceCurrency: "BRL",
      businessFunction: imovel.status === "Venda" ? "http://purl.org/goodrelations/v1#Sell" : "http://purl.org/goodrelations/v1#LeaseOut",
      availability: imovel.situacao === "Disponivel" ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      seller: {
        "@type": "RealEstateAgent",
        name: agency.name,
        telephone: agency.phone,
        url: origin,
        sameAs: agency.social.length ? agency.social.map((s) => s.url) : undefined,
        address: {
          "@type": "PostalAddress",
          streetAddress: agency.street,
          addressLocality: agency.city,
          addressRegion: agency.state,
          postalCode: agency.cep,
          addressCountry: "BR",
        },
      },
    },
  };
}
