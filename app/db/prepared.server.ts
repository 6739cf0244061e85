// A query drizzle builds once. Drizzle turns a query object into SQL text on every call, and for the
// small reads an admin page makes that building is most of their Node time: 'Hoje' of 'Home admin'
// took 0.80–0.94 ms of CPU per call built each time and 0.33–0.37 ms prepared (docs/performance.md).
// A prepared query's SQL is made on first use and its values come as placeholders (sql.placeholder)
// at each call; it still goes through the pool and the content guard's logger like any other.
// A placeholder's value reaches mysql2 as it is given, even where the placeholder stands for a
// column: drizzle does not pass it through the column's own encoding. Give the driver's value (a
// Date for a timestamp, which the pool writes in UTC; the string of a DATE or JSON column).
import { getDb, type Db } from "./client.server";

// Kept per Db: closeDb() and the tests' databases replace the pool, and a query prepared on an old
// one would run on a closed pool. In development a reloaded model brings new builders, new keys:
// the old ones stay until the pool is replaced (a few per edit), never served for the new code.
const byDb = new WeakMap<Db, Map<unknown, unknown>>();

/** `build`'s prepared query on the current database, made once per database. */
export function prepared<Q>(build: (db: Db) => Q): () => Q {
  return () => {
    const db = getDb();
    let queries = byDb.get(db);
    if (!queries) byDb.set(db, (queries = new Map()));
    if (!queries.has(build)) queries.set(build, build(db));
    return queries.get(build) as Q;
  };
}
