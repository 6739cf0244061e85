import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { bearerToken, logout, requireAdminApi, revokeToken } from "~/http/auth.server";
import { json } from "~/http/responses.server";

/** Revokes the bearer token of the request (or ends the cookie session). */
export const action = apiRoute(async ({ request }) => {
  const admin = await requireAdminApi(request);
  allowMethods(request, ["POST", "DELETE"]);
  if (admin.via === "token") {
    await revokeToken(bearerToken(request) ?? "");
    return json({ ok: true });
  }
  return json({ ok: true }, { headers: { "Set-Cookie": await logout(request) } });
});

export const loader = refuse(["POST", "DELETE"], { admin: true });
