import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { Fragment } from "react";
import { BackupCard } from "~/components/backup-card";
import { countActiveAlertas } from "~/models/alerts/alerta.server";
import { requireAdmin } from "~/http/auth.server";
import { imovelSummary, listRecentlyEdited } from "~/models/listings/imovel-admin.server";
import { inboxSummary } from "~/models/messages/mensagem-inbox.server";
import { funil, FUNIL_DIAS, leadsPorSemana } from "~/models/atendimentos/atendimento-charts.server";
import { mostViewed } from "~/models/listings/visualizacoes.server";
import { hojeDe } from "~/models/atendimentos/atendimento-hoje.server";
import { HojeCard } from "~/components/atendimentos/hoje-card";
import { LeadsChart } from "~/components/charts/leads-chart";
import { FunilChart } from "~/components/charts/funil-chart";
import { TopImoveisChart } from "~/components/charts/top-imoveis-chart";
import { backupHealth } from "~/models/backup/status.server";
import { formatDateTime } from "~/utils/format";
import { DashListing } from "~/components/dash-listing";
import { MaisVistos } from "~/components/mais-vistos";

export const meta: MetaFunction = () => [{ title: "Home admin | Painel Administrativo" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const [imoveis, mensagens, recentes, top, backup, hoje, semanas, funilFigures, alertas] = await Promise.all([
    imovelSummary(),
    inboxSummary(),
    listRecentlyEdited(5),
    mostViewed(10),
    backupHealth(),
    hojeDe(user.id),
    leadsPorSemana(),
    funil(),
    countActiveAlertas(),
  ]);
  return {
    imoveis,
    mensagens,
    backup,
    alertas,
    recentes: recentes.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() })),
    maisVistos: top.slice(0, 5),
    top,
    hoje,
    semanas,
    funil: funilFigures,
    funilDias: FUNIL_DIAS,
  };
}

const list = (params: Record<string, string>) => `/admin/imovel?${new URLSearchParams(params)}`;
const plural = (n: number, one: string, many: string) => `${n === 1 ? one : many}`;

/** 'Home admin' (produto §2, §11): the day at a glance; every figure opens the list it counts. */
export default function AdminHome() {
  const { imoveis, mensagens, backup, alertas, recentes, maisVistos, top, hoje, semanas, funil, funilDias } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="admin-head">
        <h1>Home admin</h1>
      </div>
      <HojeCard hoje={hoje} />
      <section className="dash-card dash-charts" aria-labelledby="dash-graficos">
        <h2 id="dash-graficos">Leads e resultados</h2>
        <div className="dash-charts-grid">
          <LeadsChart semanas={semanas} />
          <FunilChart funil={funil} dias={funilDias} />
          <TopImoveisChart rows={top} />
        </div>
      </section>
      <div className="dash-grid">
        <section className="dash-card" aria-labelledby="dash-mensagens">
          <h2 id="dash-mensagens">Mensagens</h2>
          <ul className="dash-figures">
            <li>
              <Link className={mensagens.unread ? "dash-figure dash-figure-alert" : "dash-figure"} to="/admin/mensagens?filtro=nao-lidas">
                <strong>{mensagens.unread}</strong> {plural(mensagens.unread, "não lida", "não lidas")}
              </Link>
            </li>
            <li>
              <Link className="dash-figure" to="/admin/mensagens?filtro=todas&dias=7">
                <strong>{mensagens.last7Days}</strong> {plural(mensagens.last7Days, "recebida", "recebidas")} nos últimos 7 dias
              </Link>
            </li>
            <li>
              {/* Issue 32 §2: confirmed e-mail alerts of new listings (no list of them: they are the visitors'). */}
              <span className="dash-figure">
                <strong>{alertas}</strong> {plural(alertas, "alerta de imóveis ativo", "alertas de imóveis ativos")}
              </span>
            </li>
          </ul>
        </section>

        <section className="dash-card" aria-labelledby="dash-imoveis">
          <h2 id="dash-imoveis">Imóveis por status</h2>
          <div className="dash-status">
            <span />
            <span className="dash-head">Ativos</span>
            <span className="dash-head">Inativos</span>
            {imoveis.porStatus.map((s) => (
              <Fragment key={s.status}>
                <span className="dash-label">{s.status}</span>
                <Link to={list({ status: s.status, ativo: "sim" })} aria-label={`${s.ativos} ${plural(s.ativos, "ativo", "ativos")} em ${s.status}`}>
                  {s.ativos}
                </Link>
                <Link className="inativos" to={list({ status: s.status, ativo: "nao" })} aria-label={`${s.inativos} ${plural(s.inativos, "inativo", "inativos")} em ${s.status}`}>
                  {s.inativos}
                </Link>
              </Fragment>
            ))}
          </div>
        </section>

        <section className="dash-card" aria-labelledby="dash-fotos">
          <h2 id="dash-fotos">Fotos</h2>
          <ul className="dash-figures">
            <li>
              <Link className={imoveis.semFotos ? "dash-figure dash-figure-alert" : "dash-figure"} to={list({ fotos: "sem" })}>
                <strong>{imoveis.semFotos}</strong> {plural(imoveis.semFotos, "imóvel sem fotos", "imóveis sem fotos")}
              </Link>
            </li>
            <li>
              <Link className="dash-figure" to={list({ fotos: "sem-capa" })}>
                <strong>{imoveis.semCapa}</strong> sem capa escolhida (mostram a 1ª foto)
              </Link>
            </li>
          </ul>
        </section>
        <BackupCard backup={backup} />
      </div>

      <MaisVistos rows={maisVistos} />

      <section className="dash-card" aria-labelledby="dash-recentes">
        <h2 id="dash-recentes">Últimos imóveis editados</h2>
        {recentes.length === 0 ? (
          <p className="hint">Nenhum imóvel cadastrado.</p>
        ) : (
          <ul className="dash-recent">
            {recentes.map((r) => (
              <DashListing
                key={r.id}
                r={r}
                line={`${r.status}${r.ativo === "sim" ? "" : " · inativo"} · editado em ${formatDateTime(r.updated_at)}`}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
