import { Form, Link } from "react-router";
import type { ReactNode } from "react";
import { ALERTA_NOT_FOUND } from "~/utils/alertas";

/** The frame of an alert's pages (confirm, manage, leave): a card with a title, a text and actions. */
export function AlertaCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container section alerta-page">
      <div className="alerta-card">
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** The alert's search, as a link to its list page. */
export function AlertaBuscaLine({ busca, href }: { busca: string; href: string }) {
  return (
    <p className="alerta-busca">
      Busca: <Link to={href}>{busca}</Link>
    </p>
  );
}

/** One button in a POST form: mail scanners open links, only a person presses a button. */
export function PostButton({ action, label, danger }: { action?: string; label: string; danger?: boolean }) {
  return (
    <Form method="post" action={action} className="alerta-actions">
      <button type="submit" className={danger ? "btn btn-danger btn-lg" : "btn btn-primary btn-lg"}>
        {label}
      </button>
    </Form>
  );
}

export function BackToSite() {
  return (
    <p className="alerta-back">
      <Link to="/imoveis">Ver os imóveis</Link>
    </p>
  );
}

/** An unknown, used or cancelled token, on any of the alert's pages: one page, one wording. */
export function AlertaNotFound() {
  return (
    <AlertaCard title={ALERTA_NOT_FOUND.title}>
      <p>{ALERTA_NOT_FOUND.text}</p>
      <BackToSite />
    </AlertaCard>
  );
}
