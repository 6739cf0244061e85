// db/prepared.server.ts: a query built once per database. Tests and closeDb() replace the pool; a
// query prepared on the old one must not be reused (it would run on a closed pool).
import { count, eq, sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { prepared } from "~/db/prepared.server";
import { usuarios } from "~/db/schema";
import { resetDb } from "./db";

afterAll(() => closeDb());

it("is made once per database, again after the pool is replaced, and takes its values at each call", async () => {
  await resetDb();
  await getDb().insert(usuarios).values([
    { email: "a@teste.local", nome: "A", password_hash: "x" },
    { email: "b@teste.local", nome: "B", password_hash: "x" },
  ]);
  const byEmail = prepared((db) => db.select({ n: count() }).from(usuarios).where(eq(usuarios.email, sql.placeholder("email"))).prepare());
  const first = byEmail();
  expect(byEmail()).toBe(first);
  expect(await first.execute({ email: "a@teste.local" })).toEqual([{ n: 1 }]);
  expect(await first.execute({ email: "ninguem@teste.local" })).toEqual([{ n: 0 }]);

  await closeDb();
  const second = byEmail();
  expect(second, "a new pool, a new prepared query").not.toBe(first);
  expect(await second.execute({ email: "b@teste.local" })).toEqual([{ n: 1 }]);
  // The old one is bound to the closed pool: what reusing it would have done.
  await expect(first.execute({ email: "a@teste.local" })).rejects.toMatchObject({ cause: { message: expect.stringMatching(/closed/i) } });
});
