// Loaded on demand by the gallery: static imports here let the bundler keep only these modules.
// The counter and button labels are ours (rendered by React), which spares Swiper's Pagination
// and A11y modules and keeps the property page within its JavaScript budget.
import Swiper from "swiper";
import { Keyboard, Navigation } from "swiper/modules";

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
