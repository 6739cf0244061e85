// app/db/client.server.ts turns mysql2's per-query stack capture off (its cost: docs/performance.md).
// What that capture was for must still hold: a failed query's error names the app's function that
// asked it, and carries the SQL, so a log of a 500 says where to look.
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";

afterAll(() => closeDb());

async function leituraQueFalha() {
  await getDb().execute(sql`SELECT * FROM tabela_que_nao_existe`);
}

it("a failed query's error names its caller and its SQL, and keeps the database's reason", async () => {
  const error = await leituraQueFalha().then(
    () => null,
    (e: Error) => e,
  );
  expect(error, "the query failed").toBeInstanceOf(Error);
  expect(error!.stack).toMatch(/Failed query: SELECT \* FROM tabela_que_nao_existe/);
  expect(error!.stack).toMatch(/at (async )?leituraQueFalha /);
  expect((error!.cause as Error).message).toMatch(/doesn't exist/);
});
