// Toasts in the tests: a record of every toast a page showed, and the check that reads it.
import { expect, type Page } from "@playwright/test";

/**
 * Every toast a page shows, kept in `window.__toastsSeen` (an init script of the test contexts; it
 * does nothing without JavaScript). With JavaScript a toast closes itself after 2 s (produto §9),
 * and on this busy machine those 2 s can pass between two polls of toBeVisible.
 */
export const TOAST_RECORDER = `(() => {
  const seen = [];
  const keep = (n) => {
    if (n.nodeType !== 1) return;
    if (n.matches(".toast")) seen.push(n);
    n.querySelectorAll(".toast").forEach((t) => seen.push(t));
  };
  // The record appears with the observer's first call: without JavaScript the init script still runs
  // but its callbacks never do, and a record that stays empty would hide the server's toast.
  new MutationObserver((ms) => {
    if (!("__toastsSeen" in window)) Object.defineProperty(window, "__toastsSeen", { value: seen });
    ms.forEach((m) => m.addedNodes.forEach(keep));
  }).observe(document, { childList: true, subtree: true });
})();`;

/**
 * A toast (role status) with `text` (and, when given, the title `title`) is on screen, or was: one
 * the page showed and already closed counts (TOAST_RECORDER). Each recorded toast answers one check
 * (it is taken off the record), so a second check of the same text needs a second toast. Without
 * JavaScript there is no record: the server's toast stays, and is looked for on screen.
 */
export async function toastShown(page: Page, text: string, { timeout = 7_000, title }: { timeout?: number; title?: string } = {}) {
  const onScreen = page.getByRole("status").filter({ hasText: text });
  const visible = async () => {
    const toast = onScreen.first();
    if (!(await toast.isVisible())) return false;
    return title === undefined || (await toast.locator(".toast-title").textContent()) === title;
  };
  // true: taken off the record; false: not (yet) recorded; null: this page keeps no record.
  const recorded = () =>
    page
      .evaluate(([t, ttl]) => {
        const seen = (window as unknown as { __toastsSeen?: Element[] }).__toastsSeen;
        if (!seen) return null;
        const i = seen.findIndex((e) => e.getAttribute("role") === "status" && (e.textContent ?? "").includes(t) && (ttl === null || e.querySelector(".toast-title")?.textContent === ttl));
        if (i >= 0) seen.splice(i, 1);
        return i >= 0;
      }, [text, title ?? null] as const)
      .catch(() => false);
  const shown = async () => {
    const r = await recorded();
    return r ?? (await visible().catch(() => false));
  };
  await expect.poll(shown, { message: `toast "${text}"`, timeout }).toBe(true);
}
