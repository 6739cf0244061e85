// /metrics of a cluster (server/cluster.ts): a worker answers a scrape, but the figures are the
// machine's — every worker's requests summed, plus the restarts only the primary sees. The worker
// asks the primary over the cluster's IPC channel; the primary collects every worker's registry
// with prom-client's AggregatorRegistry, adds its own, and answers. One process without a cluster
// answers from its own registry.
import cluster, { type Worker } from "node:cluster";
import client from "prom-client";
import { RESTARTS } from "./metrics.ts";

const ASK = "imob:metrics-ask";
const ANSWER = "imob:metrics-answer";
/** prom-client gives up on a silent worker after 5 s; the asking worker waits a little longer. */
const WORKER_WAIT_MS = 6000;

type Message = { type?: string; id?: number; text?: string; error?: string };

/** In the primary: answers the workers' scrapes with the cluster's sum; returns the restart counter. */
export function servePrimaryMetrics() {
  const own = new client.Registry();
  const restarts = new client.Counter({ ...RESTARTS, registers: [own] });
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (worker: Worker, message: Message) => {
    if (message?.type !== ASK) return;
    Promise.all([aggregator.clusterMetrics(), own.metrics()]).then(
      ([workers, primary]) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text: workers + primary }),
      (e: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: e.message }),
    );
  });
  return restarts;
}

/** The text a scrape of this process answers: the cluster's, through the primary, or its own. */
export function metricsText(registry: client.Registry): () => Promise<string> {
  if (!cluster.isWorker || !process.send) return () => registry.metrics();
  const send = process.send.bind(process);
  client.AggregatorRegistry.setRegistries([registry]);
  // Constructed in a worker, it answers the primary's requests for this registry.
  new client.AggregatorRegistry();
  let nextId = 0;
  const waiting = new Map<number, (m: Message) => void>();
  process.on("message", (m: Message) => {
    if (m?.type !== ANSWER || m.id == null) return;
    waiting.get(m.id)?.(m);
    waiting.delete(m.id);
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = ++nextId;
      const timer = setTimeout(() => waiting.delete(id) && reject(new Error("o processo principal não respondeu")), WORKER_WAIT_MS);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        if (m.error != null || m.text == null) reject(new Error(m.error ?? "resposta vazia"));
        else resolve(m.text);
      });
      send({ type: ASK, id });
    });
}
