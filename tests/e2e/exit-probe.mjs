// Preloaded (node --import) into a server.mjs that server-process.spec starts. When the process
// exits it prints one line: how long after the signal, whether the HTTP server still listened, and
// how many database connections were left without a goodbye (MySQL's COM_QUIT, which a pool sends
// to each connection when it is ended). So the test can tell a clean shutdown (pool ended, server
// closed, exit on its own) from a forced or sloppy one, without the app printing anything for it.
import net from "node:net";

const dbPort = Number(process.env.EXIT_PROBE_DB_PORT ?? 3306);
// A MySQL packet: 3-byte length (1), sequence 0, command 0x01 (COM_QUIT).
const COM_QUIT = Buffer.from([1, 0, 0, 0, 1]);
const dbSockets = new Set();

const write = net.Socket.prototype.write;
net.Socket.prototype.write = function (chunk, ...rest) {
  if (this.remotePort === dbPort) {
    dbSockets.add(this);
    this.__probeQuit = Buffer.isBuffer(chunk) && chunk.equals(COM_QUIT);
  }
  return write.call(this, chunk, ...rest);
};

let signalledAt;
for (const sig of ["SIGTERM", "SIGINT"]) {
  process.prependListener(sig, () => {
    signalledAt ??= performance.now();
  });
}

const exit = process.exit.bind(process);
process.exit = (code) => {
  const open = [...dbSockets].filter((s) => !s.destroyed);
  const report = {
    code: code ?? 0,
    sinceSignalMs: signalledAt === undefined ? null : Math.round(performance.now() - signalledAt),
    listening: process._getActiveHandles().filter((h) => h instanceof net.Server && h.listening).length,
    dbConnections: dbSockets.size,
    dbLeftOpen: open.filter((s) => !s.__probeQuit).length,
  };
  process.stdout.write(`exit-probe ${JSON.stringify(report)}\n`);
  return exit(code);
};
