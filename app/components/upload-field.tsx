import { useEffect, useId, useState } from "react";
import { IMAGE_ACCEPT, formatBytes, limitLabel } from "~/utils/upload";

type Chosen = { name: string; size: number };

type Props = {
  name?: string;
  maxBytes: number;
  /** name of the capa radio (value = index of the chosen file); no radio without it */
  capaName?: string;
  multiple?: boolean;
  label?: React.ReactNode;
  id?: string;
  required?: boolean;
};

/**
 * File input for images. With JavaScript it lists the chosen files with their size, flags the
 * ones over the limit (the server refuses them too) and lets the admin pick the capa among them.
 */
export function UploadField({
  name = "img",
  maxBytes,
  capaName,
  multiple = true,
  label = "Imagens",
  id,
  required,
}: Props) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const listId = `${inputId}-lista`;
  const [files, setFiles] = useState<Chosen[]>([]);
  const [capa, setCapa] = useState<number | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const over = files.filter((f) => f.size > maxBytes).length;

  return (
    <div className="field upload-field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        type="file"
        name={name}
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        required={required}
        aria-describedby={files.length ? listId : undefined}
        onChange={(e) => {
          const list = Array.from(e.currentTarget.files ?? []).map((f) => ({ name: f.name, size: f.size }));
          setFiles(list);
          setCapa(null);
        }}
      />
      {hydrated && files.length > 0 ? (
        <ul id={listId} className="upload-list" aria-label="Arquivos escolhidos">
          {files.map((f, i) => {
            const tooBig = f.size > maxBytes;
            return (
              <li key={`${i}-${f.name}`} className={tooBig ? "upload-item upload-item-over" : "upload-item"}>
                <span className="upload-name">{f.name}</span>
                <span className="upload-size">{formatBytes(f.size)}</span>
                {tooBig ? <span className="upload-limit">{` Limite ${limitLabel(maxBytes)} `}</span> : null}
                {capaName && multiple && !tooBig ? (
                  <label className="upload-capa">
                    <input
                      type="radio"
                      name={capaName}
                      value={i}
                      checked={capa === i}
                      onChange={() => setCapa(i)}
                    />{" "}
                    Foto de capa
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
    </div>
  );
}
