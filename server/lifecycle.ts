// Stopping one server process cleanly: stop accepting, let the requests already accepted finish,
// end each kept-alive connection once its last response is sent, then close the resources.
import type http from "node:http";
import net from "node:net";
import { serverLog } from "./log.ts";

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

type Tracked = ReturnType<typeof track>;

/**
 * Keeps, per connection, whether a response is in progress and whether one was ever sent.
 * Node's own server.close()/closeIdleConnections() count a connection whose request has arrived
 * but not been read yet (a busy process) as idle and reset it: under load that drops requests the
 * client had already sent. Here only a connection that has answered and sits between requests is
 * ended; one that has not spoken yet is given the drain time to.
 */
function track(server: http.Server) {
  const conns = new Map<net.Socket, { active: number; served: number }>();
  let closing = false;
  server.on("connection", (socket) => {
    conns.set(socket, { active: 0, served: 0 });
    socket.once("close", () => conns.delete(socket));
  });
  server.on("request", (req, res) => {
    const c = conns.get(req.socket);
    if (!c) return;
    c.active++;
    if (closing) res.setHeader("Connection", "close");
    res.once("close", () => {
      c.active--;
      c.served++;
      if (closing && c.active === 0) req.socket.end();
    });
  });
  return {
    /** Requests being answered now, over every connection. */
    active() {
      let n = 0;
      for (const c of conns.values()) n += c.active;
      return n;
    },
    /** From now on every response closes its connection. */
    closing() {
      closing = true;
    },
    close() {
      closing = true;
      for (const [socket, c] of conns) if (c.active === 0 && c.served > 0) socket.end();
    },
    destroyAll() {
      for (const socket of conns.keys()) socket.destroy();
    },
  };
}

/**
 * Resolves once every connection of `server` has ended, or after `ms` (the rest are then cut), with
 * how many requests were still being answered when they were cut.
 * For `graceMs` it still accepts: connections a client (or, under node:cluster, the primary) had
 * already handed over when the signal came are served instead of reset; a load balancer has by
 * then stopped sending new ones.
 */
async function drain(server: http.Server, conns: Tracked, ms: number, graceMs: number) {
  const deadline = Date.now() + graceMs + ms;
  conns.closing();
  await sleep(graceMs);
  // Still listening while requests are being answered: on a busy process, connections the kernel
  // has queued but the process not yet accepted would be reset by closing the listener now.
  while (conns.active() > 0 && Date.now() < deadline - 1000) await sleep(50);
  // net.Server's close: stop listening, without http's reset of connections it deems idle.
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  conns.close();
  await Promise.race([closed, sleep(Math.max(0, deadline - Date.now()))]);
  const cut = conns.active();
  conns.destroyAll();
  return cut;
}

export type SignalOptions = {
  closeResources?: () => Promise<void>;
  graceMs?: number;
  drainMs: number;
  forceMs: number;
  log?: (line: string) => void;
};

/** The exit code of a process cut at its force deadline: a supervisor must see it did not drain. */
export const FORCED_EXIT_CODE = 1;

/**
 * SIGTERM/SIGINT: drain within `graceMs` + `drainMs`, then `closeResources` (pools, workers), then
 * exit 0, or FORCED_EXIT_CODE when the drain had to cut requests still being answered (a request the
 * app was still working on, an upload still arriving). Whatever is still running at `forceMs` (a
 * pool that cannot close) is cut by a forced exit, with FORCED_EXIT_CODE too.
 */
export function onSignals(server: http.Server, { closeResources, graceMs = 0, drainMs, forceMs, log = (line) => serverLog.info(line) }: SignalOptions) {
  const conns = track(server);
  let closing = false;
  async function shutdown(signal: NodeJS.Signals) {
    if (closing) return;
    closing = true;
    log(`${signal} recebido: encerrando…`);
    setTimeout(() => {
      serverLog.error(`Encerramento forçado após ${forceMs} ms: ainda havia trabalho em curso.`);
      process.exit(FORCED_EXIT_CODE);
    }, forceMs).unref();
    const cut = await drain(server, conns, drainMs, graceMs);
    if (cut) serverLog.error(`Encerramento forçado: ${cut} requisição(ões) ainda em curso após ${graceMs + drainMs} ms, cortada(s).`);
    try {
      await closeResources?.();
    } catch (err) {
      serverLog.error({ err }, "Falha ao fechar os recursos no encerramento");
    }
    process.exit(cut ? FORCED_EXIT_CODE : 0);
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
