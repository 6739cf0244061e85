import { useEffect, useRef, useState } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * "Localização" on a property page (issue 22): the street and bairro on a map, like the contact page's
 * (same origin allowed by the CSP's frame-src). The number is left out: the listing has no way yet
 * to say its owner allows it. The map is asked of Google only when its box is scrolled into view
 * or "Mostrar o mapa" is pressed (a lazy iframe alone is fetched at once on a phone: Chrome loads
 * iframes up to thousands of pixels ahead, and each visitor's page view would reach Google).
 * Without JavaScript, the plain link opens the same place in the maps site.
 */
export function ListingMap({ endereco, bairro, cidade, estado }: { endereco: string; bairro: string; cidade: string; estado: string }) {
  const hydrated = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    // The box exists from the render after hydration on: the observer starts then.
    const el = box.current;
    if (!hydrated || !el || shown) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setShown(true));
    io.observe(el);
    return () => io.disconnect();
  }, [hydrated, shown]);
  if (!endereco && !bairro) return null;
  const place = [endereco, bairro, `${cidade} - ${estado}`].filter(Boolean).join(", ");
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
      {hydrated ? (
        <div ref={box} className="imovel-map-box">
          {shown ? (
            <iframe title={`Mapa: ${place}`} src={`https://www.google.com/maps?q=${q}&output=embed`} referrerPolicy="no-referrer-when-downgrade" width="600" height="320" />
          ) : (
            <button type="button" className="btn" onClick={() => setShown(true)}>
              Mostrar o mapa
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}
