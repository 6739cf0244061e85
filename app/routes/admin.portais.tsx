import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { requireAdmin } from "~/http/auth.server";
import { getEnv } from "~/env.server";
import { portalSummary } from "~/models/listings/portal-feed.server";
import { missingText, reasonText } from "~/utils/portais";

export const meta: MetaFunction = () => [{ title: "Portais | Painel Administrativo" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const summary = await portalSummary();
  return { feedUrl: `${getEnv().PUBLIC_URL.replace(/\/$/, "")}/feeds/vrsync.xml`, ...summary };
}

/** Issue 23: the feed the portals read, how many listings it carries, and what keeps the others out. */
export default function Portais() {
  const { feedUrl, inFeed, leftOut, byReason } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="admin-head">
        <h1>Portais (ZAP, VivaReal, OLX)</h1>
      </div>
      <div className="portal-feed">
        <p>
          Endereço do feed (formato VRSync), para cadastrar no painel do portal: <a href={feedUrl}>{feedUrl}</a>
        </p>
        <p>
          Vão para os portais os imóveis ativos, de Venda ou Locação, com "Publicar nos portais" ligado e que cumprem as regras dos
          portais (ao menos 5 fotos JPEG com 800 px de largura ou mais, descrição com 50 caracteres ou mais, CEP, área, preço, endereço,
          bairro, cidade e estado).
        </p>
        <p className="result-count">
          <strong>{inFeed}</strong> {inFeed === 1 ? "imóvel no feed" : "imóveis no feed"} · <strong>{leftOut.length}</strong> de fora por falta de
          dados ou de fotos
        </p>
        {byReason.length ? (
          <ul className="portal-reasons" aria-label="De fora, por motivo">
            {byReason.map(([reason, n]) => (
              <li key={reason}>{reasonText(reason, n)}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {leftOut.length ? (
        <div className="table-wrap">
          <table className="admin-table">
            <caption className="sr-only">Imóveis de fora do feed</caption>
            <thead>
              <tr>
                <th scope="col">Imóvel</th>
                <th scope="col">Motivo</th>
              </tr>
            </thead>
            <tbody>
              {leftOut.map((l) => (
                <tr key={l.id}>
                  <td>
                    <Link to={`/admin/imovelEdit/${l.id}`}>
                      {l.codigo} – {l.endereco || "sem endereço"}
                    </Link>
                  </td>
                  <td>{missingText(l.missing)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
