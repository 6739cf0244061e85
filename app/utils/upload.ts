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
