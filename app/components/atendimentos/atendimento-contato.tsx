import { Link } from "react-router";
import { formatDateTime } from "~/utils/format";
import { origemOf, type Etapa } from "~/utils/atendimento";

type Contato = { id: number; tipo: string; createdAt: string; etapa: Etapa; imovel: { id: number; codigo: string | null } | null }[];

/**
 * The person as one contact (issue 34): their e-mail and phone, and every message with the same
 * e-mail or the same phone (in any format), with the listings of interest.
 */
export function AtendimentoContato({ m, contato, currentId }: { m: { nome: string; email: string; telefone: string }; contato: Contato; currentId: number }) {
  const imoveis = [...new Map(contato.flatMap((c) => (c.imovel ? [[c.imovel.id, c.imovel] as const] : []))).values()];
  return (
    <section className="atd-contato" aria-labelledby="atd-contato">
      <h2 id="atd-contato">Contato</h2>
      <dl className="mensagem-dados">
        <dt>E-mail</dt>
        <dd>{m.email ? <a href={`mailto:${m.email}`}>{m.email}</a> : "—"}</dd>
        <dt>Telefone</dt>
        <dd>{m.telefone ? <a href={`tel:${m.telefone.replace(/[^\d+]/g, "")}`}>{m.telefone}</a> : "—"}</dd>
        <dt>Imóveis de interesse</dt>
        <dd>
          {imoveis.length
            ? imoveis.map((i, n) => (
                <span key={i.id}>
                  {n ? ", " : ""}
                  <Link to={`/imovel/${i.id}`}>{i.codigo ?? `#${i.id}`}</Link>
                </span>
              ))
            : "nenhum"}
        </dd>
      </dl>
      <h3 className="atd-contato-title">
        {contato.length} {contato.length === 1 ? "mensagem" : "mensagens"} desta pessoa
      </h3>
      <ul className="atd-contato-list" aria-label="Mensagens desta pessoa">
        {contato.map((c) => (
          <li key={c.id} aria-current={c.id === currentId ? "true" : undefined}>
            <Link to={`/admin/atendimentos/${c.id}`}>
              {origemOf(c.tipo)} · {formatDateTime(c.createdAt)}
            </Link>{" "}
            {c.imovel ? <span className="badge">{c.imovel.codigo ?? `#${c.imovel.id}`}</span> : null} <span className="hint">{c.etapa}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
