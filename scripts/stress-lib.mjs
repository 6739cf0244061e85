// Pieces of `npm run stress` (scripts/stress.mjs): load runs with autocannon, the cut upload, the table.
import http from "node:http";
import autocannon from "autocannon";

const PUBLIC = ["/", "/imoveis", "/locacao", "/venda", "/temporada", "/sobre", "/contato", "/sitemap.xml"];
const ADMIN = ["/admin", "/admin/imovel", "/admin/mensagens", "/admin/banner"];

/** The mix: mostly public pages and listing pages, one request in four an admin page (logged in). */
export function requestMix(imovelIds, cookie) {
  const reqs = [];
  for (let i = 0; i < 24; i++) {
    if (i % 4 === 3) reqs.push({ method: "GET", path: ADMIN[(i >> 2) % ADMIN.length], headers: { cookie } });
    else if (i % 2 === 0) reqs.push({ method: "GET", path: PUBLIC[(i >> 1) % PUBLIC.length] });
    else reqs.push({ method: "GET", path: `/imovel/${imovelIds[i % imovelIds.length]}` });
  }
  return reqs;
}

/**
 * Runs autocannon against `base` for `seconds` with `connections`; records every answer's status
 * and time (ms since start) so phases can be told apart. `during(instance)` may act mid-run.
 */
export async function load(base, { connections, seconds, requests, during }) {
  const events = [];
  const t0 = Date.now();
  const instance = autocannon({ url: base, connections, duration: seconds, requests, timeout: 10 });
  instance.on("response", (_client, status) => events.push({ at: Date.now() - t0, status }));
  instance.on("reqError", () => events.push({ at: Date.now() - t0, status: "socket" }));
  const done = new Promise((resolve, reject) => instance.on("done", resolve).on("error", reject));
  const side = during ? during(t0) : Promise.resolve();
  const [result] = await Promise.all([done, side]);
  return { result, events, t0 };
}

/** { status → count } of `events` within [from, to) ms. */
export function statusCounts(events, from = 0, to = Infinity) {
  const counts = {};
  for (const e of events) if (e.at >= from && e.at < to) counts[e.status] = (counts[e.status] ?? 0) + 1;
  return counts;
}

export const isError = (s) => s === "socket" || s < 200 || s >= 400;

/**
 * Sends a multipart upload of `bytes` to `path` with the full Content-Length, stops halfway and
 * destroys the socket: a client that vanishes mid-upload.
 */
export function cutUpload(base, path, { cookie, bytes = 1_000_000 }) {
  const boundary = "----stress" + Date.now();
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadicionar\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="img"; filename="corte.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // A JPEG start marker and then noise: the parser has begun a file part when the client vanishes.
  const file = Buffer.alloc(bytes, 0x5a);
  file[0] = 0xff;
  file[1] = 0xd8;
  const total = head.length + file.length + tail.length;
  const url = new URL(path, base);
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: "POST",
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(total),
        Cookie: cookie,
        Origin: base,
        "Sec-Fetch-Site": "same-origin",
      },
    });
    req.on("error", () => resolve("socket closed by the client, as intended"));
    req.on("response", (res) => resolve(`answered ${res.statusCode} before the body ended`));
    req.write(head);
    req.write(file.subarray(0, file.length >> 1), () => setTimeout(() => req.destroy(), 300));
  });
}

/** p-th percentile of autocannon's latency result (it reports p50, p97_5, p99…). */
export const pct = (latency, p) => latency[`p${p}`];

/** A Markdown table from rows of [label, value]. */
export function table(rows) {
  const w = Math.max(...rows.map(([l]) => l.length));
  return ["| " + "Medida".padEnd(w) + " | Valor |", "|" + "-".repeat(w + 2) + "|-------|", ...rows.map(([l, v]) => `| ${l.padEnd(w)} | ${v} |`)].join("\n");
}
