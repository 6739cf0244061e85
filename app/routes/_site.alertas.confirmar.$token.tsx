import { data, Link } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AlertaBuscaLine, AlertaCard, PostButton, AlertaNotFound } from "~/components/alerta-page";
import { alertaView } from "~/http/alertas.server";
import { confirmAlerta } from "~/models/alerts/alerta.server";
import { alertaPaths } from "~/utils/alertas";
import type { Route } from "./+types/_site.alertas.confirmar.$token";

export const meta = () => [{ title: "Confirmar alerta | Imobiliária Votuporanga" }, { name: "robots", content: "noindex" }];

const USED = { state: "ja_confirmado" as const };

/**
 * The link of the confirmation e-mail. Opening it confirms nothing (mail scanners open links): the
 * page's 'Confirmar' button does, with a POST. A used link says so (410), an unknown one too (404).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const view = await alertaView(params.token);
  if (!view) return data({ state: "nao_encontrado" as const }, { status: 404 });
  if (view.confirmado) return data({ ...USED, gerenciar: alertaPaths.gerenciar(params.token) }, { status: 410 });
  return { state: "pendente" as const, view };
}

export async function action({ params }: Route.ActionArgs) {
  const outcome = await confirmAlerta(params.token);
  if (outcome.kind === "nao_encontrado") return data({ state: "nao_encontrado" as const }, { status: 404 });
  if (outcome.kind === "ja_confirmado") return data({ ...USED, gerenciar: alertaPaths.gerenciar(params.token) }, { status: 410 });
  return redirectWithSuccess(alertaPaths.gerenciar(params.token), "Alerta confirmado! Você vai receber por e-mail os imóveis novos desta busca.");
}

export default function Confirmar({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  if (shown.state === "nao_encontrado") {
    return <AlertaNotFound />;
  }
  if (shown.state === "ja_confirmado") {
    return (
      <AlertaCard title="Este alerta já foi confirmado">
        <p>Este link de confirmação já foi usado: o alerta está ativo.</p>
        <p>
          <Link to={shown.gerenciar}>Ver o alerta, mudar a frequência ou cancelar</Link>
        </p>
      </AlertaCard>
    );
  }
  return (
    <AlertaCard title="Confirme seu alerta de imóveis">
      <p>
        Confirme para receber em <strong>{shown.view.email}</strong> os imóveis novos desta busca:
      </p>
      <AlertaBuscaLine busca={shown.view.busca} href={shown.view.buscaHref} />
      <PostButton label="Confirmar" />
      <p className="alerta-note">Não foi você? Ignore esta página: sem confirmação, nada é enviado e o pedido é apagado em 7 dias.</p>
    </AlertaCard>
  );
}
