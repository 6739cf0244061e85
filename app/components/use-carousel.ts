import { useEffect, useRef, useState, type RefObject } from "react";
import { useHydrated } from "./use-hydrated";
import type { Carousel } from "./swiper.client";

/** "native" once hydrated (the strip, driven by our buttons); "ready" once Swiper runs it. */
export type CarouselState = "native" | "ready";

/** Swiper starts by itself this long after the load event (then when the browser is idle). */
const IDLE_START_MS = 4000;
/** The strip counts as settled when no finger is on it and it has not scrolled for this long… */
const SETTLE_MS = 150;
/**
 * …and it rests on a photo, which we wait for up to this long: a long task (Swiper's own script,
 * on a slow phone) holds back the scroll events of a swipe still gliding, so "no scroll lately"
 * alone let Swiper start between two photos.
 */
const SNAP_WAIT_MS = 1500;

type Started = { carousel: Carousel } | null;

/**
 * The gallery's carousel (docs/decisions/0015-carousel-on-interaction.md). Hydration leaves the
 * server's scroll-snap strip in place and only wires the counter and the buttons to it; Swiper
 * (75 KB of script, a long task to start) is loaded on the visitor's first interaction with the
 * gallery — a touch, a click, the mouse coming in, focus — or, failing that, when the browser is
 * idle well after load. It starts once the strip has settled, at the photo the visitor scrolled
 * to: a first swipe made natively is neither cut short nor lost.
 */
export function useCarousel(root: RefObject<HTMLElement | null>, count: number, photosKey: string) {
  const [current, setCurrent] = useState(0);
  // "native" follows from hydration (the effect below has wired the strip by the time React
  // re-renders with hydrated = true: pending effects run before the next render); "ready" is
  // set once Swiper has started, from its script's promise.
  const [ready, setReady] = useState(false);
  const hydrated = useHydrated();
  const state: CarouselState | undefined = ready ? "ready" : hydrated && count >= 2 ? "native" : undefined;
  const started = useRef<Started>(null);
  const api = useRef<{ request: () => void; moved: (to: number) => void } | null>(null);

  useEffect(() => {
    const el = root.current;
    const strip = el?.querySelector<HTMLElement>(".gallery-strip");
    if (!el || !strip || count < 2) return;
    let cancelled = false;
    let loading = false;
    let touching = false;
    let lastScroll = 0;
    // The photo a button asked the strip to scroll to, until it gets there. Swiper starts on it
    // even if the smooth scroll is still on its way (or has not begun: its scroll events wait
    // behind Swiper's script on a slow phone; seen with the CPU slowed down, 'Foto anterior' from
    // the first of 7 photos stopping on the 1st, the 4th or the 5th).
    let target: number | undefined;
    let settleTimer: ReturnType<typeof setTimeout> | undefined;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const stripIndex = () => Math.min(count - 1, Math.max(0, Math.round(strip.scrollLeft / (strip.clientWidth || 1))));
    const between = () => Math.abs(strip.scrollLeft - stripIndex() * strip.clientWidth) > 1;
    let waitingSince: number | undefined;

    const onScroll = () => {
      lastScroll = performance.now();
      setCurrent(stripIndex());
      if (stripIndex() === target && !between()) target = undefined;
    };
    const start = ({ createCarousel }: typeof import("./swiper.client")) => {
      if (cancelled) return;
      const now = performance.now();
      waitingSince ??= now;
      if (touching || now - lastScroll < SETTLE_MS || (target === undefined && between() && now - waitingSince < SNAP_WAIT_MS)) {
        settleTimer = setTimeout(() => start({ createCarousel }), SETTLE_MS);
        return;
      }
      // Read the photo before Swiper takes the strip over; its transform, not the scroll offset,
      // positions the slides from now on (all in one task: nothing is painted in between).
      // The scroll listener goes first: resetting the offset fires one more scroll event, which
      // would set the counter back to 1.
      const from = target ?? stripIndex();
      strip.removeEventListener("scroll", onScroll);
      strip.scrollLeft = 0;
      started.current = { carousel: createCarousel(el, from, setCurrent) };
      setCurrent(from);
      setReady(true);
    };
    const request = () => {
      if (loading || cancelled) return;
      loading = true;
      // Offline, say: the strip and our buttons keep working, and the next interaction retries.
      import("./swiper.client").then(start, () => (loading = false));
    };
    const moved = (to: number) => {
      lastScroll = performance.now();
      target = to;
    };
    api.current = { request, moved };

    const onTouch = (e: TouchEvent) => {
      touching = e.type === "touchstart" || e.touches.length > 0;
      if (touching) target = undefined; // the visitor's finger takes over from the button
      request();
    };
    const onLoad = () => {
      idleTimer = setTimeout(() => {
        if (typeof requestIdleCallback === "function") idle = requestIdleCallback(request);
        else request();
      }, IDLE_START_MS);
    };
    const triggers = ["pointerdown", "mouseenter", "focusin", "keydown"] as const;
    for (const t of triggers) el.addEventListener(t, request);
    for (const t of ["touchstart", "touchend", "touchcancel"] as const) el.addEventListener(t, onTouch, { passive: true });
    strip.addEventListener("scroll", onScroll, { passive: true });
    if (document.readyState === "complete") onLoad();
    else window.addEventListener("load", onLoad, { once: true });

    return () => {
      cancelled = true;
      for (const t of triggers) el.removeEventListener(t, request);
      for (const t of ["touchstart", "touchend", "touchcancel"] as const) el.removeEventListener(t, onTouch);
      strip.removeEventListener("scroll", onScroll);
      window.removeEventListener("load", onLoad);
      clearTimeout(settleTimer);
      clearTimeout(idleTimer);
      if (idle !== undefined) cancelIdleCallback(idle);
      started.current?.carousel.destroy();
      started.current = null;
      api.current = null;
      setReady(false);
    };
    // photosKey: other photos (a revalidation after an edit) are another strip; the same ones
    // after any other revalidation keep the running carousel.
  }, [root, count, photosKey]);

  /**
   * The buttons: Swiper's slide once it runs; before that, the strip scrolls (and loops) itself.
   * A plain function: it reads refs when clicked, and the buttons are plain elements (no memo to
   * keep; the useCallback it had could not be preserved by the compiler's rules anyway).
   */
  const go = (step: 1 | -1) => {
    const carousel = started.current?.carousel;
    if (carousel) return step > 0 ? carousel.slideNext() : carousel.slidePrev();
    const strip = root.current?.querySelector<HTMLElement>(".gallery-strip");
    if (!strip || !api.current) return;
    const to = (Math.round(strip.scrollLeft / (strip.clientWidth || 1)) + step + count) % count;
    // Counted as scrolling now: Swiper, if it arrives meanwhile, starts on this photo.
    api.current.moved(to);
    strip.scrollTo({ left: to * strip.clientWidth, behavior: "smooth" });
    api.current.request();
  };

  return { current, state, go };
}
