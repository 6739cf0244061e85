import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { IMAGE_ACCEPT, REDUCE_ABOVE_BYTES, formatBytes, limitLabel } from "~/utils/upload";
import { PENDING, useUploadQueue, type Item } from "./use-upload-queue";

type Props = {
  name?: string;
  /** the server's per-file limit (MAX_UPLOAD_BYTES) */
  maxBytes: number;
  /** name of the capa radio (value = index of the chosen photo); no radio without it */
  capaName?: string;
  multiple?: boolean;
  label?: React.ReactNode;
  id?: string;
  required?: boolean;
  /** with JavaScript, send each photo ahead to this URL (progress, cancel); the form posts tokens */
  stageUrl?: string;
  /** the form field the tokens of photos sent ahead go in */
  stagedName?: string;
  /** with JavaScript, only the first this many files chosen are kept (the form's own limit) */
  maxFiles?: number;
};

const STATUS: Partial<Record<Item["state"], string>> = {
  reduzindo: "reduzindo…",
  aguardando: "na fila",
  enviada: "enviada",
  cancelada: "cancelada",
};

/**
 * File input for images. Without JavaScript it is a plain input and the server does everything.
 * With it, the chosen files are listed with their size; a photo over 1.3mb is flagged and reduced
 * before it leaves, one over the server's limit is flagged as refused, and the admin picks the capa
 * among them. With `stageUrl` each photo shows a progress bar and a cancel button.
 */
export function UploadField({ name = "img", maxBytes, capaName, multiple = true, label = "Imagens", id, required, stageUrl, stagedName = "enviada", maxFiles }: Props) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const listId = `${inputId}-lista`;
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const { items, choose, cancel, leftOut, pending } = useUploadQueue({ maxBytes, stageUrl, maxFiles });
  const [capa, setCapa] = useState<number | null>(null);
  const [blocked, setBlocked] = useState(false);

  // A form sent while photos are still on their way would save without them: it waits for them
  // and is sent once the last one is in (unless one failed: then the admin decides).
  // Read by the submit listener when a submit happens, always the current count (an effect event:
  // the listener is not re-added on every change, and no ref is written during render).
  const stillSending = useEffectEvent(() => pending > 0);
  const waiting = useRef<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null);
  useEffect(() => {
    const form = input.current?.form;
    if (!form || !stageUrl) return;
    const hold = (e: SubmitEvent) => {
      if (!stillSending()) return;
      e.preventDefault();
      waiting.current = { form, submitter: e.submitter };
      setBlocked(true);
    };
    form.addEventListener("submit", hold);
    return () => form.removeEventListener("submit", hold);
  }, [stageUrl]);
  const failed = items.some((it) => it.state === "erro");
  useEffect(() => {
    if (pending > 0 || !waiting.current) return;
    const held = waiting.current;
    waiting.current = null;
    setBlocked(false);
    if (failed) return;
    // The form and its button as they are now: the ones of the held submit may have been replaced
    // meanwhile (seen under load: requestSubmit threw NotFoundError and the page fell to its error
    // boundary, the listing unsaved). Not found again: nothing is sent, the admin clicks again.
    const form = held.form.isConnected ? held.form : input.current?.form;
    const submitter = form ? sameSubmitter(form, held.submitter) : undefined;
    if (form && submitter !== undefined) form.requestSubmit(submitter);
  }, [pending, failed]);

  // A photo the browser reduced under the limit is saved: judge it by what travels.
  const tooBig = (f: Item) => (f.sentSize ?? f.size) > maxBytes;
  const over = items.filter(tooBig).length;
  let sent = 0;

  return (
    <div className="field upload-field">
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={input}
        id={inputId}
        type="file"
        name={name}
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        required={required && !items.some((it) => it.state === "enviada")}
        aria-describedby={items.length ? listId : undefined}
        onChange={(e) => {
          setCapa(null);
          choose(e.currentTarget);
        }}
      />
      {hydrated && items.length > 0 ? (
        <ul id={listId} className="upload-list" aria-label="Arquivos escolhidos">
          {items.map((f, i) => {
            const position = f.state === "enviada" ? sent++ : stageUrl ? null : i;
            return (
              <li key={f.key} className={tooBig(f) || f.state === "erro" ? "upload-item upload-item-over" : f.size > REDUCE_ABOVE_BYTES ? "upload-item upload-item-big" : "upload-item"}>
                <span className="upload-name">{f.name}</span>
                <span className="upload-size">{formatBytes(f.size)}</span>
                {f.size > REDUCE_ABOVE_BYTES ? <span className="upload-limit">{` Limite ${limitLabel(REDUCE_ABOVE_BYTES)} `}</span> : null}
                {f.size > REDUCE_ABOVE_BYTES ? <span className="upload-note">{reductionNote(f)}</span> : null}
                <ItemProgress item={f} />
                {PENDING.includes(f.state) || (stageUrl && (f.state === "enviada" || f.state === "erro")) ? (
                  <button type="button" className="btn btn-sm upload-cancel" onClick={() => cancel(f.key)} aria-label={`${PENDING.includes(f.state) ? "Cancelar" : "Remover"} ${f.name}`}>
                    {PENDING.includes(f.state) ? "Cancelar" : "Remover"}
                  </button>
                ) : null}
                {f.state === "enviada" && f.token ? <input type="hidden" name={stagedName} value={f.token} /> : null}
                {capaName && multiple && position != null && !tooBig(f) && f.state !== "cancelada" ? (
                  <label className="upload-capa">
                    <input type="radio" name={capaName} value={position} checked={capa === f.key} onChange={() => setCapa(f.key)} /> Foto de capa
                  </label>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {hydrated && over > 0 ? (
        <p className="upload-warning" role="status">
          {over === 1
            ? `1 arquivo passa do limite de ${limitLabel(maxBytes)} e não será salvo.`
            : `${over} arquivos passam do limite de ${limitLabel(maxBytes)} e não serão salvos.`}
        </p>
      ) : null}
      {hydrated && leftOut > 0 ? (
        <p className="upload-warning" role="status">
          {`Só ${maxFiles === 1 ? "a primeira foto será enviada" : `as primeiras ${maxFiles} fotos serão enviadas`}: ${leftOut === 1 ? "1 ficou de fora" : `${leftOut} ficaram de fora`}.`}
        </p>
      ) : null}
      {blocked && pending > 0 ? (
        <p className="upload-status" role="status">
          {`Salvando assim que as fotos chegarem (${pending} ${pending === 1 ? "falta" : "faltam"})…`}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The button of `form` that sends what `submitter` sent (its name and value): itself while the form
 * owns it, else its like among the form's elements; null for a submit without one (Enter in a
 * field), undefined when there is none like it any more.
 */
function sameSubmitter(form: HTMLFormElement, submitter: HTMLElement | null): HTMLElement | null | undefined {
  if (!submitter) return null;
  if ((submitter as HTMLButtonElement).form === form) return submitter;
  const name = submitter.getAttribute("name");
  const value = submitter.getAttribute("value");
  return Array.from(form.elements).find((el): el is HTMLElement => (el as HTMLButtonElement).type === "submit" && el.getAttribute("name") === name && el.getAttribute("value") === value);
}

/** What became of a photo over 1.3mb: to be reduced, reduced to what, or sent as it is. */
function reductionNote(f: Item) {
  if (f.sentSize === undefined) return "será reduzida";
  return f.sentSize < f.size ? `reduzida para ${formatBytes(f.sentSize)}` : "não foi possível reduzir";
}

function ItemProgress({ item }: { item: Item }) {
  if (item.state === "enviando") {
    return (
      <span className="upload-progress">
        <progress value={item.loaded} max={item.total} aria-label={`Envio de ${item.name}`} />
        <span>{`${formatBytes(item.loaded)} de ${formatBytes(item.total)}`}</span>
      </span>
    );
  }
  if (item.state === "erro") return <span className="upload-error">{item.error}</span>;
  const status = STATUS[item.state];
  return status ? <span className={`upload-status upload-status-${item.state}`}>{status}</span> : null;
}
