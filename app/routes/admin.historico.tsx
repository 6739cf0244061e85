import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useLoaderData } from "react-router";
import { HistoricoItem } from "~/components/historico-item";
import { Pagination } from "~/components/pagination";
import { requireAdmin } from "~/http/auth.server";
import { historyQueryOf } from "~/http/history.server";
import { HISTORY_KINDS } from "~/models/history/history.server";
import { historyAdmins, listHistory } from "~/models/history/history-list.server";
import styles from "~/styles/admin-history.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Histórico | Painel Administrativo" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = historyQueryOf(request);
  const [list, admins] = await Promise.all([listHistory(query), historyAdmins()]);
  const kinds = Object.entries(HISTORY_KINDS).map(([value, label]) => ({ value, label }));
  return { list, admins, kinds, usuario: query.usuario ?? null, acao: query.acao ?? "", imovel: query.imovelTexto, imovelInvalido: query.imovelInvalido };
}

/** Issue 24: every admin change, newest first, filtered by admin, kind and listing (a GET form). */
export default function Historico() {
  const { list, admins, kinds, usuario, acao, imovel, imovelInvalido } = useLoaderData<typeof loader>();
  const filtered = usuario != null || acao !== "" || imovel !== "";
  return (
    <>
      <div className="admin-head">
        <h1>Histórico</h1>
      </div>
      <div className="admin-tools">
        <Form method="get" role="search" className="admin-search historico-filtros" aria-label="Filtrar o histórico">
          <label htmlFor="hist-usuario" className="sr-only">
            Administrador
          </label>
          <select id="hist-usuario" name="usuario" defaultValue={usuario === 0 ? "sistema" : (usuario ?? "")} key={`u-${usuario}`}>
            <option value="">Todos os administradores</option>
            {admins.map((a) => (
              <option key={a.id} value={a.id}>
                {a.email}
              </option>
            ))}
            <option value="sistema">Sistema</option>
          </select>
          <label htmlFor="hist-acao" className="sr-only">
            Ação
          </label>
          <select id="hist-acao" name="acao" defaultValue={acao} key={`a-${acao}`}>
            <option value="">Todas as ações</option>
            {kinds.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
          <label htmlFor="hist-imovel" className="sr-only">
            Imóvel (código)
          </label>
          <input id="hist-imovel" type="text" name="imovel" placeholder="Imóvel: VT0012" defaultValue={imovel} key={`i-${imovel}`} aria-describedby={imovelInvalido ? "hist-imovel-nota" : undefined} />
          <button type="submit" className="btn">
            Filtrar
          </button>
        </Form>
        {filtered ? (
          <Link to="/admin/historico" className="btn btn-sm">
            Limpar filtros
          </Link>
        ) : null}
      </div>
      {imovelInvalido ? (
        <p className="hint" id="hist-imovel-nota" role="alert">
          “{imovel}” não é um código de imóvel (use VT0012 ou o número); mostrando todos os imóveis.
        </p>
      ) : null}
      <p className="result-count">
        {list.total} {list.total === 1 ? "registro" : "registros"}
      </p>
      {list.total === 0 ? (
        <p className="empty-state">Nenhum registro encontrado.</p>
      ) : (
        <ol className="inbox-list" aria-label="Histórico">
          {list.data.map((e) => (
            <HistoricoItem key={e.id} e={e} />
          ))}
        </ol>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} />
    </>
  );
}
