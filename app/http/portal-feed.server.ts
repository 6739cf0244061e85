// /feeds/vrsync.xml (issue 23): the portals' feed, kept in a file per content version and streamed
// from it, with an ETag a portal's next read can send back for a 304.
import fs from "node:fs";
import { Readable } from "node:stream";
import fresh from "fresh";
import { getAgency, getEnv } from "~/env.server";
import { currentContentVersion } from "~/models/listings/content-version.server";
import { vrsyncChunks } from "~/models/listings/portal-feed.server";
import { versionedFile } from "~/services/versioned-file.server";

/** The feed's answer: 304 when the portal already holds this version, else the file, streamed. */
export async function portalFeedResponse(request: Request) {
  const agency = getAgency();
  const site = { publicUrl: getEnv().PUBLIC_URL, name: agency.name, email: agency.email, phone: agency.phone };
  const feed = await versionedFile("vrsync.xml", await currentContentVersion(), () => vrsyncChunks(site));
  const headers = {
    "Content-Type": "application/xml; charset=utf-8",
    ETag: feed.etag,
    // Portals read it a few times a day; a CDN may hold it for 5 minutes.
    "Cache-Control": "public, max-age=0, s-maxage=300",
  };
  if (fresh({ "if-none-match": request.headers.get("If-None-Match") ?? undefined }, { etag: feed.etag })) {
    return new Response(null, { status: 304, headers });
  }
  if (request.method === "HEAD") return new Response(null, { headers: { ...headers, "Content-Length": String(feed.size) } });
  const body = Readable.toWeb(fs.createReadStream(feed.path)) as ReadableStream<Uint8Array>;
  return new Response(body, { headers: { ...headers, "Content-Length": String(feed.size) } });
}
