import { readCropInput, type CropRequest } from "~/models/foto.server";
import { uploadFromDataUrl, type Upload } from "~/models/upload.server";
import { fieldError, jsonError, readForm, refusedError } from "./api.server";

// The cropper's canvas is already cut to the right shape: keep it whole (largest centred box).
const WHOLE: CropRequest = { zoom: 1, x: 50, y: 50 };
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
export async function readApiCrop(request: Request): Promise<{ form: FormData; crop: CropRequest; upload?: Upload }> {
  const { form, uploads, refused } = await readForm(request, { fileFields: (n) => n === "img", maxFiles: 1 });
  if (refused.length) throw refusedError("img", refused);
  let upload: Upload | undefined = uploads[0];
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
  return { form, crop: WHOLE, upload };
}
