// Loaded on demand by the gallery: static imports here let the bundler keep only these modules.
// The counter and button labels are ours (rendered by React), which spares Swiper's Pagination
// and A11y modules and keeps the property page within its JavaScript budget.
// Swiper's CSS comes with this chunk too: the server-rendered strip needs none of it (pages.css),
// so it no longer blocks the property page's first paint.
import Swiper from "swiper";
import { Keyboard, Navigation } from "swiper/modules";
import "swiper/css";
import "swiper/css/navigation";

export function createCarousel(el: HTMLElement, onChange: (index: number) => void) {
  el.classList.add("swiper");
  return new Swiper(el, {
    modules: [Navigation, Keyboard],
    loop: true,
    // Quick clicks should move the carousel, not be dropped while a slide is still animating.
    loopPreventsSliding: false,
    speed: 600,
    autoplay: false,
    navigation: {
      prevEl: el.querySelector<HTMLElement>(".swiper-button-prev"),
      nextEl: el.querySelector<HTMLElement>(".swiper-button-next"),
    },
    keyboard: { enabled: true, onlyInViewport: true },
    on: { slideChange: (s) => onChange(s.realIndex) },
  });
}
