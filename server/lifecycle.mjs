// Stopping one server process cleanly: stop accepting, let the requests already accepted finish
// (idle keep-alive connections are closed as soon as they are idle), then close the resources.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms).unref());

/** Resolves once every connection of `server` has ended, or after `ms` (the rest are then cut). */
export async function drain(server, ms) {
  const closed = new Promise((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A connection that was busy becomes idle once its response is sent: close it then.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  await Promise.race([closed, sleep(ms)]);
  clearInterval(sweep);
  server.closeAllConnections();
}

/**
 * SIGTERM/SIGINT: drain within `drainMs`, then `closeResources` (pools, workers), then exit 0.
 * Whatever is still running at `forceMs` is cut by a forced exit.
 */
export function onSignals(server, { closeResources, drainMs, forceMs, log = console.log }) {
  let closing = false;
  async function shutdown(signal) {
    if (closing) return;
    closing = true;
    log(`${signal} recebido: encerrando…`);
    setTimeout(() => process.exit(0), forceMs).unref();
    await drain(server, drainMs);
    try {
      await closeResources?.();
    } catch (e) {
      console.error(e);
    }
    process.exit(0);
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
