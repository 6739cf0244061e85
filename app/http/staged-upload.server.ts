// Photos sent ahead of their form (issue 23): with JavaScript, the admin's browser sends each photo
// on its own as soon as it is chosen (a progress bar per file, a cancel button), and the form then
// carries a signed token per photo instead of the bytes. The signature (HMAC with SESSION_SECRET)
// says this server stored that file for an admin, with that width, at that time; a token is good for
// 12 h. A photo sent but never saved with a form has no row: the daily sweep removes it after 24 h.
import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/env.server";
import type { ImageUpload, Refused } from "~/services/images.server";
import { IMG_NAME } from "~/utils/img";

/** The form field that carries the tokens, in the order the photos were chosen. */
export const STAGED_FIELD = "enviada";

/**
 * How long a token is good for: well inside the 24 h after which the daily sweep removes a photo
 * sent ahead and never saved (SWEEP_MIN_AGE_MS), so a token never names a file already gone.
 */
export const STAGED_MAX_AGE_S = 12 * 3600;

const signature = (img: string, width: number, at: number) =>
  createHmac("sha256", getEnv().SESSION_SECRET).update(`foto-enviada:${img}:${width}:${at}`).digest("base64url");

/** `<img>.<width>.<issued, s>.<signature>`: the width travels too (the portals' feed wants ≥ 800 px). */
export function stagedToken(img: string, width: number, now = Date.now()) {
  const at = Math.floor(now / 1000);
  return `${img}.${width}.${at}.${signature(img, width, at)}`;
}

/** The served name and width a token signs, or null when it is not one of ours or is too old. */
export function verifyStaged(token: string, now = Date.now()) {
  const m = /^([a-f0-9]{20}\.jpg)\.(\d{1,5})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!m || !IMG_NAME.test(m[1])) return null;
  const [, img, w, t, sig] = m;
  const age = now / 1000 - Number(t);
  if (age > STAGED_MAX_AGE_S || age < -60) return null;
  const given = Buffer.from(sig);
  const want = Buffer.from(signature(img, Number(w), Number(t)));
  return given.length === want.length && timingSafeEqual(given, want) ? { img, width: Number(w) } : null;
}

/** The staged photos a form names, as uploads already stored; a bad token is refused on its own. */
export function stagedUploads(form: FormData): { uploads: ImageUpload[]; refused: Refused[] } {
  const uploads: ImageUpload[] = [];
  const refused: Refused[] = [];
  for (const value of form.getAll(STAGED_FIELD)) {
    const sent = typeof value === "string" ? verifyStaged(value) : null;
    if (sent) uploads.push({ field: STAGED_FIELD, name: `foto ${uploads.length + 1}`, index: uploads.length, stored: sent.img, width: sent.width });
    else refused.push({ name: `foto ${uploads.length + refused.length + 1}`, reason: "envio inválido ou expirado; escolha a foto de novo" });
  }
  return { uploads, refused };
}

/** A form's photos: those sent ahead (with JavaScript) first, then its file parts (without). */
export function formPhotos(form: FormData, read: { uploads: ImageUpload[]; refused: Refused[] }) {
  const staged = stagedUploads(form);
  const shift = staged.uploads.length;
  return {
    uploads: [...staged.uploads, ...read.uploads.map((u) => ({ ...u, index: u.index + shift }))],
    refused: [...staged.refused, ...read.refused],
  };
}
