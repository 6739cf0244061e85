import { Form, Link, useFetcher, useRevalidator } from "react-router";
import { useEffect, useState } from "react";
import { thumbUrl } from "~/utils/img";
import { useDragOrder } from "./use-drag-order";
import { useHydrated } from "./use-hydrated";

type Foto = { id: number; img: string };
type FetcherData = { error?: string } | undefined;

/**
 * 'Imagens atuais' (produto §2) of the listing edit page: thumbnail, capa radio, 'Ajustar imagem', 'Excluir'.
 * Its forms post to /admin/imovelEdit/{id}/fotos, so render it OUTSIDE the property <form>
 * (HTML forms cannot nest). With JavaScript the capa saves as soon as a radio is chosen; without
 * it each row has a small 'Definir capa' button. With JavaScript rows can also be dragged into order.
 */
export function FotoTable({ imovelId, capa, fotos }: { imovelId: number; capa: string | null; fotos: Foto[] }) {
  const action = `/admin/imovelEdit/${imovelId}/fotos`;
  const formId = `capa-form-${imovelId}`;
  const capaFetcher = useFetcher<FetcherData>({ key: `capa-${imovelId}` });
  const hydrated = useHydrated();

  // Set at the click itself: a controlled radio would otherwise flip back until the fetcher starts.
  // It holds until the saved capa or the fetcher's answer changes (kept beside it: compared in
  // render, not reset by an effect a render late).
  const [clicked, setOptimistic] = useState<{ img: string; capa: string | null; data: FetcherData } | null>(null);
  const optimistic = clicked && clicked.capa === capa && clicked.data === capaFetcher.data ? clicked.img : null;
  const pending = capaFetcher.formData?.get("img");
  const checked = optimistic ?? (typeof pending === "string" ? pending : capa);
  const orderFetcher = useFetcher<FetcherData>({ key: `ordenar-${imovelId}` });
  const { list, rowProps, reset } = useDragOrder(fotos, (ids) =>
    orderFetcher.submit({ intent: "ordenar", ordem: ids.join(","), _fetcher: "1" }, { method: "post", action }),
  );
  // A refused order (the photos changed meanwhile): show the saved order, and the current list.
  const revalidator = useRevalidator();
  const refusedOrder = orderFetcher.state === "idle" ? orderFetcher.data?.error : undefined;
  useEffect(() => {
    if (!refusedOrder) return;
    reset();
    revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refusal
  }, [refusedOrder, orderFetcher.data]);
  const error = [capaFetcher, orderFetcher].map((f) => (f.state === "idle" ? f.data?.error : undefined)).find(Boolean);

  return (
    <section className="imagens-atuais" aria-labelledby={`imagens-atuais-${imovelId}`}>
      <h2 id={`imagens-atuais-${imovelId}`}>Imagens atuais</h2>
      {error ? (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      ) : null}
      {fotos.length === 0 ? (
        <p className="imagens-vazio">Este imóvel ainda não tem imagens.</p>
      ) : (
        <>
          <Form id={formId} method="post" action={action} preventScrollReset hidden>
            <input type="hidden" name="intent" value="capa" />
          </Form>
          <div className="table-scroll">
            <table className="fotos-table">
              <thead>
                <tr>
                  <th scope="col">Ordem</th>
                  <th scope="col">Imagem</th>
                  <th scope="col">Foto de capa</th>
                  <th scope="col">Ação</th>
                </tr>
              </thead>
              <tbody>
                {list.map((f, i) => (
                  <FotoRow
                    key={f.id}
                    foto={f}
                    n={i + 1}
                    last={i === list.length - 1}
                    drag={hydrated ? rowProps(f) : undefined}
                    imovelId={imovelId}
                    formId={formId}
                    checked={checked === f.img}
                    hydrated={hydrated}
                    onCapa={() => {
                      setOptimistic({ img: f.img, capa, data: capaFetcher.data });
                      capaFetcher.submit({ intent: "capa", img: f.img, _fetcher: "1" }, { method: "post", action });
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function FotoRow({
  foto,
  n,
  last,
  imovelId,
  formId,
  checked,
  hydrated,
  onCapa,
  drag,
}: {
  drag?: ReturnType<ReturnType<typeof useDragOrder<Foto>>["rowProps"]>;
  foto: Foto;
  n: number;
  last: boolean;
  imovelId: number;
  formId: string;
  checked: boolean;
  hydrated: boolean;
  onCapa: () => void;
}) {
  return (
    <tr className="foto-row" data-foto-id={foto.id} {...drag}>
      <td data-label="Ordem">
        <div className="foto-ordem">
          {drag ? (
            <span className="foto-arrastar" aria-hidden="true" title="Arraste para mudar a ordem">
              ⠿
            </span>
          ) : null}
          <span aria-hidden="true">{n}</span>
          <MoveButton imovelId={imovelId} foto={foto} n={n} direction="up" disabled={n === 1} />
          <MoveButton imovelId={imovelId} foto={foto} n={n} direction="down" disabled={last} />
        </div>
      </td>
      <td data-label="Imagem">
        <img src={thumbUrl(foto.img)} alt={`Foto ${n}`} width={120} height={90} loading="lazy" decoding="async" />
      </td>
      <td data-label="Foto de capa">
        <div className="capa-cell">
          <label className="capa-radio">
            <input
              type="radio"
              form={formId}
              name="capa"
              value={foto.img}
              checked={checked}
              onChange={onCapa}
              aria-label={`Usar a foto ${n} como capa`}
            />
            {checked ? <span className="capa-badge">Capa</span> : null}
          </label>
          {hydrated || checked ? null : (
            <button type="submit" form={formId} name="img" value={foto.img} className="btn btn-sm">
              Definir capa
            </button>
          )}
        </div>
      </td>
      <td data-label="Ação">
        <div className="foto-acoes">
          <Link
            to={`/admin/imovelEdit/${imovelId}/foto/${foto.id}/ajuste`}
            className="btn btn-sm"
            preventScrollReset
            aria-label={`Ajustar imagem da foto ${n}`}
          >
            Ajustar imagem
          </Link>
          {/* produto §8: the same 'Excluir' dialog (SIM / NÃO) as a listing's, a child route of this page. */}
          <Link
            to={`/admin/imovelEdit/${imovelId}/foto/${foto.id}/excluir`}
            className="btn btn-sm btn-danger"
            preventScrollReset
            aria-label={`Excluir a foto ${n}`}
          >
            Excluir
          </Link>
        </div>
      </td>
    </tr>
  );
}

/**
 * "Mover para cima" / "Mover para baixo" (issue 23): a plain form post without JavaScript; with it, the
 * same post through a fetcher, and the table follows when the page's data comes back.
 */
function MoveButton({ imovelId, foto, n, direction, disabled }: { imovelId: number; foto: Foto; n: number; direction: "up" | "down"; disabled: boolean }) {
  const fetcher = useFetcher<FetcherData>({ key: `mover-${foto.id}-${direction}` });
  const hydrated = useHydrated();
  const label = `${direction === "up" ? "Mover para cima" : "Mover para baixo"} a foto ${n}`;
  return (
    <fetcher.Form method="post" action={`/admin/imovelEdit/${imovelId}/fotos`} preventScrollReset className="inline-form">
      <input type="hidden" name="intent" value="mover" />
      <input type="hidden" name="fotoId" value={foto.id} />
      <input type="hidden" name="direction" value={direction} />
      {hydrated ? <input type="hidden" name="_fetcher" value="1" /> : null}
      <button type="submit" className="btn btn-sm btn-icon" aria-label={label} title={label} disabled={disabled || fetcher.state !== "idle"}>
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
      </button>
    </fetcher.Form>
  );
}
