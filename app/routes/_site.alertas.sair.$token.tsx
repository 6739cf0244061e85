import { data } from "react-router";
import { AlertaBuscaLine, AlertaCard, BackToSite, PostButton, AlertaNotFound } from "~/components/alerta-page";
import { alertaCancelledContext, alertaView } from "~/http/alertas.server";
import { cancelAlerta } from "~/models/alerts/alerta.server";
import type { Route } from "./+types/_site.alertas.sair.$token";

export const meta = () => [{ title: "Cancelar alerta | Imobiliária Votuporanga" }, { name: "robots", content: "noindex" }];

/** The unsubscribe link of every alert e-mail: a page with a 'Cancelar alerta' button. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (context.get(alertaCancelledContext)) return { state: "cancelado" as const };
  const view = await alertaView(params.token);
  if (!view) return data({ state: "nao_encontrado" as const }, { status: 404 });
  return { state: "ativo" as const, view };
}

/**
 * The button, and the one-click unsubscribe of RFC 8058: a mail client POSTs
 * `List-Unsubscribe=One-Click` to the List-Unsubscribe URL, with no cookie and no token but the one
 * in the URL (the same-origin guard lets this path through: server/guards.ts). Any POST cancels at
 * once; the answer is the page that says so, 200, no redirect.
 */
export async function action({ params, context }: Route.ActionArgs) {
  if (!(await cancelAlerta(params.token))) return data({ state: "nao_encontrado" as const }, { status: 404 });
  context.set(alertaCancelledContext, true);
  return { state: "cancelado" as const };
}

export default function Sair({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  if (shown.state === "cancelado") {
    return (
      <AlertaCard title="Alerta cancelado">
        <p>Pronto: você não vai mais receber e-mails desta busca, e o alerta foi apagado.</p>
        <BackToSite />
      </AlertaCard>
    );
  }
  if (shown.state === "nao_encontrado") {
    return <AlertaNotFound />;
  }
  return (
    <AlertaCard title="Cancelar alerta">
      <p>
        Deixar de receber em <strong>{shown.view.email}</strong> os imóveis novos desta busca?
      </p>
      <AlertaBuscaLine busca={shown.view.busca} href={shown.view.buscaHref} />
      <PostButton label="Cancelar alerta" danger />
    </AlertaCard>
  );
}
