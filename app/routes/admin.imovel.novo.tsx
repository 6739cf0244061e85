import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { useActionData, useLoaderData, useLocation } from "react-router";
import { ImovelForm } from "~/components/imovel-form";
import { ModalPage } from "~/components/modal";
import { actorOf, requireAdmin } from "~/http/auth.server";
import { formLimits, handleImovelForm } from "~/http/imovel-form.server";
import { IMOVEL_DEFAULTS } from "~/utils/imovel-schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return formLimits();
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = actorOf(request, await requireAdmin(request));
  return handleImovelForm(request, actor);
}

export default function NovoImovel() {
  const { maxUploadBytes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ModalPage title="Inserir novo Imóvel" closeTo={`/admin/imovel${useLocation().search}`}>
      {actionData?.formError ? (
        <p className="alert alert-danger" role="alert">
          {actionData.formError}
        </p>
      ) : null}
      <ImovelForm
        lastResult={actionData?.result}
        cepMessage={actionData?.cepMessage}
        defaultValue={IMOVEL_DEFAULTS}
        maxUploadBytes={maxUploadBytes}
      />
    </ModalPage>
  );
}
