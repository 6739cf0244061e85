// Every core (issue 14): the primary process forks WEB_CONCURRENCY workers that share the port
// (node:cluster), replaces a worker that dies, and on SIGTERM/SIGINT passes the signal on and
// waits for every worker to drain, cutting any still running after `forceMs`.
import cluster from "node:cluster";
import os from "node:os";

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

export function runPrimary(count, { forceMs, log = console.log }) {
  let stopping = false;
  let failedStarts = 0;
  const startedAt = new Map();
  const listened = new Set();
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  cluster.on("listening", (worker) => {
    listened.add(worker.id);
    failedStarts = 0;
  });
  for (let i = 0; i < count; i++) fork();
  log(`${count} processos de atendimento (WEB_CONCURRENCY=${count}).`);

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    const started = listened.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // One that cannot even start (a bad setting: its error is above) would fail the same way again.
    if (!started && ++failedStarts >= MAX_FAILED_STARTS) {
      console.error(`Os processos não conseguem iniciar (${failedStarts} tentativas); veja o erro acima.`);
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGKILL");
      process.exit(1);
    }
    log(`Processo ${worker.process.pid} terminou (${signal ?? code}); iniciando outro.`);
    // One that dies at start-up (bad configuration) is not replaced in a tight loop.
    setTimeout(fork, lived < 5000 ? 1000 : 0);
  });

  function stop(signal) {
    if (stopping) return;
    stopping = true;
    log(`${signal} recebido: encerrando os processos…`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGKILL");
      process.exit(0);
    }, forceMs).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
