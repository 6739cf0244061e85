// The physical limit of a page-cache hit (issue 31): a bare `node:http` server in its own process,
// on the same Node, sending the very bytes and headers the app sends for one page (br), nothing
// else. bench:http measures the app's hit against it in alternating rounds: what the app reaches of
// this share is what express, the guards, the request line and the cache lookup leave of the limit.
import { spawn } from "node:child_process";
import http from "node:http";

// The child: one response, kept in memory, written for every request (no routing, no parsing).
const CHILD = `
const http = require("node:http");
let chunks = [];
process.stdin.on("data", (c) => chunks.push(c));
process.stdin.on("end", () => {
  const { status, headers, body } = JSON.parse(Buffer.concat(chunks).toString());
  const bytes = Buffer.from(body, "base64");
  http.createServer((req, res) => { res.writeHead(status, headers); res.end(bytes); })
    .listen(0, "127.0.0.1", function () { process.stdout.write(String(this.address().port) + "\\n"); });
});`;

// Headers that belong to one response or one connection, not to the page.
const PER_RESPONSE = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** Starts the limit server for `appBase + path` as `headers` receive it; `{ child, base }`. */
export async function startLimitServer(appBase, path, headers) {
  // node:http rather than fetch: fetch would decode the body, and the limit must send the app's bytes.
  const raw = await rawResponse(appBase + path, headers);
  if (raw.status !== 200) throw new Error(`limite: ${path} respondeu ${raw.status}`);
  const child = spawn(process.execPath, ["-e", CHILD], { stdio: ["pipe", "pipe", "inherit"] });
  child.stdin.end(JSON.stringify(raw));
  const port = await new Promise((resolve, reject) => {
    child.stdout.once("data", (d) => resolve(Number(String(d).trim())));
    child.once("exit", (code) => reject(new Error(`limite: o servidor saiu (${code})`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, bytes: Buffer.from(raw.body, "base64").length, headers: raw.headers };
}

/** The status, headers and body bytes exactly as sent (node:http, no decoding). */
function rawResponse(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const h = Object.fromEntries(Object.entries(res.headers).filter(([k]) => !PER_RESPONSE.has(k)));
          resolve({ status: res.statusCode, headers: h, body: Buffer.concat(chunks).toString("base64") });
        });
      })
      .on("error", reject);
  });
}
