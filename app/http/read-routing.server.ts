// Which requests may read public data from the replica: anonymous ones only. A request that carries
// the admin session cookie or an /api token reads the primary, so an admin always sees their own
// writes, on admin pages and public ones alike (docs/decisions/0005-read-replica.md).
import { runWithReadRouting } from "~/db/read-db.server";
import { SESSION_COOKIE_IN_HEADER } from "./cookies.server";

/** Whether a request looks like an admin's: the session cookie (valid or not) or an Authorization header. */
export function carriesAdminCredentials(headers: { cookie?: string | null; authorization?: string | null }) {
  return !!headers.authorization || SESSION_COOKIE_IN_HEADER.test(headers.cookie ?? "");
}

/**
 * Runs a whole request (`next`) with its public reads routed: the replica for anonymous visitors,
 * the primary for admins. server/app.ts calls it through the build's seam (app/seam.server.ts).
 */
export function routeReads<T>(headers: { cookie?: string | null; authorization?: string | null }, next: () => T): T {
  return runWithReadRouting(!carriesAdminCredentials(headers), next);
}
