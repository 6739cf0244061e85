import http from "node:http";
import type { AddressInfo } from "node:net";

/** Known CEPs of the stub; anything else answers like ViaCEP's "not found". */
export const STUB_CEPS: Record<string, object> = {
  "15500000": { cep: "15500-000", logradouro: "Rua Amazonas", bairro: "Centro", localidade: "Votuporanga", uf: "SP" },
  "15502100": { cep: "15502-100", logradouro: "Rua Pernambuco", bairro: "Patrimônio Velho", localidade: "Votuporanga", uf: "SP" },
};
/** CEPs that make the stub misbehave, to test the "service unavailable" path. */
export const STUB_BROKEN = { serverError: "50000000", silent: "50000001", oldNotFound: "50000002" };

/** A small ViaCEP look-alike on 127.0.0.1, for tests (GET /ws/{cep}/json/). */
export async function startViaCepStub() {
  let calls = 0;
  let abandoned = 0;
  const server = http.createServer((req, res) => {
    calls++;
    // A client that gives up (timeout, abort) closes the connection before any answer.
    res.on("close", () => {
      if (!res.writableFinished) abandoned++;
    });
    const m = req.url?.match(/^\/ws\/(\d{8})\/json\/?$/);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    if (!m) return send(400, { erro: true });
    const cep = m[1];
    if (cep === STUB_BROKEN.serverError) return send(500, { message: "boom" });
    // Never answers: only the client's own timeout ends this request.
    if (cep === STUB_BROKEN.silent) return;
    if (cep === STUB_BROKEN.oldNotFound) return send(200, { erro: "true" });
    if (STUB_CEPS[cep]) return send(200, STUB_CEPS[cep]);
    return send(200, { erro: true });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ws`,
    calls: () => calls,
    /** Requests whose client closed the connection before the stub answered. */
    abandoned: () => abandoned,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
