// Issue 32, Safety: the server fetches only http(s) URLs and never a loopback, private, link-local or
// metadata address, including after a redirect and after DNS (the check is on the address connected
// to); time and size bounded. app/http/outbound-fetch.server.ts, which issue 33 reuses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboundError, fetchOutbound, type AddressRule } from "~/http/outbound-fetch.server";
import { startFeedServer } from "../support/feed-server";

const STRICT: AddressRule = { allowPrivate: false, allowAddresses: [] };
const OPEN: AddressRule = { allowPrivate: true, allowAddresses: [] };
const o = (rule: AddressRule, extra: Partial<Parameters<typeof fetchOutbound>[1]> = {}) => ({ timeoutMs: 5000, maxBytes: 1_000_000, rule, ...extra });

let loop: Awaited<ReturnType<typeof startFeedServer>>;
let other: Awaited<ReturnType<typeof startFeedServer>>;
beforeAll(async () => {
  loop = await startFeedServer("127.0.0.1");
  other = await startFeedServer("127.0.0.2");
  loop.routes.set("/segredo", { body: "interno", type: "text/plain" });
  other.routes.set("/vai", { redirect: `${loop.base}/segredo` });
  other.routes.set("/ok", { body: "ok", type: "text/plain" });
});
afterAll(async () => {
  await loop.close();
  await other.close();
});

async function refusal(url: string, rule = STRICT) {
  try {
    const res = await fetchOutbound(url, o(rule));
    res.body.destroy();
    return `answered ${res.status}`;
  } catch (e) {
    expect(e).toBeInstanceOf(OutboundError);
    return (e as OutboundError).code;
  }
}

describe("fetchOutbound", () => {
  it("(precondition: the loopback server answers when private addresses are allowed)", async () => {
    const res = await fetchOutbound(`${loop.base}/segredo`, o(OPEN));
    expect(res.status).toBe(200);
    expect((await res.buffer()).toString()).toBe("interno");
  });

  it("refuses loopback, 10.x, link-local metadata (169.254.169.254) and IPv6 loopback without touching them", async () => {
    const before = loop.hits.length;
    expect(await refusal(`${loop.base}/segredo`)).toBe("refused");
    expect(await refusal("http://10.0.0.1/feed.xml")).toBe("refused");
    expect(await refusal("http://169.254.169.254/latest/meta-data/")).toBe("refused");
    expect(await refusal("http://192.168.1.1/")).toBe("refused");
    expect(await refusal(`http://[::1]:${new URL(loop.base).port}/segredo`)).toBe("refused");
    expect(loop.hits.length).toBe(before);
  });

  it("refuses a DNS name that resolves to 127.0.0.1 (localhost): the check is on the address resolved", async () => {
    expect(await refusal(`http://localhost:${new URL(loop.base).port}/segredo`)).toBe("refused");
  });

  it("refuses a redirect to loopback: each hop is checked again", async () => {
    const rule = { allowPrivate: false, allowAddresses: ["127.0.0.2"] };
    const res = await fetchOutbound(`${other.base}/ok`, o(rule));
    expect(res.status).toBe(200); // precondition: the first host is allowed
    res.body.destroy();
    const hits = loop.hits.length;
    expect(await refusal(`${other.base}/vai`, rule)).toBe("refused");
    expect(other.hits).toContain("/vai");
    expect(loop.hits.length).toBe(hits);
  });

  it("IMPORT_ALLOW_PRIVATE lifts the rule (the redirect then arrives)", async () => {
    const res = await fetchOutbound(`${other.base}/vai`, o(OPEN));
    expect(res.url).toBe(`${loop.base}/segredo`);
    expect((await res.buffer()).toString()).toBe("interno");
  });

  it("takes only http and https", async () => {
    expect(await refusal("file:///etc/passwd")).toBe("url");
    expect(await refusal("ftp://example.com/feed.xml")).toBe("url");
    expect(await refusal("gopher://127.0.0.1/")).toBe("url");
    expect(await refusal("não é url")).toBe("url");
  });

  it("stops a server that does not answer after timeoutMs", async () => {
    other.routes.set("/lento", { hang: true });
    const t0 = Date.now();
    await expect(fetchOutbound(`${other.base}/lento`, o(OPEN, { timeoutMs: 300 }))).rejects.toMatchObject({ code: "timeout" });
    expect(Date.now() - t0).toBeLessThan(20_000);
  });

  it("refuses a body over maxBytes, declared or streamed", async () => {
    other.routes.set("/enorme", { declared: 300 * 1024 * 1024 });
    await expect(fetchOutbound(`${other.base}/enorme`, o(OPEN))).rejects.toMatchObject({ code: "too_big" });
    other.routes.set("/grande", { body: Buffer.alloc(5000, 65), type: "text/plain" });
    const res2 = await fetchOutbound(`${other.base}/grande`, o(OPEN, { maxBytes: 1000 }));
    await expect(res2.buffer()).rejects.toMatchObject({ code: "too_big" });
  });
});
