import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ModalError } from "~/components/modal";
import { requireAdmin } from "~/http/auth.server";
import { changeMensagem, toInbox } from "~/http/mensagens.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return toInbox();
}

/** Read/unread, archive/unarchive and 'Tentar de novo' of a message (intent in the form). */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  return changeMensagem(request, params.id);
}

export default function Estado() {
  return null;
}

/** A refused change posted without JavaScript: the reason, in a dialog over the inbox. */
export function ErrorBoundary() {
  return <ModalError title="Mensagem" back="/admin/mensagens" fallback="Não foi possível alterar a mensagem." />;
}
