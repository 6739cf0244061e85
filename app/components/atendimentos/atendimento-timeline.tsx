import { formatDateTime } from "~/utils/format";
import type { EventoTipo } from "~/utils/atendimento";

export type EventoView = { id: number; em: string; autor: string | null; tipo: EventoTipo; texto: string };

const TIPO_LABEL: Record<EventoTipo, string> = { nota: "Anotação", etapa: "Etapa", responsavel: "Responsável", retorno: "Retorno" };

/** 'Anotações': the notes beside the stage, owner and follow-up changes, oldest first, each with its author and time. */
export function AtendimentoTimeline({ eventos }: { eventos: EventoView[] }) {
  if (!eventos.length) return <p className="hint">Nenhuma anotação ainda.</p>;
  return (
    <ol className="atd-timeline">
      {eventos.map((e) => (
        <li key={e.id} className={`atd-evento atd-evento-${e.tipo}`}>
          <p className="atd-evento-meta">
            <span className="badge">{TIPO_LABEL[e.tipo]}</span> {e.autor ?? "Sistema"} · <time dateTime={e.em}>{formatDateTime(e.em)}</time>
          </p>
          <p className="atd-evento-texto">{e.texto}</p>
        </li>
      ))}
    </ol>
  );
}
