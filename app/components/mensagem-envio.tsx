import { formatDateTime } from "~/utils/format";
import type { MensagemEnvio } from "~/utils/mensagem";

const LABEL = { pendente: "E-mail pendente", enviado: "E-mail enviado", falhou: "E-mail falhou" } as const;

/** The agency e-mail of a message (produto §11): pendente, enviado or falhou, with the last error. */
export function EnvioBadge({ envio, detail = false }: { envio: MensagemEnvio; detail?: boolean }) {
  if (!envio) {
    return (
      <span className="envio envio-off" title="Sem SMTP_URL configurado quando a mensagem chegou: nenhum e-mail foi enviado.">
        Sem e-mail
      </span>
    );
  }
  const when =
    envio.status === "enviado" && envio.sentAt
      ? ` em ${formatDateTime(envio.sentAt)}`
      : envio.status !== "enviado" && envio.nextAttemptAt
        ? ` · nova tentativa ${formatDateTime(envio.nextAttemptAt)}`
        : "";
  return (
    <span className={`envio envio-${envio.status}`} title={envio.lastError ?? undefined}>
      {LABEL[envio.status]}
      {detail ? when : null}
      {detail && envio.status === "falhou" ? ` (${envio.attempts} ${envio.attempts === 1 ? "tentativa" : "tentativas"})` : null}
    </span>
  );
}
