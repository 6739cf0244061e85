// Served image names: "<key>.jpg" is the canonical file (what the DB and /api store); WebP
// variants "<key>-<width>.webp" sit beside it. Shared by server and browser code.
export const VARIANT_WIDTHS = [400, 800, 1200] as const;
export const IMG_NAME = /^[a-f0-9]{20}\.jpg$/;

export function imgUrl(img: string) {
  return `/img/${encodeURIComponent(img)}`;
}

export function imgSrcSet(img: string) {
  if (!IMG_NAME.test(img)) return undefined;
  const key = img.slice(0, -4);
  return VARIANT_WIDTHS.map((w) => `/img/${key}-${w}.webp ${w}w`).join(", ");
}

export const PLACEHOLDER_IMG = "/sem-foto.svg";

/** One WebP variant of a stored image, or undefined for a name that has none (an external URL). */
export function variantUrl(img: string, width: (typeof VARIANT_WIDTHS)[number]) {
  return IMG_NAME.test(img) ? `/img/${img.slice(0, -4)}-${width}.webp` : undefined;
}

/** The smallest variant, for thumbnails. */
export function thumbUrl(img: string | null | undefined) {
  if (!img) return PLACEHOLDER_IMG;
  return IMG_NAME.test(img) ? `/img/${img.slice(0, -4)}-400.webp` : imgUrl(img);
}
