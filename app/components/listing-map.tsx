import { shownStreet } from "~/utils/imovel";
import { MapEmbed } from "./map-embed";

type Props = { endereco: string; numero: string; mostrar_numero: string; bairro: string; cidade: string; estado: string };

/**
 * "Localização" on a property page (issue 22): the street and bairro on a map, like the contact page's
 * (same origin allowed by the CSP's frame-src). The house number only when the listing says its owner
 * allows it ('Mostrar o número no mapa', issue 30). The map is asked of Google only when "Mostrar o
 * mapa" is pressed (issue 24: no other site learns of a visit the visitor did not ask for; MapEmbed).
 * Without JavaScript, the plain link opens the same place in the maps site.
 */
export function ListingMap({ endereco, numero, mostrar_numero, bairro, cidade, estado }: Props) {
  if (!endereco && !bairro) return null;
  const place = [shownStreet({ endereco, numero, mostrar_numero }), bairro, `${cidade} - ${estado}`].filter(Boolean).join(", ");
  const q = encodeURIComponent(place);
  return (
    <section aria-labelledby="localizacao" className="imovel-section imovel-map">
      <h2 id="localizacao">Localização</h2>
      <p>
        {place} ·{" "}
        <a href={`https://www.google.com/maps/search/?api=1&query=${q}`} target="_blank" rel="noopener noreferrer">
          Abrir no mapa
        </a>
      </p>
      <MapEmbed className="imovel-map-box" title={`Mapa: ${place}`} src={`https://www.google.com/maps?q=${q}&output=embed`} />
    </section>
  );
}
