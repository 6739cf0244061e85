// A listing's photos from the feed (issue 32), through the same pipeline as an upload (storeImage:
// type checked by its bytes, EXIF and GPS stripped, the same variants). Bounded: each download in
// time and size, and a few at a time (the listings are imported one after the other, so this is
// also the most any one host of the feed gets from us at once). A photo that fails is skipped with
// its reason; the listing is then 'com avisos'.
import type { Readable } from "node:stream";
import { ImageError, sniffImageType, storeImage } from "../../services/images.server";
import { discardImageFiles } from "../../services/image-files.server";

/** What the import needs of an HTTP client: app/http/outbound-fetch.server.ts#fetchOutbound. */
export type Fetcher = (
  url: string,
  o: { timeoutMs: number; maxBytes: number; signal?: AbortSignal },
) => Promise<{ status: number; contentType: string; body: Readable; buffer(): Promise<Buffer> }>;

export const PHOTO_MAX_BYTES = 20_000_000;
/** No byte for this long: given up. */
export const PHOTO_TIMEOUT_MS = 30_000;
/** The whole photo within this, from the request to its last byte: a server that sends a byte now and
 * then (less than PHOTO_TIMEOUT_MS apart) would otherwise hold the import as long as it liked. */
export const PHOTO_TOTAL_MS = 120_000;
/** Downloads at once (per listing, hence per host). */
export const PHOTO_CONCURRENCY = 3;

export type StoredPhoto = { url: string; img: string; largura: number };

/** The photo at `url`, whole; an ImageError (or the fetcher's OutboundError) says why not, in the admin's words. */
async function download(fetcher: Fetcher, url: string, totalMs: number): Promise<Buffer> {
  const total = AbortSignal.timeout(totalMs);
  try {
    return await downloadWithin(fetcher, url, total);
  } catch (e) {
    if (total.aborted) throw new ImageError(`a foto não chegou inteira em ${Math.round(totalMs / 1000)} s`);
    throw e;
  }
}

async function downloadWithin(fetcher: Fetcher, url: string, signal: AbortSignal): Promise<Buffer> {
  const res = await fetcher(url, { timeoutMs: PHOTO_TIMEOUT_MS, maxBytes: PHOTO_MAX_BYTES, signal });
  if (res.status !== 200) {
    res.body.destroy();
    throw new ImageError(`o servidor respondeu HTTP ${res.status}`);
  }
  if (/^text\/html/i.test(res.contentType)) {
    res.body.destroy();
    throw new ImageError("o endereço responde uma página HTML, não uma imagem");
  }
  const buf = await res.buffer();
  if (!sniffImageType(buf)) throw new ImageError(`não é uma imagem (${res.contentType || "tipo desconhecido"})`);
  return buf;
}

/**
 * Downloads and stores `urls` (PHOTO_CONCURRENCY at a time); returns those stored, in the order
 * given, and a warning per photo skipped ("foto 3: o servidor respondeu HTTP 404").
 */
export async function storePhotos(fetcher: Fetcher, urls: { url: string; n: number }[], totalMs = PHOTO_TOTAL_MS) {
  const stored: (StoredPhoto | null)[] = new Array(urls.length).fill(null);
  const warnings: string[] = new Array(urls.length).fill("");
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      try {
        const { img, width } = await storeImage(await download(fetcher, urls[i].url, totalMs));
        stored[i] = { url: urls[i].url, img, largura: width };
      } catch (e) {
        const why = e instanceof ImageError || (e as Error).name === "OutboundError" ? (e as Error).message : `não foi possível baixar (${(e as Error).message})`;
        warnings[i] = `foto ${urls[i].n}: ${why}`;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PHOTO_CONCURRENCY, urls.length) }, worker));
  return { stored: stored.filter((s): s is StoredPhoto => !!s), warnings: warnings.filter(Boolean) };
}

/** Files stored for a listing whose write then failed. */
export const discardPhotos = (photos: StoredPhoto[]) => Promise.all(photos.map((p) => discardImageFiles(p.img)));
