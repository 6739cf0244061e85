import { pingDb } from "~/db/client.server";

/** Ready while the database answers: a load balancer sends traffic only then. */
export async function loader() {
  const headers = { "Cache-Control": "no-store", "Content-Type": "text/plain" };
  if (await pingDb()) return new Response("ready", { headers });
  return new Response("database unavailable", { status: 503, headers });
}
