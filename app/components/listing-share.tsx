import { useState } from "react";
import { WhatsAppIcon } from "./site-header";
import { useHydrated } from "./use-hydrated";

type Props = { url: string; titulo: string; codigo: string | null };

/**
 * "Compartilhar" on a property page (issue 22). Without JavaScript: the WhatsApp link, which is all
 * a phone needs. With it: the browser's own share sheet where there is one, "Copiar link" and
 * "Imprimir" (the print style sheet makes the page a one-page sheet: pages.css, @media print).
 */
export function ListingShare({ url, titulo, codigo }: Props) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const text = `${titulo}${codigo ? ` – ${codigo}` : ""}`;
  const canShare = hydrated && typeof navigator.share === "function";
  // The clipboard exists only on secure pages (https, localhost): elsewhere the button would throw.
  const canCopy = hydrated && typeof navigator.clipboard?.writeText === "function";
  return (
    <section aria-labelledby="compartilhar" className="imovel-section share">
      <h2 id="compartilhar">Compartilhar</h2>
      <div className="share-actions">
        <a className="btn btn-whatsapp" href={`https://wa.me/?text=${encodeURIComponent(`${text}: ${url}`)}`} target="_blank" rel="noopener noreferrer">
          <WhatsAppIcon /> Enviar pelo WhatsApp
        </a>
        {canShare ? (
          <button type="button" className="btn" onClick={() => navigator.share({ title: text, url }).catch(() => {})}>
            Compartilhar…
          </button>
        ) : null}
        {canCopy ? (
          <button
            type="button"
            className="btn"
            onClick={() =>
              navigator.clipboard.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            Copiar link
          </button>
        ) : null}
        {hydrated ? (
          <button type="button" className="btn" onClick={() => window.print()}>
            Imprimir
          </button>
        ) : null}
      </div>
      <p className="share-status" role="status">
        {copied ? "Link copiado." : ""}
      </p>
    </section>
  );
}
