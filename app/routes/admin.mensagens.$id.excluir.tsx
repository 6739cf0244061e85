import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { useLoaderData, useLocation } from "react-router";
import { ConfirmDelete, ModalError } from "~/components/modal";
import { actorOf, requireAdmin } from "~/http/auth.server";
import { mensagemIdParam, removeMensagem } from "~/http/inbox.server";
import { notFound } from "~/http/responses.server";
import { getMensagem } from "~/models/messages/mensagem-inbox.server";
import { formatDateTime } from "~/utils/format";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const m = await getMensagem(mensagemIdParam(params.id));
  if (!m) throw notFound("Mensagem não encontrada.");
  return { m: { nome: m.nome, email: m.email, createdAt: m.createdAt } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = actorOf(request, await requireAdmin(request));
  return removeMensagem(actor, params.id, `/admin/mensagens${new URL(request.url).search}`);
}

/** The 'Excluir' confirmation of produto §8 for a message: a dialog over the inbox, a page without JavaScript. */
export default function DeleteMensagem() {
  const { m } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDelete back={`/admin/mensagens${search}`}>
      <p className="confirm-target">
        Mensagem de {m.nome} ({m.email}), {formatDateTime(m.createdAt)}
      </p>
    </ConfirmDelete>
  );
}

export function ErrorBoundary() {
  return <ModalError title="Excluir" back="/admin/mensagens" fallback="Não foi possível excluir a mensagem." />;
}
