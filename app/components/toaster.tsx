import { useEffect, useState } from "react";

export type ToastData = { message: string; description?: string; type: "info" | "success" | "error" | "warning" };
type Shown = ToastData & { key: number };

const MAX_TOASTS = 8;
const TIMEOUT_MS = 2000;
let nextKey = 1;

/**
 * The server renders the flash toast into the HTML (works without JavaScript); once hydrated,
 * toasts stack (newest on top, at most 8) and close themselves after 2 s.
 */
export function Toaster({ toast }: { toast: ToastData | null }) {
  const [toasts, setToasts] = useState<Shown[]>(() => (toast ? [{ ...toast, key: 0 }] : []));
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!toast) return;
    setToasts((prev) =>
      prev.some((t) => t.key === 0 && t.message === toast.message)
        ? prev
        : [{ ...toast, key: nextKey++ }, ...prev].slice(0, MAX_TOASTS),
    );
  }, [toast]);
  useEffect(() => {
    if (!hydrated || toasts.length === 0) return;
    const timers = toasts.map((t) =>
      setTimeout(() => setToasts((prev) => prev.filter((p) => p.key !== t.key)), TIMEOUT_MS),
    );
    return () => timers.forEach(clearTimeout);
  }, [hydrated, toasts]);

  return (
    <section className="toasts" aria-live="polite" aria-label="Notificações">
      {toasts.map((t) => (
        <div key={t.key} className={`toast toast-${t.type}`} role={t.type === "error" ? "alert" : "status"}>
          <strong className="toast-title">{t.message.slice(0, 150)}</strong>
          {t.description ? <p>{t.description.slice(0, 150)}</p> : null}
        </div>
      ))}
    </section>
  );
}
