// Every core (issue 14): the primary process forks WEB_CONCURRENCY workers that share the port
// (node:cluster), replaces a worker that dies, and on SIGTERM/SIGINT passes the signal on and
// waits for every worker to drain, cutting any still running after `forceMs`. It also relays each
// content write of a worker to the others (server/content-relay.ts).
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import { relayBetweenWorkers } from "./content-relay.ts";
import { FORCED_EXIT_CODE } from "./lifecycle.ts";
import { serverLog } from "./log.ts";
import { servePrimaryMetrics } from "./metrics-cluster.ts";

/** WEB_CONCURRENCY, else every available core; one in tests unless set. */
export function workerCount(env = process.env) {
  if (env.WEB_CONCURRENCY) {
    const n = Number(env.WEB_CONCURRENCY);
    if (!Number.isInteger(n) || n < 1) throw new Error(`WEB_CONCURRENCY inválido: "${env.WEB_CONCURRENCY}" (use um inteiro ≥ 1).`);
    return n;
  }
  return env.NODE_ENV === "test" ? 1 : os.availableParallelism();
}

const MAX_FAILED_STARTS = 3;

export function runPrimary(count: number, { forceMs, log = (line) => serverLog.info(line) }: { forceMs: number; log?: (line: string) => void }) {
  let stopping = false;
  // Whether every worker stopped cleanly: a supervisor must see a forced or failed stop.
  let stopCode = 0;
  let failedStarts = 0;
  const startedAt = new Map<number, number>();
  const listened = new Set<number>();
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  relayBetweenWorkers();
  const restarts = servePrimaryMetrics();
  cluster.on("listening", (worker: Worker) => {
    listened.add(worker.id);
    failedStarts = 0;
  });
  for (let i = 0; i < count; i++) fork();
  log(`${count} processos de atendimento (WEB_CONCURRENCY=${count}).`);

  cluster.on("exit", (worker: Worker, code: number, signal: string | null) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    const started = listened.delete(worker.id);
    if (stopping) {
      // One still starting when the signal came (not yet listening: it took no request) dies of
      // the signal itself, before its own handler is set: nothing was cut, the stop is clean.
      if ((code !== 0 || signal) && started) stopCode = FORCED_EXIT_CODE;
      // Each worker's end as the primary saw it: the exit code it passes on is made of these.
      log(`Processo ${worker.process.pid} encerrado (${signal ?? code}${started ? "" : ", antes de atender"}).`);
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(stopCode);
      return;
    }
    // One that cannot even start (a bad setting: its error is above) would fail the same way again.
    if (!started && ++failedStarts >= MAX_FAILED_STARTS) {
      serverLog.error(`Os processos não conseguem iniciar (${failedStarts} tentativas); veja o erro acima.`);
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGKILL");
      process.exit(1);
    }
    restarts.inc();
    log(`Processo ${worker.process.pid} terminou (${signal ?? code}); iniciando outro.`);
    // One that dies at start-up (bad configuration) is not replaced in a tight loop.
    setTimeout(fork, lived < 5000 ? 1000 : 0);
  });

  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    log(`${signal} recebido: encerrando os processos…`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    setTimeout(() => {
      serverLog.error(`Encerramento forçado após ${forceMs} ms: processos ainda em curso.`);
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGKILL");
      process.exit(FORCED_EXIT_CODE);
    }, forceMs).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
