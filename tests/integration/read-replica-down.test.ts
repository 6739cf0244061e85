// A replica that does not answer: public reads fall back to the primary within the short connect
// timeout, and the replica is not tried again on every request while it is down.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { REPLICA_RETRY_MS, runWithReadRouting } from "~/db/read-db.server";
import { getPublicImovel, insertImovel, listPublic } from "~/models/listings/imovel.server";
import { resetDb } from "./db";

// A TCP server that accepts and never says a word: a replica host that hangs (the worst case, worse
// than a refused connection). It counts the connection attempts it gets.
let attempts = 0;
const sockets = new Set<net.Socket>();
const silent = net.createServer((s) => {
  attempts++;
  sockets.add(s);
  s.on("close", () => sockets.delete(s));
});
await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
process.env.DATABASE_REPLICA_URL = `mysql://root@127.0.0.1:${(silent.address() as net.AddressInfo).port}/imobiliaria`;

beforeAll(resetDb);
afterAll(async () => {
  await closeDb();
  for (const s of sockets) s.destroy();
  await new Promise((r) => silent.close(r));
});

describe("an unreachable read replica", () => {
  it("falls back to the primary after one short timeout, then leaves the replica alone", async () => {
    const id = await insertImovel({ descricao: "", bairro: "Centro" });
    const t0 = Date.now();
    const first = await runWithReadRouting(true, () => getPublicImovel(id));
    const firstMs = Date.now() - t0;
    expect(first?.bairro).toBe("Centro");
    expect(attempts).toBeGreaterThanOrEqual(1);
    // The replica pool's connect timeout is 1 s; the fallback must not wait for the default 10 s.
    expect(firstMs).toBeLessThan(5000);

    // While the replica is known to be down, reads go straight to the primary: not one more
    // connection attempt to the replica (what would make them slow).
    const tried = attempts;
    for (let i = 0; i < 20; i++) {
      await runWithReadRouting(true, async () => expect((await listPublic({})).total).toBe(1));
    }
    expect(attempts).toBe(tried);
    expect(REPLICA_RETRY_MS).toBeGreaterThanOrEqual(10_000);
  });
});
