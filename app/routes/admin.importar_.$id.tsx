// Issue 32 §1: an import's page. While it runs: "Importando 120 de 480", a progress bar refreshed
// every second or two with JavaScript, the page refreshing itself (and an 'Atualizar' link) without.
// Then the report, its CSV, and the listings that left the feed with one button to deactivate them.
import { useEffect } from "react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useLoaderData, useRevalidator } from "react-router";
import { ImportLeft, ImportReport } from "~/components/import-report";
import { deactivateLeftAction, importJobPage } from "~/http/import.server";
import { IMPORT_STATE_LABELS } from "~/utils/import-labels";

import styles from "~/styles/admin-import.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Importação | Painel Administrativo" }, { name: "robots", content: "noindex" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => importJobPage(request, params.id);

export const action = ({ request, params }: ActionFunctionArgs) => deactivateLeftAction(request, params.id);

const POLL_MS = 1500;

export default function ImportJob() {
  const { job, items, totals, left, newer } = useLoaderData<typeof loader>();
  const running = job.estado === "executando";
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(t);
  }, [running, revalidator]);
  return (
    <>
      <div className="admin-head">
        <h1>Importação #{job.id}</h1>
        <Link to="/admin/importar" className="btn">
          Nova importação
        </Link>
      </div>
      <p className="import-origin">
        Origem: <span>{job.origem}</span> · {job.publicar ? "publicar ao importar" : "novos imóveis chegam inativos"}
      </p>
      {running ? (
        <div className="import-progress" role="status" aria-live="polite">
          {/* Without JavaScript the page reloads itself every few seconds. */}
          <noscript>
            <meta httpEquiv="refresh" content="3" />
          </noscript>
          <p>{job.total ? `Importando ${job.lidos} de ${job.total}` : "Lendo o feed…"}</p>
          <progress max={job.total || 1} value={job.total ? job.lidos : undefined} aria-label="Progresso da importação" />
          <p>
            <Link to={`/admin/importar/${job.id}`} reloadDocument>
              Atualizar
            </Link>
          </p>
        </div>
      ) : (
        <p className={`alert ${job.estado === "concluida" ? "alert-success" : "alert-danger"}`} role={job.estado === "concluida" ? "status" : "alert"}>
          {`Importação ${IMPORT_STATE_LABELS[job.estado]}: ${job.lidos} de ${job.total} imóveis lidos.`}
          {job.erro ? ` ${job.erro[0].toUpperCase()}${job.erro.slice(1)}.` : ""}
        </p>
      )}
      {items.length ? <ImportReport id={job.id} items={items} totals={totals} /> : null}
      {newer ? (
        <p className="import-intro">
          Uma importação mais recente substitui esta: os imóveis que saíram do feed estão em{" "}
          <Link to={`/admin/importar/${newer}`}>{`Importação #${newer}`}</Link>.
        </p>
      ) : null}
      {left.length ? (
        <Form method="post" className="import-left-form">
          <ImportLeft left={left} />
          {left.some((l) => l.ativo === "sim") ? (
            <button type="submit" name="intent" value="desativar" className="btn btn-danger">
              Desativar os que saíram do feed
            </button>
          ) : null}
        </Form>
      ) : null}
    </>
  );
}
