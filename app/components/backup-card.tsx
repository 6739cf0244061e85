import { formatAge, type BackupHealth } from "~/utils/backup";
import { formatDateTime } from "~/utils/format";

// The error as the server logged it can be long (up to 1,000 characters): the card shows its start.
const short = (erro: string) => (erro.length > 140 ? `${erro.slice(0, 139)}…` : erro);

/** 'Home admin': the last good backup and its age; red when too old or never (docs/backup.md). */
export function BackupCard({ backup }: { backup: BackupHealth }) {
  const { lastOkAt, ageHours, alert, failed } = backup;
  return (
    <section className="dash-card" aria-labelledby="dash-backup">
      <h2 id="dash-backup">Backup</h2>
      <p className={alert ? "alert alert-danger" : "alert alert-success"}>
        {lastOkAt && ageHours !== null ? (
          <>
            Último backup: <strong>{formatDateTime(lastOkAt)}</strong> ({formatAge(ageHours)})
          </>
        ) : (
          <>Último backup: nenhum concluído até agora</>
        )}
      </p>
      {failed && (
        <p className="alert alert-danger">
          A última tentativa falhou em {formatDateTime(failed.at)}
          {failed.erro ? `: ${short(failed.erro)}` : "."}
        </p>
      )}
      <p className="hint">O servidor faz um backup por dia, sozinho, do banco e das fotos.</p>
    </section>
  );
}
