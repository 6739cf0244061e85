import { missingText, type PortalState } from "~/utils/portais";

/** Where a listing stands with the portals (issue 23): "no feed", "falta: …" (and "menos de 5 fotos") or why it is not meant for them. */
export function PortalBadge({ state }: { state: PortalState | undefined }) {
  if (!state) return null;
  if (state.kind === "feed") return <span className="badge badge-feed">no feed</span>;
  if (state.kind === "missing") return <span className="badge badge-falta">{missingText(state.missing)}</span>;
  return <span className="badge">fora: {state.why}</span>;
}
