// Upload limits as people read them; shared by the upload fields and the server's messages.
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/** produto §5/§9 show the 1,500,000-byte limit as "1.3mb"; other configured limits are shown in MB. */
export function limitLabel(bytes: number) {
  if (bytes === 1_500_000) return "1.3mb";
  return `${Number((bytes / 1_000_000).toFixed(1))}mb`;
}

export function formatBytes(bytes: number) {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;
}

/**
 * The description's limit (produto §5/§9, 'Limite 1.3mb'). A photo over it is no longer refused
 * (issue 23): with JavaScript the browser reduces it before sending; without, the server does.
 */
export const REDUCE_ABOVE_BYTES = 1_500_000;
/** The longest side of a photo the browser reduces (the server keeps up to 3,000 px). */
export const REDUCED_MAX_SIDE = 2560;
