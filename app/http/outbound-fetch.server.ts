// Every URL the server itself fetches for someone (an iCal feed an admin typed, issue 33; the import):
// http and https only; the address the name resolves to is checked before connecting and again on
// the connected socket (so a DNS answer that changes between the two cannot slip through), and so is
// every redirect; the body is bounded in bytes and the whole exchange in time. Loopback, private,
// link-local and other non-public addresses are refused unless IMPORT_ALLOW_PRIVATE=1 (the tests'
// stubs on 127.0.0.1).
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction, Socket } from "node:net";
import ipaddr from "ipaddr.js";

export class OutboundFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutboundFetchError";
  }
}

export type OutboundResponse = { status: number; url: string; contentType: string | null; body: Buffer };
export type OutboundOptions = { timeoutMs: number; maxBytes: number; signal?: AbortSignal };

const MAX_REDIRECTS = 5;

const allowPrivate = () => process.env.IMPORT_ALLOW_PRIVATE === "1";

/** Whether an address is one a server may be asked to fetch from: public unicast only. */
export function isPublicAddress(address: string) {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === "unicast";
}

function checkAddress(address: string) {
  if (!allowPrivate() && !isPublicAddress(address)) throw new OutboundFetchError(`Endereço não permitido (${address}): só endereços públicos da internet.`);
}

/** dns.lookup, then the address rule on every answer. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 4);
    try {
      for (const a of addresses) checkAddress(a.address);
    } catch (e) {
      return callback(e as NodeJS.ErrnoException, "", 4);
    }
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

function once(url: URL, opts: OutboundOptions, signal: AbortSignal): Promise<{ status: number; location: string | null; contentType: string | null; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, { method: "GET", lookup: checkedLookup, signal, headers: { "User-Agent": "imobiliaria-votuporanga/1 (calendario)", Accept: "text/calendar, */*;q=0.5" } });
    req.on("socket", (socket: Socket) => {
      // The connected peer, whatever resolved it (a literal IP has no lookup at all).
      const check = () => {
        try {
          checkAddress(socket.remoteAddress ?? "");
        } catch (e) {
          req.destroy(e as Error);
        }
      };
      if (socket.remoteAddress) check();
      else socket.once("connect", check);
    });
    req.on("error", (e) => reject(signal.aborted ? new OutboundFetchError("Tempo esgotado ao buscar o endereço.") : e));
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      const location = status >= 300 && status < 400 ? (res.headers.location ?? null) : null;
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > opts.maxBytes) {
        res.destroy();
        return reject(new OutboundFetchError(`Resposta grande demais (mais de ${opts.maxBytes} bytes).`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.maxBytes) {
          res.destroy();
          reject(new OutboundFetchError(`Resposta grande demais (mais de ${opts.maxBytes} bytes).`));
        } else chunks.push(chunk);
      });
      res.on("end", () => resolve({ status, location, contentType: res.headers["content-type"] ?? null, body: Buffer.concat(chunks) }));
      res.on("error", (e) => reject(signal.aborted ? new OutboundFetchError("Tempo esgotado ao buscar o endereço.") : e));
    });
    req.end();
  });
}

/** GET `url` under the rules above; redirects followed (up to 5), each checked again. */
export async function fetchOutbound(url: string, opts: OutboundOptions): Promise<OutboundResponse> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new OutboundFetchError("Endereço inválido.");
  }
  for (let hop = 0; ; hop++) {
    if (current.protocol !== "http:" && current.protocol !== "https:") throw new OutboundFetchError("Só endereços http:// ou https://.");
    if (current.username || current.password) throw new OutboundFetchError("Endereço com usuário e senha não é aceito.");
    const host = current.hostname.replace(/^\[|\]$/g, "");
    if (ipaddr.isValid(host)) checkAddress(host);
    const res = await once(current, opts, signal);
    if (!res.location) return { status: res.status, url: current.toString(), contentType: res.contentType, body: res.body };
    if (hop >= MAX_REDIRECTS) throw new OutboundFetchError("Redirecionamentos demais.");
    current = new URL(res.location, current);
  }
}
