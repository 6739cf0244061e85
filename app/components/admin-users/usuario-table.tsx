import { Form, useNavigation } from "react-router";
import { formatDateTime } from "~/utils/format";

export type UsuarioItem = { id: number; email: string; nome: string | null; ativo: boolean; must_change_password: boolean; ultimo_login_em: string | null };

function RowButton({ id, intent, label, danger }: { id: number; intent: string; label: string; danger?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(id) && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value={intent} className={danger ? "btn btn-sm btn-danger" : "btn btn-sm"} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/** The admins (produto §2 Usuários): who they are, their last login, and the row's actions. */
export function UsuarioTable({ usuarios, meId }: { usuarios: UsuarioItem[]; meId: number }) {
  return (
    <div className="table-wrap">
      <table className="admin-table users-table">
        <caption className="sr-only">Administradores</caption>
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Nome</th>
            <th scope="col">Último login</th>
            <th scope="col">Situação</th>
            <th scope="col">Ações</th>
          </tr>
        </thead>
        <tbody>
          {usuarios.map((u) => {
            const me = u.id === meId;
            return (
              <tr key={u.id} className={u.ativo ? undefined : "inativo"} aria-label={u.email}>
                <td className="users-email">
                  {u.email}
                  {me ? <span className="badge users-me">você</span> : null}
                </td>
                <td data-label="Nome">{u.nome || "—"}</td>
                <td data-label="Último login">{u.ultimo_login_em ? formatDateTime(u.ultimo_login_em) : "nunca"}</td>
                <td data-label="Situação">
                  <span className={`badge ${u.ativo ? "badge-feed" : "badge-falta"}`}>{u.ativo ? "Ativo" : "Inativo"}</span>
                  {u.ativo && u.must_change_password ? <span className="users-pending">senha provisória</span> : null}
                </td>
                <td className="actions">
                  {me ? (
                    <span className="hint">Sua conta: use "Alterar senha".</span>
                  ) : (
                    <div>
                      {u.ativo ? <RowButton id={u.id} intent="desativar" label="Desativar" danger /> : <RowButton id={u.id} intent="reativar" label="Reativar" />}
                      <RowButton id={u.id} intent="senha" label="Nova senha provisória" />
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
