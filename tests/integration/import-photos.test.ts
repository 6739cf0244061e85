// Issue 32 §1: the feed's download and its photos' are bounded in time (no byte for 30 s, and the whole photo
// within PHOTO_TOTAL_MS: a server that drips a byte now and then cannot hold the import) and in
// concurrency (PHOTO_CONCURRENCY at a time; the listings are imported one after the other, so this
// is the most one host of the feed gets from us at once).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadFeed } from "~/http/import.server";
import { fetchOutbound } from "~/http/outbound-fetch.server";
import { PHOTO_CONCURRENCY, storePhotos } from "~/models/imports/import-photos.server";
import { gpsJpeg, startFeedServer } from "../support/feed-server";

let server: Awaited<ReturnType<typeof startFeedServer>>;
beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(() => server.close());

describe("a feed's photos", () => {
  it("a photo that drips in, a byte every 50 ms, is given up at the total deadline (3 s here; the good one beside it fits easily): skipped with the reason", async () => {
    server.routes.set("/fotos/gotejando.jpg", { drip: 50 });
    server.routes.set("/fotos/boa.jpg", { body: await gpsJpeg(200, 150, "#336699"), type: "image/jpeg" });
    const started = Date.now();
    const { stored, warnings } = await storePhotos(fetchOutbound, [{ url: server.url("/fotos/gotejando.jpg"), n: 1 }, { url: server.url("/fotos/boa.jpg"), n: 2 }], 3_000);
    expect(warnings).toEqual(["foto 1: a foto não chegou inteira em 3 s"]);
    expect(stored.map((s) => s.url)).toEqual([server.url("/fotos/boa.jpg")]);
    // A deadline, not a speed claim: the drip alone would never end.
    expect(Date.now() - started).toBeLessThan(30_000);
    await expect.poll(() => server.open.now).toBe(0);
  });

  it(`asks at most ${PHOTO_CONCURRENCY} photos at once, and more than one`, async () => {
    const body = await gpsJpeg(200, 150, "#996633");
    const urls = Array.from({ length: 7 }, (_, k) => {
      server.routes.set(`/fotos/lenta-${k}.jpg`, { delay: 300, type: "image/jpeg", body });
      return { url: server.url(`/fotos/lenta-${k}.jpg`), n: k + 1 };
    });
    server.open.max = 0;
    const { stored, warnings } = await storePhotos(fetchOutbound, urls);
    expect(warnings).toEqual([]);
    expect(stored.map((s) => s.url)).toEqual(urls.map((u) => u.url));
    expect(server.open.max).toBeLessThanOrEqual(PHOTO_CONCURRENCY);
    expect(server.open.max).toBeGreaterThan(1);
  });

  it("a feed that drips in is given up at its total deadline, with the reason", async () => {
    server.routes.set("/feed-gotejando.xml", { drip: 50 });
    await expect(downloadFeed(server.url("/feed-gotejando.xml"), 1_000)).rejects.toThrow("não foi possível ler o feed: ele não chegou inteiro em 1 s");
    await expect.poll(() => server.open.now).toBe(0);
  });
});
