import net from "node:net";

/** A port nothing listens on right now (a test may start a server on it later). */
export function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
