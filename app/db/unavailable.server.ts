// "The database cannot answer right now" (down, restarting, unreachable, out of connections), as
// opposed to "this query is wrong": the first is a 503 the visitor can wait out, the second a bug.

const CONNECTION_CODES = new Set([
  "ECONNREFUSED", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "ECONNRESET", "EPIPE",
  "PROTOCOL_CONNECTION_LOST", "PROTOCOL_SEQUENCE_TIMEOUT", "ER_CON_COUNT_ERROR", "ER_SERVER_SHUTDOWN",
  "ER_NORMAL_SHUTDOWN", "ER_SHUTDOWN_COMPLETE", "POOL_CLOSED",
]);

/** The driver's code when `e` (or a cause: drizzle wraps the driver's error) says the database is unreachable. */
export function dbUnavailableCode(e: unknown): string | null {
  for (let err = e as { code?: unknown; fatal?: boolean; cause?: unknown } | undefined, i = 0; err && typeof err === "object" && i < 5; err = err.cause as typeof err, i++) {
    if (typeof err.code === "string" && (CONNECTION_CODES.has(err.code) || (err.fatal && err.code.startsWith("PROTOCOL_")))) return err.code;
  }
  return null;
}
