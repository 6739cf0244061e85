import { REDUCED_MAX_SIDE } from "~/utils/upload";

/**
 * A phone photo made small enough to send (browser only): EXIF orientation applied, longest side
 * ≤ 2,560 px, re-encoded (JPEG; WebP for PNG/WebP, to keep transparency). Drawing on a canvas
 * drops every metadata block, the location (GPS) included. null when the browser cannot decode
 * the file: it is then sent as it is, and the server decides.
 */
export async function reduceImage(file: File, maxSide = REDUCED_MAX_SIDE): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const keepAlpha = /png|webp/.test(file.type);
  const type = keepAlpha ? "image/webp" : "image/jpeg";
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));
  if (!blob) return null;
  const name = `${file.name.replace(/\.[^.]*$/, "") || "foto"}.${keepAlpha ? "webp" : "jpg"}`;
  return new File([blob], name, { type, lastModified: file.lastModified });
}
