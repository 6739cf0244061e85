/**
 * A request the domain cannot carry out as asked. `kind` says why; the HTTP side turns it into a
 * status (app/http/responses.server.ts), so models never speak HTTP.
 */
export type DomainErrorKind = "invalid" | "not_found" | "conflict";

export class DomainError extends Error {
  kind: DomainErrorKind;
  constructor(kind: DomainErrorKind, message: string) {
    super(message);
    this.name = "DomainError";
    this.kind = kind;
  }
}

export const notFoundError = (message: string) => new DomainError("not_found", message);
