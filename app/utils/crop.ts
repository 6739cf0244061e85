// Crop geometry: pure arithmetic shared by the crop forms and the image pipeline.

/** A box in the pixels of an image. */
export type CropBox = { left: number; top: number; width: number; height: number };
/** Crop from the cropper: a box in the pixels of the image it showed (sourceWidth × sourceHeight). */
export type CropBoxInput = CropBox & { sourceWidth?: number; sourceHeight?: number };
/** Crop without JavaScript: zoom 1–3 over the largest box of the right shape, position in percent. */
export type CropSpec = { zoom: number; x: number; y: number };
export type CropRequest = CropBoxInput | CropSpec;
export type Size = { width: number; height: number };
/** What a crop page crops: the served image, the URL of its kept original (or null), the output. */
export type CropTarget = { img: string | null; original: string | null; output: Size; maxBytes: number };
/** What the no-JavaScript crop fields held, kept after a refusal. */
export type CropValues = { zoom?: string; posx?: string; posy?: string };

/** produto §2: the cropper's canvas, 400×300 for property photos and 1200×500 for the banner. */
export const FOTO_OUTPUT: Size = { width: 400, height: 300 };
export const BANNER_OUTPUT: Size = { width: 1200, height: 500 };
/** produto §9: zoom 1 to 3, step 0.02. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.02;

/** The cropper's canvas arrives already cut to shape: keep it whole (largest centred box). */
export const WHOLE_IMAGE: CropSpec = { zoom: 1, x: 50, y: 50 };

function isSpec(r: CropRequest): r is CropSpec {
  return "zoom" in r;
}

/** The box to cut from a W×H original: exactly `aspect` (width/height), inside the image. */
export function resolveCropBox(req: CropRequest, W: number, H: number, aspect: number): CropBox {
  const [w0, h0] = W / H > aspect ? [H * aspect, H] : [W, W / aspect];
  let w: number, h: number, left: number, top: number;
  if (isSpec(req)) {
    w = w0 / req.zoom;
    h = h0 / req.zoom;
    left = ((W - w) * req.x) / 100;
    top = ((H - h) * req.y) / 100;
  } else {
    // A source size below one pixel can only be forged, and would scale the box to Infinity.
    const sx = req.sourceWidth && req.sourceWidth >= 1 ? W / req.sourceWidth : 1;
    const sy = req.sourceHeight && req.sourceHeight >= 1 ? H / req.sourceHeight : 1;
    const bw = Math.max(1, req.width * sx);
    const bh = Math.max(1, req.height * sy);
    const cx = (req.left + req.width / 2) * sx;
    const cy = (req.top + req.height / 2) * sy;
    // Keep the centre the admin chose; fix the shape, then make it fit.
    [w, h] = bw / bh > aspect ? [bh * aspect, bh] : [bw, bw / aspect];
    if (w > w0) [w, h] = [w0, h0];
    left = cx - w / 2;
    top = cy - h / 2;
  }
  if (![w, h, left, top].every(Number.isFinite)) {
    // Nonsense numbers (NaN, Infinity) never reach sharp: fall back to the centred largest box.
    [w, h, left, top] = [w0, h0, (W - w0) / 2, (H - h0) / 2];
  }
  w = Math.max(1, Math.min(W, Math.round(w)));
  h = Math.max(1, Math.min(H, Math.round(h)));
  left = Math.round(Math.min(Math.max(0, left), W - w));
  top = Math.round(Math.min(Math.max(0, top), H - h));
  return { left, top, width: w, height: h };
}

const num = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v) : NaN);

/**
 * The crop asked by a form: `x`, `y`, `width`, `height` (+ `srcW`, `srcH`) from the cropper, else
 * the no-JavaScript fields `zoom`, `posx`, `posy`. Takes FormData, URLSearchParams or alike.
 */
export function readCropInput(fields: { get(name: string): unknown }): { ok: true; value: CropRequest } | { ok: false; error: string } {
  const get = (name: string) => fields.get(name);
  const [x, y, width, height] = ["x", "y", "width", "height"].map((k) => num(get(k)));
  if ([x, y, width, height].every(Number.isFinite)) {
    if (width <= 0 || height <= 0) return { ok: false, error: "A área de corte está vazia." };
    const srcW = num(get("srcW"));
    const srcH = num(get("srcH"));
    return {
      ok: true,
      value: {
        left: x,
        top: y,
        width,
        height,
        sourceWidth: srcW > 0 ? srcW : undefined,
        sourceHeight: srcH > 0 ? srcH : undefined,
      },
    };
  }
  const zoom = num(get("zoom"));
  const px = get("posx") == null ? 50 : num(get("posx"));
  const py = get("posy") == null ? 50 : num(get("posy"));
  if (!(zoom >= ZOOM_MIN && zoom <= ZOOM_MAX)) return { ok: false, error: "O zoom deve ser um número de 1 a 3." };
  if (!(px >= 0 && px <= 100) || !(py >= 0 && py <= 100)) {
    return { ok: false, error: "A posição deve ser um número de 0 a 100." };
  }
  return { ok: true, value: { zoom, x: px, y: py } };
}
