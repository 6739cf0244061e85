// The crop forms: the admin pages' (cropper or no-JavaScript fields) and the /api crop calls'.
import { data } from "react-router";
import type { ImageUpload } from "~/services/images.server";
import { getEnv } from "~/env.server";
import { hasOriginal } from "~/services/image-files.server";
import { WHOLE_IMAGE, readCropInput, type CropRequest, type CropTarget, type CropValues, type Size } from "~/utils/crop";
import { readForm } from "./forms.server";
import { fieldError, jsonError, problemOf, refusedError } from "./responses.server";
import { readUploadForm, releaseUploads, uploadFromDataUrl } from "./uploads.server";
import { refusedMessage } from "~/models/listings/foto.server";

/** What a crop page's loader hands to <ImageCropper>: the image, its kept original, the output. */
export async function cropTarget(img: string | null, output: Size): Promise<CropTarget> {
  return { img, original: (await hasOriginal(img)) ? `/admin/original/${img}` : null, output, maxBytes: getEnv().MAX_UPLOAD_BYTES };
}

/**
 * A crop page's action: reads the form (cropper box or zoom/position fields, optionally a
 * replacement image in `img`) and runs `crop`. null when done; otherwise the answer to render,
 * with the error and what the admin typed.
 */
export async function runCropForm(request: Request, crop: (req: CropRequest, upload: ImageUpload | undefined) => Promise<unknown>) {
  let values: CropValues = {};
  const refusal = (status: number, error: string) => data({ error, values }, { status });
  try {
    const { form, uploads, refused } = await readUploadForm(request, { fileFields: (n) => n === "img", maxFiles: 1 });
    const field = (k: string) => {
      const v = form.get(k);
      return typeof v === "string" ? v.slice(0, 20) : undefined;
    };
    values = { zoom: field("zoom"), posx: field("posx"), posy: field("posy") };
    if (refused.length) return refusal(413, refusedMessage(refused));
    const input = readCropInput(form);
    if (!input.ok) return refusal(400, input.error);
    await crop(input.value, uploads[0]);
    return null;
  } catch (e) {
    const problem = problemOf(e);
    if (problem) return refusal(problem.status, problem.message);
    throw e;
  } finally {
    await releaseUploads(request);
  }
}

const BOX_FIELDS = ["x", "y", "width", "height", "zoom", "posx", "posy"];
// Far beyond any real image; also keeps resolveCropBox away from overflow (srcW 5e-324 → NaN box).
const MAX_COORD = 100_000;

function outOfRange(form: FormData) {
  return ["x", "y", "width", "height", "srcW", "srcH"].some((k) => {
    const v = form.get(k);
    if (typeof v !== "string" || v.trim() === "") return false;
    const n = Number(v);
    return !(Math.abs(n) <= MAX_COORD) || ((k === "srcW" || k === "srcH") && n > 0 && n < 1);
  });
}

/**
 * Reads the body of /api/crop, cropImg and cropBanner. The original client sends the cropped
 * image as a data URL in `img` (a file part works too); it becomes the crop source, checked like
 * any upload. Crop-box fields (x, y, width, height [+ srcW, srcH]) re-crop it, or, without an
 * image, the kept original of the current one.
 */
export async function readApiCrop(request: Request): Promise<{ form: FormData; crop: CropRequest; upload?: ImageUpload }> {
  const { form, uploads, refused } = await readForm(request, { fileFields: (n) => n === "img", maxFiles: 1 });
  if (refused.length) throw refusedError("img", refused);
  let upload: ImageUpload | undefined = uploads[0];
  const raw = form.get("img");
  if (!upload && typeof raw === "string" && raw.trim() !== "") {
    const decoded = uploadFromDataUrl("img", raw.trim());
    if (!decoded) throw fieldError("img", "Envie a imagem em img como data URL (data:image/jpeg;base64,…).");
    if ("refused" in decoded) throw refusedError("img", [decoded.refused]);
    upload = decoded.upload;
  }
  if (BOX_FIELDS.some((k) => form.has(k))) {
    if (outOfRange(form)) {
      throw jsonError(400, "A área de corte está fora da imagem.", { fields: { crop: ["Use coordenadas em pixels da imagem."] } });
    }
    const input = readCropInput(form);
    if (!input.ok) throw jsonError(400, input.error, { fields: { crop: [input.error] } });
    return { form, crop: input.value, upload };
  }
  if (!upload) throw fieldError("img", "Envie a imagem recortada em img, ou a área de corte em x, y, width e height.");
  return { form, crop: WHOLE_IMAGE, upload };
}
