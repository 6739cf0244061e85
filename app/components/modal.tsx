import { useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * A child route shown as a dialog over its parent screen. It is plain HTML and CSS, so without
 * JavaScript it still renders (as a page-like overlay with a link back); with JavaScript it also
 * takes focus and closes on Escape.
 */
export function RouteModal({ children, closeTo, labelledBy = "modal-titulo" }: { children: React.ReactNode; closeTo: string; labelledBy?: string }) {
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = panel.current;
    el?.querySelector<HTMLElement>("h1, h2")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(closeTo, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    document.body.classList.add("modal-open");
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.classList.remove("modal-open");
    };
  }, [closeTo, navigate]);
  return (
    <div className="modal-backdrop">
      <div ref={panel} className="modal" role="dialog" aria-modal="true" aria-labelledby={labelledBy}>
        {children}
      </div>
    </div>
  );
}
