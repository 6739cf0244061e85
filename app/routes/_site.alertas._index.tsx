import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AlertaForm } from "~/components/alerta-form";
import { AlertaCard } from "~/components/alerta-page";
import { handleAlerta } from "~/http/alertas.server";
import { formDataOf } from "~/http/forms.server";
import { clientIp } from "~/http/request.server";
import { ALERTA_CREATED, alertaPath } from "~/utils/alertas";
import type { Route } from "./+types/_site.alertas._index";

export const meta = () => [{ title: "Alerta de imóveis | Imobiliária Votuporanga" }, { name: "robots", content: "noindex" }];

/** /alertas by itself: the form for the search in `?busca=` (all listings by default). */
export function loader({ url }: Route.LoaderArgs) {
  return { busca: url.searchParams.get("busca")?.slice(0, 600) || "/imoveis" };
}

/** 'Criar alerta' from a list page (issue 32 §2): back to that page with a notice, or here with the errors. */
export async function action({ request }: Route.ActionArgs) {
  const answer = await handleAlerta(await formDataOf(request), clientIp(request));
  if (answer.status === 200) return redirectWithSuccess(answer.busca ? alertaPath(answer.busca) : "/imoveis", ALERTA_CREATED);
  return data(answer, { status: answer.status, headers: answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : undefined });
}

export default function Alertas({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AlertaCard title="Receber novidades desta busca">
      <p>Avisamos por e-mail quando entrar um imóvel novo que combine com a busca. No máximo um e-mail por dia.</p>
      <AlertaForm heading={false} busca={actionData?.busca ?? loaderData.busca} email={actionData?.email} errors={actionData?.errors} />
    </AlertaCard>
  );
}
