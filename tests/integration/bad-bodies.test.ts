import { afterAll, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { action as contato } from "~/routes/_site.contato";
import { action as login } from "~/routes/login";
import { routeArgs } from "../route-args";

// A body that claims to be multipart but is not: every page action answers 400, never 500.
function broken(path: string) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
    body: "this is not multipart",
  });
}

describe("page actions and malformed bodies", () => {
  afterAll(closeDb);
  it.each([
    ["/login", login],
    ["/contato", contato],
  ] as const)("%s answers 400", async (path, action) => {
    const res = await Promise.resolve(action(routeArgs(broken(path)))).catch((e: unknown) => e);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(400);
  });
});
