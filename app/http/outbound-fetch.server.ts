// The one way the server fetches a URL someone else gave it (issue 32's feed and its photos; issue
// 33's calendars): http(s) only, never a loopback, private, link-local or metadata address, bounded
// in time and size. The address rule is request-filtering-agent's, applied in the agent's DNS lookup,
// i.e. to the very address the socket connects to (a name that resolves to 127.0.0.1 is refused,
// and DNS cannot answer differently between a check and the connection). Redirects are followed here,
// one hop at a time, each hop checked again. IMPORT_ALLOW_PRIVATE=1 lifts the address rule (tests, a
// feed on the agency's own network). Errors are OutboundError with a Portuguese message.
import http from "node:http";
import https from "node:https";
import { Readable, Transform } from "node:stream";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { getEnv } from "~/env.server";

export type OutboundErrorCode = "url" | "refused" | "timeout" | "too_big" | "http" | "network" | "redirects";

export class OutboundError extends Error {
  code: OutboundErrorCode;
  constructor(code: OutboundErrorCode, message: string) {
    super(message);
    this.name = "OutboundError";
    this.code = code;
  }
}

export type OutboundResponse = {
  /** the URL that answered, after redirects */
  url: string;
  status: number;
  contentType: string;
  /** the body, cut with an OutboundError("too_big") past maxBytes and ("timeout") after timeoutMs without a byte */
  body: Readable;
  /** the whole body in memory (photos: at most maxBytes) */
  buffer(): Promise<Buffer>;
};

export type OutboundOptions = {
  /** the longest wait for an answer, and for each next chunk of its body */
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
  maxRedirects?: number;
  /** the address rule; by default IMPORT_ALLOW_PRIVATE and IMPORT_ALLOW_ADDRESSES */
  rule?: AddressRule;
};

/** Private addresses allowed (all, or those listed: IPs or CIDR ranges). */
export type AddressRule = { allowPrivate: boolean; allowAddresses: string[] };

const ruleFromEnv = (): AddressRule => ({ allowPrivate: getEnv().IMPORT_ALLOW_PRIVATE, allowAddresses: getEnv().IMPORT_ALLOW_ADDRESSES });

// One pair of agents per rule, kept: connections to one host are reused (a feed's photos).
const agents = new Map<string, { http: http.Agent; https: https.Agent }>();
function agentFor(protocol: string, rule: AddressRule) {
  const key = JSON.stringify(rule);
  let pair = agents.get(key);
  if (!pair) {
    const opts = { keepAlive: true, maxSockets: 4, allowPrivateIPAddress: rule.allowPrivate, allowMetaIPAddress: rule.allowPrivate, allowIPAddressList: rule.allowAddresses };
    pair = { http: new RequestFilteringHttpAgent(opts), https: new RequestFilteringHttpsAgent(opts) };
    agents.set(key, pair);
  }
  return protocol === "https:" ? pair.https : pair.http;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function parseUrl(raw: string | URL) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError("url", "endereço inválido");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundError("url", "só endereços http:// ou https:// são aceitos");
  if (url.username || url.password) throw new OutboundError("url", "endereço com usuário e senha não é aceito");
  return url;
}

/** One request, no redirect followed. */
function requestOnce(url: URL, o: OutboundOptions): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === "https:" ? https : http;
    const req = lib.get(url, { agent: agentFor(url.protocol, o.rule ?? ruleFromEnv()), headers: { "user-agent": "imobiliaria-import/1", accept: "*/*" }, signal: o.signal });
    const timeout = () => req.destroy(new OutboundError("timeout", `sem resposta em ${Math.round(o.timeoutMs / 1000)} s`));
    // Inactivity on the socket: no answer, or no byte of the body, for timeoutMs…
    req.setTimeout(o.timeoutMs, timeout);
    // …and no answer within timeoutMs, even while waiting for a free socket of the agent.
    const answer = setTimeout(timeout, o.timeoutMs);
    req.on("response", (res) => {
      clearTimeout(answer);
      resolve(res);
    });
    req.on("close", () => clearTimeout(answer));
    req.on("error", (e) => reject(asOutbound(e)));
  });
}

function asOutbound(e: unknown): OutboundError {
  if (e instanceof OutboundError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  // request-filtering-agent's refusal: "DNS lookup 127.0.0.1(…) is not allowed. Because, It is private IP address."
  if (/is not allowed/.test(msg)) return new OutboundError("refused", "endereço de rede interna ou reservada (loopback, privado, link-local ou metadados): recusado");
  if (e instanceof Error && e.name === "AbortError") return new OutboundError("timeout", "cancelado");
  const code = (e as { code?: string }).code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return new OutboundError("network", "o nome do servidor não existe");
  if (code === "ECONNREFUSED") return new OutboundError("network", "o servidor recusou a conexão");
  return new OutboundError("network", `falha de rede (${code ?? msg})`);
}

const tooBig = (maxBytes: number) => `maior que ${Math.round(maxBytes / 1e6)} MB`;

/** The body through a counter that fails past maxBytes. */
function bounded(res: http.IncomingMessage, maxBytes: number) {
  let seen = 0;
  let failed = false;
  const limit = tooBig(maxBytes);
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > maxBytes) {
        failed = true;
        done(new OutboundError("too_big", limit));
        res.destroy();
        return;
      }
      done(null, chunk);
    },
  });
  // The first reason wins: cutting the response after a too_big must not turn it into a network error.
  // A body dropped by its reader (an error status, a refused type) frees its socket.
  counter.on("close", () => res.complete || res.destroy());
  res.on("error", (e) => failed || counter.destroy(asOutbound(e)));
  res.on("aborted", () => failed || counter.destroy(new OutboundError("network", "a conexão caiu no meio da resposta")));
  return res.pipe(counter);
}

/**
 * GETs `url` under the rules above. Any status is returned (the caller decides what a 404 means);
 * the body must then be read or destroyed.
 */
export async function fetchOutbound(url: string | URL, o: OutboundOptions): Promise<OutboundResponse> {
  let current = parseUrl(url);
  for (let hop = 0; ; hop++) {
    const res = await requestOnce(current, o);
    const status = res.statusCode ?? 0;
    if (REDIRECTS.has(status) && res.headers.location) {
      res.resume();
      if (hop >= (o.maxRedirects ?? 5)) throw new OutboundError("redirects", "redirecionamentos demais");
      // The next hop is checked as the first was: scheme here, address in the agent's lookup.
      current = parseUrl(new URL(res.headers.location, current));
      continue;
    }
    // A declared length past the limit: refused before a byte of it is read.
    if (Number(res.headers["content-length"]) > o.maxBytes) {
      res.destroy();
      throw new OutboundError("too_big", tooBig(o.maxBytes));
    }
    const body = bounded(res, o.maxBytes);
    return {
      url: current.href,
      status,
      contentType: String(res.headers["content-type"] ?? ""),
      body,
      buffer: () => readAll(body),
    };
  }
}

async function readAll(body: Readable) {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}


/**
 * fetchOutbound with the body read whole (bounded by maxBytes) within `totalMs` from the first byte
 * asked to the last received: what a calendar's sync needs. Without that bound a server sending a
 * byte now and then (timeoutMs apart at most) would hold the sync, and the admin's 'Sincronizar
 * agora', as long as it liked.
 */
export async function fetchOutboundWhole(url: string | URL, o: OutboundOptions & { totalMs?: number }) {
  const totalMs = o.totalMs ?? o.timeoutMs;
  const total = AbortSignal.timeout(totalMs);
  const signal = o.signal ? AbortSignal.any([o.signal, total]) : total;
  try {
    const res = await fetchOutbound(url, { ...o, signal });
    return { url: res.url, status: res.status, contentType: res.contentType, body: await res.buffer() };
  } catch (e) {
    if (total.aborted) throw new OutboundError("timeout", `resposta incompleta em ${Math.round(totalMs / 1000)} s`);
    throw e;
  }
}
