// produto §2 Usuários: the administrators, managed in the panel (issue 24).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { OneTimePassword } from "~/components/admin-users/one-time-password";
import { UsuarioCreateForm } from "~/components/admin-users/usuario-create-form";
import { UsuarioTable } from "~/components/admin-users/usuario-table";
import { requireAdmin } from "~/http/auth.server";
import { handleUsuariosPost } from "~/http/admin-users.server";
import { formDataOf } from "~/http/forms.server";
import { listAdmins } from "~/models/accounts/admins.server";
import styles from "~/styles/admin-users.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Usuários | Painel Administrativo" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const admins = await listAdmins();
  return { meId: user.id, usuarios: admins.map((a) => ({ ...a, ultimo_login_em: a.ultimo_login_em?.toISOString() ?? null })) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  return handleUsuariosPost(request, user, await formDataOf(request));
}

export default function Usuarios() {
  const { meId, usuarios } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const ativos = usuarios.filter((u) => u.ativo).length;
  return (
    <>
      <div className="admin-head">
        <h1>Usuários</h1>
        <p className="hint users-count">
          <strong>{ativos}</strong> {ativos === 1 ? "administrador ativo" : "administradores ativos"} de {usuarios.length}
        </p>
      </div>
      {result?.error ? (
        <div className="alert alert-danger" role="alert">
          {result.error}
        </div>
      ) : null}
      {result?.oneTimePassword ? <OneTimePassword {...result.oneTimePassword} /> : null}
      <div className="users-layout">
        <UsuarioTable usuarios={usuarios} meId={meId} />
        <UsuarioCreateForm lastResult={result?.reply} />
      </div>
      <p className="hint users-note">
        Desativar encerra na hora as sessões e os tokens da API da pessoa, e ela não consegue mais entrar. Você não pode desativar a sua própria
        conta, nem o último administrador ativo.
      </p>
    </>
  );
}
