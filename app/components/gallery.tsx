import { useEffect, useRef, useState } from "react";
import { imgSrcSet, imgUrl } from "~/utils/img";

type Foto = { id: number; img: string };

/**
 * The server renders every photo in a horizontal scroll-snap strip, usable without JavaScript.
 * Once hydrated, Swiper (loaded on demand, without its React wrapper to keep the page light)
 * turns the same markup into a manual, looping carousel with 600 ms slides.
 */
export function Gallery({ fotos, altBase }: { fotos: Foto[]; altBase: string }) {
  const root = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    const el = root.current;
    if (!el || fotos.length < 2) return;
    let swiper: { destroy: () => void } | undefined;
    let cancelled = false;
    import("./swiper.client").then(({ createCarousel }) => {
      if (cancelled) return;
      swiper = createCarousel(el, setCurrent);
      el.dataset.carousel = "ready";
    });
    return () => {
      cancelled = true;
      swiper?.destroy();
    };
  }, [fotos]);

  if (fotos.length === 0) {
    return (
      <div className="gallery gallery-empty">
        <img src="/sem-foto.svg" alt="Imóvel sem fotos" width={400} height={300} />
      </div>
    );
  }
  return (
    <div className="gallery" ref={root} role="region" aria-label="Fotos do imóvel" tabIndex={0}>
      <div className="gallery-strip swiper-wrapper">
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
          <button type="button" className="swiper-button-prev" aria-label="Foto anterior" />
          <button type="button" className="swiper-button-next" aria-label="Próxima foto" />
          <div className="gallery-counter" aria-live="polite">
            <span className="sr-only">Foto </span>
            {current + 1} / {fotos.length}
          </div>
        </>
      ) : null}
    </div>
  );
}
