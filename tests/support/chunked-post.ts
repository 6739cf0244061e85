// A client that streams a big body the way an attacker would: no Content-Length, 64 KB chunks of
// "a", as fast as the socket takes them. Used by the body-limit tests, in vitest and in Playwright.
import http from "node:http";

/** Streams `mib` MiB to `url` and reports the status and how many bytes had been sent when it came. */
export function chunkedPost(url: string, mib: number, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; sent: number }>((resolve, reject) => {
    let sent = 0;
    const r = http.request(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } }, (res) => {
      // The answer counts when it arrives: the client then stops sending (as a browser does).
      resolve({ status: res.statusCode!, sent });
      res.resume();
      r.destroy();
    });
    r.on("error", reject); // before an answer, a reset fails the test; after it, reject is a no-op
    const chunk = Buffer.alloc(64 * 1024, 97);
    const write = () => {
      while (sent < mib * 1024 * 1024) {
        sent += chunk.length;
        if (!r.write(chunk)) return void r.once("drain", write);
      }
      r.end();
    };
    write();
  });
}
