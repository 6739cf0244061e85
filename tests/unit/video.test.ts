// Issue 23: a listing's YouTube link, in the shapes people paste, and the CSP that lets its player in.
import { describe, expect, it } from "vitest";
import { VIDEO_ORIGIN } from "../../server/security.ts";
import { imovelSchema } from "~/utils/imovel-schema";
import { YOUTUBE_EMBED_ORIGIN, youtubeEmbedUrl, youtubeId } from "~/utils/video";

describe("YouTube links", () => {
  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
    "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ?si=abc",
    "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    "https://www.youtube.com/embed/dQw4w9WgXcQ",
    " https://www.youtube.com/live/dQw4w9WgXcQ ",
  ])("%s", (link) => expect(youtubeId(link)).toBe("dQw4w9WgXcQ"));

  it.each(["", "dQw4w9WgXcQ", "https://vimeo.com/123", "javascript:alert(1)", "https://www.youtube.com/watch?v=curto", "https://evil.example/watch?v=dQw4w9WgXcQ"])(
    "%s is not one",
    (link) => expect(youtubeId(link)).toBeNull(),
  );

  it("the player's origin is the one the CSP's frame-src allows", () => {
    expect(VIDEO_ORIGIN).toBe(YOUTUBE_EMBED_ORIGIN);
    expect(new URL(youtubeEmbedUrl("dQw4w9WgXcQ")).origin).toBe(VIDEO_ORIGIN);
  });

  it("the form stores a link as the watch URL, blank as none, and refuses anything else by its field", () => {
    const parse = (video?: string) => imovelSchema.safeParse({ video });
    expect(parse("https://youtu.be/dQw4w9WgXcQ").data?.video).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(parse("  ").data?.video).toBeNull();
    expect(parse(undefined).data?.video).toBeUndefined();
    const bad = parse("https://vimeo.com/1");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ["video"], message: expect.stringContaining("link do YouTube") });
  });
});
