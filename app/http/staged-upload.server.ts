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

const signature = (img: string) => createHmac("sha256", getEnv().SESSION_SECRET).update(`foto-enviada:${img}`).digest("base64url");

export function stagedToken(img: string) {
  return `${img}.${signature(img)}`;
}

/** The served name a token signs, or null when the token is not one of ours. */
export function verifyStaged(token: string) {
  const cut = token.lastIndexOf(".");
  const img = token.slice(0, cut);
  if (cut < 0 || !IMG_NAME.test(img)) return null;
  const given = Buffer.from(token.slice(cut + 1));
  const want = Buffer.from(signature(img));
  return given.length === want.length && timingSafeEqual(given, want) ? img : null;
}

/** The staged photos a form names, as uploads already stored; a bad token is refused on its own. */
export function stagedUploads(form: FormData): { uploads: ImageUpload[]; refused: Refused[] } {
  const uploads: ImageUpload[] = [];
  const refused: Refused[] = [];
  for (const value of form.getAll(STAGED_FIELD)) {
    const img = typeof value === "string" ? verifyStaged(value) : null;
    if (img) uploads.push({ field: STAGED_FIELD, name: `foto ${uploads.length + 1}`, index: uploads.length, stored: img });
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
