import { useRef } from "react";
import { imgSrcSet, imgUrl } from "~/utils/img";
import { useCarousel } from "./use-carousel";

type Foto = { id: number; img: string };

/**
 * The server renders every photo in a horizontal scroll-snap strip, usable without JavaScript.
 * Once hydrated, the counter and the buttons appear and drive that strip; Swiper (loaded on the
 * first interaction, see use-carousel.ts) then turns the same markup into a manual, looping
 * carousel with 600 ms slides.
 */
export function Gallery({ fotos, altBase }: { fotos: Foto[]; altBase: string }) {
  const root = useRef<HTMLDivElement>(null);
  const { current, state, go } = useCarousel(root, fotos.length, fotos.map((f) => f.id).join());

  if (fotos.length === 0) {
    return (
      <div className="gallery gallery-empty">
        <img src="/sem-foto.svg" alt="Imóvel sem fotos" width={400} height={300} />
      </div>
    );
  }
  return (
    <div className="gallery" ref={root} role="region" aria-label="Fotos do imóvel" data-carousel={state}>
      {/* Focusable: the strip scrolls with the arrow keys before (or without) Swiper, which then
          takes the same keys once focus has started it. A scrollable region must be reachable by
          keyboard (WCAG 2.1.1; axe's scrollable-region-focusable), which is what this tabIndex is for. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region, see above */}
      <div className="gallery-strip swiper-wrapper" tabIndex={0}>
        {fotos.map((f, i) => (
          <figure key={f.id} className="swiper-slide">
            <img
              src={imgUrl(f.img)}
              srcSet={imgSrcSet(f.img)}
              sizes="(min-width: 1100px) 760px, 100vw"
              alt={`${altBase} – foto ${i + 1} de ${fotos.length}`}
              width={1200}
              height={900}
              loading={i === 0 ? "eager" : "lazy"}
              // The first photo is the page's largest paint: fetched before the scripts.
              fetchPriority={i === 0 ? "high" : undefined}
              decoding="async"
            />
          </figure>
        ))}
      </div>
      {fotos.length > 1 ? (
        <>
          {/* Rendered by the server too, but shown only once hydrated: without JavaScript they could do nothing. */}
          <button type="button" className="gallery-nav gallery-prev" aria-label="Foto anterior" onClick={() => go(-1)} />
          <button type="button" className="gallery-nav gallery-next" aria-label="Próxima foto" onClick={() => go(1)} />
          <div className="gallery-counter" aria-live="polite">
            <span className="sr-only">Foto </span>
            {current + 1} / {fotos.length}
          </div>
        </>
      ) : null}
    </div>
  );
}
