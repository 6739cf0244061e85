// A content write shows at once on every process of the machine (issue 20). Each worker keeps the
// content version it last read for up to a second (app/models/listings/content-version.server.ts):
// right between machines, too late between the processes of one. So a worker that writes tells
// the primary, the primary tells every other worker, each forgets its number and says so, and the
// write returns only then: the next request, on whichever worker, reads the new version.
// Other machines (replicas of the app) still learn of it by reading the number again, within 1 s.
import cluster, { type Worker } from "node:cluster";
import type { ServerSeam } from "./seam.ts";

const CHANGED = "imob:content-changed";
const KNOWN = "imob:content-known";
const RELAYED = "imob:content-relayed";

type Message = { type?: string; id?: number };

/** How long the primary waits for the workers (one busy starting, one dying): then they have ≤ 1 s. */
const PRIMARY_WAIT_MS = 1000;
/** How long a writer waits for the primary (gone: the write must still return). */
const WORKER_WAIT_MS = 2000;

/** In the primary: relays each worker's write to the others and answers once they all know. */
export function relayBetweenWorkers() {
  let nextId = 0;
  const pending = new Map<number, { waiting: Set<number>; finish: () => void }>();
  cluster.on("message", (from: Worker, message: Message) => {
    if (message?.type === KNOWN && message.id != null) {
      const relay = pending.get(message.id);
      relay?.waiting.delete(from.id);
      if (relay && relay.waiting.size === 0) relay.finish();
      return;
    }
    if (message?.type !== CHANGED) return;
    const others = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && w !== from && w.isConnected());
    const id = ++nextId;
    const finish = () => {
      clearTimeout(timer);
      pending.delete(id);
      if (from.isConnected()) from.send({ type: RELAYED, id: message.id });
    };
    const timer = setTimeout(finish, PRIMARY_WAIT_MS);
    pending.set(id, { waiting: new Set(others.map((w) => w.id)), finish });
    if (others.length === 0) return finish();
    for (const w of others) w.send({ type: CHANGED, id });
  });
  // A worker that exits owes no answer.
  cluster.on("exit", (worker: Worker) => {
    for (const relay of [...pending.values()]) {
      relay.waiting.delete(worker.id);
      if (relay.waiting.size === 0) relay.finish();
    }
  });
}

/** In a worker: hands the app a relay through the primary, and forgets the version when told. */
export function joinContentRelay(seam: ServerSeam) {
  if (!cluster.isWorker || !process.send) return;
  const send = process.send.bind(process);
  let nextId = 0;
  const waiting = new Map<number, () => void>();
  process.on("message", (message: Message) => {
    if (message?.type === CHANGED) {
      seam.forgetContentVersion();
      send({ type: KNOWN, id: message.id });
    } else if (message?.type === RELAYED && message.id != null) {
      waiting.get(message.id)?.();
      waiting.delete(message.id);
    }
  });
  seam.relayContentChanges(
    () =>
      new Promise<void>((resolve) => {
        const id = ++nextId;
        waiting.set(id, resolve);
        send({ type: CHANGED, id });
        setTimeout(() => waiting.delete(id) && resolve(), WORKER_WAIT_MS).unref();
      }),
  );
}
