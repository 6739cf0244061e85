// Preloaded (node --import) into a server.mjs that server-process.spec starts: an idle kept-alive
// connection stays open 60 s instead of Node's 5 s (http.Server's keepAliveTimeout), so only the
// server's own shutdown can end the test's, before the drain deadline (7 s). With Node's 5 s, a
// shutdown that forgot it would still look prompt.
import http from "node:http";

const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
  this.keepAliveTimeout = 60_000;
  return listen.apply(this, args);
};
