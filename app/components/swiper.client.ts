// Loaded on demand by the gallery (use-carousel.ts): static imports here let the bundler keep only
// these modules. The buttons and the counter are ours (rendered by React, working before Swiper
// starts), which spares Swiper's Navigation, Pagination and A11y modules and their CSS.
// Swiper's CSS comes with this chunk: the server-rendered strip needs none of it (pages.css).
import Swiper from "swiper";
import { Keyboard } from "swiper/modules";
import "swiper/css";

export type Carousel = { slideNext: () => void; slidePrev: () => void; destroy: () => void };

/** A manual, looping carousel with 600 ms slides over the gallery's markup, from slide `start`. */
export function createCarousel(el: HTMLElement, start: number, onChange: (index: number) => void): Carousel {
  el.classList.add("swiper");
  const swiper = new Swiper(el, {
    modules: [Keyboard],
    loop: true,
    initialSlide: start,
    // Quick clicks should move the carousel, not be dropped while a slide is still animating.
    loopPreventsSliding: false,
    speed: 600,
    autoplay: false,
    keyboard: { enabled: true, onlyInViewport: true },
    on: { slideChange: (s) => onChange(s.realIndex) },
  });
  return {
    slideNext: () => swiper.slideNext(),
    slidePrev: () => swiper.slidePrev(),
    destroy: () => swiper.destroy(),
  };
}
