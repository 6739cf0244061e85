// Photos sent ahead of their form (issue 23): with JavaScript, the admin's browser sends each photo
// on its own as soon as it is chosen (a progress bar per file, a cancel button), and the form then
// carries a signed token per photo instead of the bytes. The signature (HMAC with SESSION_SECRET)
// says this server stored that file for an admin; a token cannot name another listing's photo.
// A photo sent but never saved with a form has no row: the daily sweep removes its files after 24 h.
import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/env.server";
import type { ImageUpload, Refused } from "~/services/images.server";
import { IMG_NAME } from "~/utils/img";

/** The form field that carries the tokens, in the order the photos were chosen. */
export const STAGED_FIELD = "enviada";

const signature = (img: string, width: number) =>
  createHmac("sha256", getEnv().SESSION_SECRET).update(`foto-enviada:${img}:${width}`).digest("base64url");

/** `<img>.<width>.<signature>`: the width travels too (the portals' feed wants photos ≥ 800 px). */
export function stagedToken(img: string, width: number) {
  return `${img}.${width}.${signature(img, width)}`;
}

/** The served name and width a token signs, or null when the token is not one of ours. */
export function verifyStaged(token: string) {
  const m = /^([a-f0-9]{20}\.jpg)\.(\d{1,5})\.([\w-]{43})$/.exec(token);
  if (!m || !IMG_NAME.test(m[1])) return null;
  const [, img, w, sig] = m;
  const given = Buffer.from(sig);
  const want = Buffer.from(signature(img, Number(w)));
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
