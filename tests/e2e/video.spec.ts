// Issue 23: a listing's video on its page. With JavaScript nothing is asked of YouTube until the
// visitor presses play, then the privacy-enhanced player takes the box; without, a plain link to the
// video. A listing of this test alone (mensagens-support.ts).
import { test, expect } from "./helpers";
import { query } from "./db";
import { ownListing, tagOf } from "./mensagens-support";

test("the video is a link until played: no request to YouTube before the click", async ({ page, open, js }, info) => {
  const listing = await ownListing({ endereco: `Rua Video ${tagOf(info)}` });
  await query("UPDATE imoveis SET video = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' WHERE id = ?", [listing.id]);
  await query("UPDATE content_version SET version = version + 1, changed_at = NOW(3) WHERE id = 1");
  const youtube: string[] = [];
  page.on("request", (r) => /youtube|ytimg|googlevideo/.test(new URL(r.url()).hostname) && youtube.push(r.url()));
  // Nothing is fetched from YouTube in tests: the player's request is answered here.
  await page.route(/youtube-nocookie\.com/, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>player</p>" }));
  await expect.poll(async () => (await open(`/imovel/${listing.id}`))?.ok() && (await page.getByRole("heading", { name: "Vídeo" }).count()), { timeout: 10_000 }).toBe(1);
  const link = page.getByRole("link", { name: "Assistir ao vídeo" });
  await expect(link).toHaveAttribute("href", "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  expect(youtube, "no YouTube request before the click").toEqual([]);
  if (!js) return; // without JavaScript the link is the player: it opens YouTube in a new tab
  await link.click();
  const player = page.locator(".video-box iframe");
  await expect(player).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?autoplay=1/);
  await expect.poll(() => youtube.length).toBeGreaterThan(0);
});
