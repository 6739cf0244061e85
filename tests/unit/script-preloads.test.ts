import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityScriptPreloads } from "~/http/script-preloads.server";

async function through(chunks: (string | Buffer)[]) {
  let out = "";
  for await (const piece of Readable.from(chunks).pipe(lowPriorityScriptPreloads())) out += piece;
  return out;
}

describe("lowPriorityScriptPreloads", () => {
  const html = '<p>Imóvel</p><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/><link rel="stylesheet" href="/c.css"/>';
  const expected = '<p>Imóvel</p><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="modulepreload" fetchpriority="low" href="/b.js"/><link rel="stylesheet" href="/c.css"/>';

  it("marks every script preload, and nothing else", async () => {
    expect(await through([html])).toBe(expected);
  });

  it("finds tags and characters split between chunks, wherever the split falls", async () => {
    const bytes = Buffer.from(html);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
  });

  it("keeps a page's end that only looks like the start of a tag", async () => {
    expect(await through(["<p>fim</p><link rel="])).toBe("<p>fim</p><link rel=");
  });
});
