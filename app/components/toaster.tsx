import { useEffect, useState } from "react";
import { useHydrated } from "./use-hydrated";

export type ToastData = { message: string; description?: string; type: "info" | "success" | "error" | "warning" };
type Shown = ToastData & { key: number };

const MAX_TOASTS = 8;
const TIMEOUT_MS = 2000;
/** produto §9: a toast's title holds up to 16 characters, its body up to 150. */
export const TITLE_MAX = 16;
export const BODY_MAX = 150;
const TITLES: Record<ToastData["type"], string> = { success: "Sucesso", error: "Erro", warning: "Atenção", info: "Aviso" };

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

/**
 * The server renders the flash toast into the HTML (works without JavaScript); once hydrated,
 * toasts stack (newest on top, at most 8) and close themselves after 2 s.
 */
export function Toaster({ toast }: { toast: ToastData | null }) {
  const [toasts, setToasts] = useState<Shown[]>(() => (toast ? [{ ...toast, key: 0 }] : []));
  const hydrated = useHydrated();

  // A new flash toast from the server joins the stack in the render that brings it (React's
  // "adjusting state when a prop changes"), not an effect later; the server's own, key 0, once.
  const [lastToast, setLastToast] = useState(toast);
  if (toast !== lastToast) {
    setLastToast(toast);
    if (toast && !toasts.some((t) => t.key === 0 && t.message === toast.message)) {
      setToasts([{ ...toast, key: toasts.reduce((max, t) => Math.max(max, t.key), 0) + 1 }, ...toasts].slice(0, MAX_TOASTS));
    }
  }
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
          {/* The short title names the kind; the message itself is the body (e.g. 'Imovel gravado com sucesso!'). */}
          <strong className="toast-title">{cut(TITLES[t.type] ?? TITLES.info, TITLE_MAX)}</strong>
          <p className="toast-body">{cut(t.message, BODY_MAX)}</p>
          {t.description ? <p>{cut(t.description, BODY_MAX)}</p> : null}
        </div>
      ))}
    </section>
  );
}
