import { useState } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * A Google map asked for only when the visitor presses "Mostrar o mapa" (issue 24, LGPD): until then
 * the page reaches no other site, so Google learns of no visit and sets no cookie. A lazy iframe, or
 * one shown once scrolled into view, would load without the visitor asking. Without JavaScript
 * nothing is rendered: the page's own "Abrir no mapa" link opens the maps site.
 */
export function MapEmbed({ title, src, className }: { title: string; src: string; className: string }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  if (!hydrated) return null;
  return (
    <div className={className}>
      {shown ? (
        <iframe title={title} src={src} referrerPolicy="no-referrer-when-downgrade" width="600" height="320" />
      ) : (
        <button type="button" className="btn" onClick={() => setShown(true)}>
          Mostrar o mapa
        </button>
      )}
    </div>
  );
}
