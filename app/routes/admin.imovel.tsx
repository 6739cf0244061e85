import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useLoaderData, useLocation, useOutlet } from "react-router";
import { RouteModal } from "~/components/modal";
import { RowSwitch } from "~/components/row-switch";
import { Pagination } from "~/components/pagination";
import { requireAdmin } from "~/http/auth.server";
import { adminListQueryOf } from "~/http/params.server";
import { listAdmin } from "~/models/listings/imovel-admin.server";
import { portalStates } from "~/models/listings/portal-feed.server";
import { visualizacoesOf } from "~/models/listings/visualizacoes.server";
import { toquesOf } from "~/models/listings/whatsapp-toques.server";
import { PortalBadge } from "~/components/portal-badge";
import { STATUS } from "~/utils/enums";
import { thumbUrl } from "~/utils/img";
import { ADMIN_SEARCH_MIN } from "~/utils/search";

export const meta: MetaFunction = () => [{ title: "Imóveis | Painel Administrativo" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = adminListQueryOf(new URL(request.url).searchParams);
  const list = await listAdmin(query);
  const ids = list.data.map((c) => c.id);
  const [portais, views, taps] = await Promise.all([
    portalStates(ids).then(Object.fromEntries),
    visualizacoesOf(ids).then(Object.fromEntries),
    toquesOf(ids).then(Object.fromEntries),
  ]);
  return { list, portais, views: views as Record<number, number>, taps: taps as Record<number, number>, ...query, ativo: query.ativo ?? null, searching: query.q.trim().length >= ADMIN_SEARCH_MIN };
}

const FILTERS = [
  { value: null, label: "Todos" },
  { value: "sim", label: "Ativos" },
  { value: "nao", label: "Inativos" },
] as const;

export default function AdminImoveis() {
  const { list, portais, views, taps, q, ativo, status, fotos, searching } = useLoaderData<typeof loader>();
  const location = useLocation();
  const outlet = useOutlet();
  const back = `/admin/imovel${location.search}`;
  const filterHref = (value: string | null) => {
    const p = new URLSearchParams(location.search);
    p.delete("page");
    if (value) p.set("ativo", value);
    else p.delete("ativo");
    const s = p.toString();
    return `/admin/imovel${s ? `?${s}` : ""}`;
  };
  return (
    <>
      <div className="admin-head">
        <h1>Imóveis</h1>
        <div className="admin-head-actions">
          {/* A file, not a page: a plain link (with the list's filters), with or without JavaScript. */}
          <a href={`/admin/imovel.csv${location.search}`} className="btn" download>
            Exportar CSV
          </a>
          <Link to={`/admin/imovel/novo${location.search}`} className="btn btn-primary" preventScrollReset>
            Novo Imóvel
          </Link>
        </div>
      </div>
      <div className="admin-tools">
        <Form method="get" role="search" className="admin-search">
          {ativo ? <input type="hidden" name="ativo" value={ativo} /> : null}
          <label htmlFor="admin-q" className="sr-only">
            Pesquisar endereço ou código
          </label>
          <input id="admin-q" type="search" name="q" placeholder="Pesquisar" defaultValue={q} />
          <label htmlFor="admin-status" className="sr-only">
            Status
          </label>
          <select id="admin-status" name="status" defaultValue={status ?? ""} key={`s-${status}`}>
            <option value="">Todos os status</option>
            {STATUS.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
          <label htmlFor="admin-fotos" className="sr-only">
            Fotos
          </label>
          <select id="admin-fotos" name="fotos" defaultValue={fotos ?? ""} key={`f-${fotos}`}>
            <option value="">Com ou sem fotos</option>
            <option value="sem">Sem fotos</option>
            <option value="sem-capa">Sem capa escolhida</option>
          </select>
          <button type="submit" className="btn">
            Buscar
          </button>
        </Form>
        <nav className="quick-filter" aria-label="Filtrar anúncios">
          {FILTERS.map((f) => (
            <Link key={f.label} to={filterHref(f.value)} aria-current={ativo === f.value ? "page" : undefined}>
              {f.label}
            </Link>
          ))}
        </nav>
      </div>
      {q && !searching ? <p className="hint">A busca vale a partir de {ADMIN_SEARCH_MIN} caracteres; mostrando todos.</p> : null}
      <p className="result-count">
        {list.total} {list.total === 1 ? "imóvel" : "imóveis"}
      </p>
      <div className="table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Imóvel</th>
              <th scope="col">Endereço</th>
              <th scope="col">Portais</th>
              <th scope="col">Visualizações 30 dias</th>
              <th scope="col">WhatsApp 30 dias</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((c) => (
              <tr key={c.id} data-id={c.id} className={c.ativo === "sim" ? undefined : "inativo"}>
                <td>
                  <img src={thumbUrl(c.capa)} alt={`Capa do imóvel ${c.codigo}`} width={96} height={72} loading="lazy" />
                  <Link to={`/admin/imovel/${c.id}/ajuste${location.search}`} className="btn btn-sm" preventScrollReset>
                    Ajuste Imagem
                  </Link>
                </td>
                <td>
                  <strong>
                    {c.endereco}, {c.numero}
                  </strong>
                  <br />
                  {c.bairro}, {c.cidade}, {c.estado}
                  <br />
                  <small>
                    {c.codigo} · {c.tipo} · {c.status}
                  </small>
                </td>
                <td className="portais">
                  <PortalBadge state={portais[c.id]?.state} />
                  <RowSwitch action={`/admin/imovel/${c.id}/portais`} name="publicar_portais" on={portais[c.id]?.publicar ?? true} label="Publicar nos portais" back={back} />
                </td>
                <td className="views">
                  <strong>{views[c.id] ?? 0}</strong> <span className="views-label">{views[c.id] === 1 ? "visualização" : "visualizações"} em 30 dias</span>
                </td>
                <td className="views">
                  <strong>{taps[c.id] ?? 0}</strong> <span className="views-label">{taps[c.id] === 1 ? "toque" : "toques"} no WhatsApp em 30 dias</span>
                </td>
                {/* The cell stays a table cell (it fills the row's height); the buttons flow inside it. */}
                <td className="actions">
                  <div>
                    <Link to={`/admin/imovel/${c.id}/excluir${location.search}`} className="btn btn-sm btn-danger" preventScrollReset>
                      Excluir
                    </Link>
                    <Link to={`/admin/imovelEdit/${c.id}`} className="btn btn-sm">
                      Editar
                    </Link>
                    <RowSwitch action={`/admin/imovel/${c.id}/ativo`} name="ativo" on={c.ativo === "sim"} label="Anuncio ativar desativar" back={back} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.total === 0 ? <p className="empty-state">Nenhum imóvel encontrado.</p> : null}
      <Pagination page={list.page} pageCount={list.pageCount} />
      {outlet ? <RouteModal closeTo={back}>{outlet}</RouteModal> : null}
    </>
  );
}
