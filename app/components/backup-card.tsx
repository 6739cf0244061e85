import { formatAge, type BackupHealth } from "~/utils/backup";
import { formatDateTime } from "~/utils/format";

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
          {failed.erro ? `: ${failed.erro}` : "."}
        </p>
      )}
      <p className="hint">O servidor faz um backup por dia; veja docs/backup.md para restaurar.</p>
    </section>
  );
}
