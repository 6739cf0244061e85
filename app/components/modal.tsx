import { Form, Link, isRouteErrorResponse, useNavigate, useRouteError } from "react-router";
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

/**
 * The panel of every child route shown in <RouteModal> (and, without JavaScript, the page itself):
 * the heading, a × back to `closeTo`, the content.
 */
export function ModalPage({ title, closeTo, className, children }: { title: string; closeTo: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={className ? `modal-page ${className}` : "modal-page"}>
      <header className="photo-modal-head">
        <h2 id="modal-titulo" tabIndex={-1}>
          {title}
        </h2>
        <Link to={closeTo} className="photo-modal-x" aria-label="Fechar" preventScrollReset>
          ×
        </Link>
      </header>
      {children}
    </div>
  );
}

/** The message of a refusal thrown by a loader or action (`{ error }`), else `fallback`. */
export function errorMessage(error: unknown, fallback: string) {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    if (data && typeof data === "object" && typeof (data as { error?: unknown }).error === "string") return (data as { error: string }).error;
    if (typeof data === "string" && data.trim()) return data;
  } else {
    console.error(error);
  }
  return fallback;
}

/** The ErrorBoundary of a modal child route: the refusal in the same panel, with a way back. */
export function ModalError({ title, back, fallback }: { title: string; back: string; fallback: string }) {
  const message = errorMessage(useRouteError(), fallback);
  return (
    <ModalPage title={title} closeTo={back}>
      <p className="alert alert-danger" role="alert">
        {message}
      </p>
      <p>
        <Link to={back} className="btn">
          Voltar
        </Link>
      </p>
    </ModalPage>
  );
}

/** produto §8 delete confirmation: title 'Excluir', 'Tem certeza que deseja excluir ?', SIM / NÃO. */
export const DELETE_CONFIRM = "Tem certeza que deseja excluir ?";

/** The confirmation as a page (and, inside <RouteModal>, a dialog): SIM posts to the route itself. */
export function ConfirmDelete({ back, children }: { back: string; children?: React.ReactNode }) {
  return (
    <ModalPage title="Excluir" closeTo={back} className="confirm">
      <p>{DELETE_CONFIRM}</p>
      {children}
      <div className="form-actions">
        <Form method="post">
          <button type="submit" className="btn btn-danger">
            SIM
          </button>
        </Form>
        <Link to={back} className="btn" preventScrollReset>
          NÃO
        </Link>
      </div>
    </ModalPage>
  );
}
