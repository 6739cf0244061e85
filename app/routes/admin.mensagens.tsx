import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useLoaderData, useLocation, useOutlet } from "react-router";
import { MensagemItem } from "~/components/mensagem-item";
import { RouteModal } from "~/components/modal";
import { Pagination } from "~/components/pagination";
import { requireAdmin } from "~/http/auth.server";
import { inboxQueryOf } from "~/http/inbox.server";
import { listMensagens } from "~/models/messages/mensagem-inbox.server";
import { mailConfig } from "~/services/mail.server";
import { INBOX_SEARCH_MIN, MENSAGEM_FILTERS } from "~/utils/mensagem";

export const meta: MetaFunction = () => [{ title: "Mensagens | Painel Administrativo" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = inboxQueryOf(request);
  const list = await listMensagens(query);
  return { list, ...query, searching: query.q.trim().length >= INBOX_SEARCH_MIN, mailOn: mailConfig() !== null };
}

/** produto §11: the messages visitors sent, newest first, with filters, search and pages. */
export default function Mensagens() {
  const { list, filter, q, dias, searching, mailOn } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const outlet = useOutlet();
  const filterHref = (value: string) => {
    const p = new URLSearchParams(search);
    p.delete("page");
    p.set("filtro", value);
    return `/admin/mensagens?${p}`;
  };
  return (
    <>
      <div className="admin-head">
        <h1>Mensagens</h1>
        {/* A file, not a page: a plain link (with the inbox's filters and search), with or without JavaScript. */}
        <a href={`/admin/mensagens.csv${search}`} className="btn" download>
          Exportar CSV
        </a>
      </div>
      {mailOn ? null : (
        <p className="alert alert-info">
          O envio de e-mails não está configurado (SMTP_URL): as mensagens dos visitantes ficam só aqui, sem aviso por e-mail.
        </p>
      )}
      <div className="admin-tools">
        <Form method="get" role="search" className="admin-search">
          <input type="hidden" name="filtro" value={filter} />
          {dias ? <input type="hidden" name="dias" value={dias} /> : null}
          <label htmlFor="inbox-q" className="sr-only">
            Pesquisar por nome, e-mail, telefone ou código do imóvel
          </label>
          <input id="inbox-q" type="search" name="q" placeholder="Nome, e-mail, fone, VT…" defaultValue={q} />
          <button type="submit" className="btn">
            Buscar
          </button>
        </Form>
        <nav className="quick-filter" aria-label="Filtrar mensagens">
          {MENSAGEM_FILTERS.map((f) => (
            <Link key={f.value} to={filterHref(f.value)} aria-current={filter === f.value ? "page" : undefined}>
              {f.label}
            </Link>
          ))}
        </nav>
      </div>
      {q && !searching ? <p className="hint">A busca vale a partir de {INBOX_SEARCH_MIN} caracteres; mostrando todas.</p> : null}
      <p className="result-count">
        {list.total} {list.total === 1 ? "mensagem" : "mensagens"}
        {dias ? ` nos últimos ${dias} dias` : ""}
        {dias ? (
          <>
            {" · "}
            <Link to={`/admin/mensagens?filtro=${filter}`}>ver todas as datas</Link>
          </>
        ) : null}
      </p>
      {list.total === 0 ? (
        <p className="empty-state">{searching ? "Nenhuma mensagem encontrada." : filter === "nao-lidas" ? "Nenhuma mensagem não lida." : "Nenhuma mensagem."}</p>
      ) : (
        <ul className="inbox-list" aria-label="Mensagens">
          {list.data.map((m) => (
            <MensagemItem key={m.id} m={m} search={search} />
          ))}
        </ul>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} />
      {outlet ? <RouteModal closeTo={`/admin/mensagens${search}`}>{outlet}</RouteModal> : null}
    </>
  );
}
