// A listing's video (issue 23): a YouTube link, in any of the shapes people paste. Client-safe.

const ID = /^[\w-]{11}$/;

/** The video's id from a YouTube link (watch, youtu.be, shorts, embed, live), or null. */
export function youtubeId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www|m)\./, "");
  let id: string | null | undefined;
  if (host === "youtu.be") id = url.pathname.slice(1);
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    id = url.pathname === "/watch" ? url.searchParams.get("v") : /^\/(shorts|embed|live)\/([^/]+)/.exec(url.pathname)?.[2];
  }
  return id && ID.test(id) ? id : null;
}

/** The link stored and sent to the portals. */
export const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/** The player, from YouTube's privacy-enhanced host (no cookie until the visitor plays). */
export const youtubeEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;

export const YOUTUBE_EMBED_ORIGIN = "https://www.youtube-nocookie.com";
