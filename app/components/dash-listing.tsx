import { Link } from "react-router";
import type { ReactNode } from "react";
import { thumbUrl } from "~/utils/img";

type Listing = { id: number; codigo: string | null; endereco: string | null; numero: string | null; capa: string | null };

/** One listing in a 'Home admin' list: its photo, its code and address linking to the editor, a line under it, figures beside. */
export function DashListing({ r, line, children }: { r: Listing; line: ReactNode; children?: ReactNode }) {
  return (
    <li data-id={r.id}>
      <img src={thumbUrl(r.capa)} alt="" width={64} height={48} loading="lazy" />
      <span>
        <Link to={`/admin/imovelEdit/${r.id}`}>
          {r.codigo} – {[r.endereco, r.numero].filter(Boolean).join(", ") || "sem endereço"}
        </Link>
        <small>{line}</small>
      </span>
      {children}
    </li>
  );
}
