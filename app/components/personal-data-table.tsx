import { Link } from "react-router";
import { formatDateTime } from "~/utils/format";
import { visitaText, type VisitaPeriodo } from "~/utils/mensagem";
import type { PersonalAlerta, PersonalMensagem } from "~/utils/personal-data";

const ENVIO = { pendente: "pendente", enviado: "enviado", falhou: "falhou" } as Record<string, string>;

/** The messages held about a person ('Dados de uma pessoa'), one row each, with what goes with them. */
export function PersonalDataTable({ mensagens }: { mensagens: PersonalMensagem[] }) {
  return (
    <div className="table-wrap">
      <table className="admin-table personal-data-table">
        <caption className="sr-only">Mensagens encontradas</caption>
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Tipo</th>
            <th scope="col">Quem</th>
            <th scope="col">Mensagem</th>
            <th scope="col">Guardado com ela</th>
          </tr>
        </thead>
        <tbody>
          {mensagens.map((m) => (
            <tr key={m.id}>
              <td>
                <Link to={`/admin/mensagens/${m.id}`}>{formatDateTime(m.criada_em)}</Link>
              </td>
              <td>{m.tipo}</td>
              <td>
                <strong>{m.nome}</strong>
                <br />
                {m.email}
                <br />
                {m.telefone}
              </td>
              <td className="personal-data-texto">
                {m.imovel ? <span className="hint">Imóvel {m.imovel.codigo ?? m.imovel.id} · </span> : null}
                {m.visita ? <span className="hint">Visita {visitaText(m.visita as { data: string; periodo: VisitaPeriodo })} · </span> : null}
                {m.mensagem || <span className="hint">(sem texto)</span>}
              </td>
              <td>
                <ul className="personal-data-extra">
                  <li>Endereço IP: {m.ip || "—"}</li>
                  <li>{m.fotos.length} foto(s)</li>
                  <li>{m.emails.length ? `E-mail na fila: ${m.emails.map((e) => ENVIO[e.status] ?? e.status).join(", ")}` : "Sem e-mail na fila"}</li>
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The e-mail alerts held about a person (issue 32 §2), one row each. */
export function PersonalAlertas({ alertas }: { alertas: PersonalAlerta[] }) {
  return (
    <div className="table-wrap">
      <table className="admin-table personal-data-table">
        <caption>Alertas de imóveis por e-mail</caption>
        <thead>
          <tr>
            <th scope="col">Criado em</th>
            <th scope="col">Busca</th>
            <th scope="col">Situação</th>
            <th scope="col">E-mails</th>
          </tr>
        </thead>
        <tbody>
          {alertas.map((a) => (
            <tr key={a.id}>
              <td>{formatDateTime(a.criado_em)}</td>
              <td>
                <Link to={a.busca}>{a.busca}</Link>
              </td>
              <td>
                {a.confirmado_em ? `Confirmado em ${formatDateTime(a.confirmado_em)}` : "Não confirmado"}
                <br />
                <span className="hint">Endereço IP: {a.ip || "—"}</span>
              </td>
              <td>{a.emails.length ? a.emails.map((e) => `${e.tipo === "resumo" ? "resumo" : "confirmação"} ${e.dia} (${ENVIO[e.status] ?? e.status})`).join(", ") : "Nenhum"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
