import { Form, Link, useNavigation } from "react-router";
import { useEffect, useState, type ComponentType } from "react";
import cropperCss from "react-easy-crop/react-easy-crop.css?url";
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, type CropTarget, type CropValues, type Size } from "~/utils/crop";
import { IMAGE_ACCEPT } from "~/utils/upload";
import { Field } from "./forms";

/** Stylesheet of the cropper: add to the `links` of every route that renders <ImageCropper>. */
export const cropperLinks = () => [{ rel: "stylesheet", href: cropperCss }];

type StageProps = { src: string | null; output: Size; maxBytes: number; fileName?: string };

/**
 * A crop form. The server renders (and browsers without JavaScript keep) plain fields — zoom 1–3,
 * horizontal and vertical position in percent — over a preview of the whole original; in the
 * browser the cropper replaces them once its code has loaded. Both post to the same action.
 */
export function ImageCropper({
  target,
  answer,
  closeTo,
  children,
}: {
  /** what to crop (from cropTarget() in the loader) */
  target: CropTarget;
  /** the action's answer after a refusal: the error and what the admin sent, kept */
  answer?: { error?: string; values?: CropValues } | null;
  /** where 'Fechar' goes (no 'Fechar' without it) */
  closeTo?: string;
  children?: React.ReactNode;
}) {
  const { original, output, maxBytes } = target;
  const error = answer?.error;
  const [Stage, setStage] = useState<ComponentType<StageProps> | null>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  useEffect(() => {
    let alive = true;
    // The cropper's code is fetched only here, on admin crop pages, never in public bundles.
    import("./cropper.client").then(
      (m) => alive && setStage(() => m.default),
      // If the chunk cannot load, the plain fields stay and still work.
      () => {},
    );
    return () => {
      alive = false;
    };
  }, []);

  return (
    <Form method="post" encType="multipart/form-data" className="crop-form" preventScrollReset>
      {children}
      {error ? (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      ) : null}
      {Stage ? (
        <Stage src={original} output={output} maxBytes={maxBytes} />
      ) : (
        <NoJsFields original={original} output={output} values={answer?.values} />
      )}
      <div className="crop-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Salvar
        </button>
        {closeTo ? (
          <Link to={closeTo} className="btn" preventScrollReset>
            Fechar
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** Without JavaScript the crop is typed: zoom 1–3 and the position of the box in percent. */
const NOJS_FIELDS = [
  { name: "zoom", label: "Zoom (1 a 3)", range: { min: ZOOM_MIN, max: ZOOM_MAX, step: ZOOM_STEP }, initial: "1" },
  { name: "posx", label: "Posição horizontal (%)", range: { min: 0, max: 100, step: 1 }, initial: "50" },
  { name: "posy", label: "Posição vertical (%)", range: { min: 0, max: 100, step: 1 }, initial: "50" },
] as const;

function NoJsFields({
  original,
  output,
  values,
}: {
  original: string | null;
  output: Size;
  values?: CropValues;
}) {
  return (
    <div className="crop-nojs">
      {original ? (
        <img className="crop-preview" src={original} alt="Imagem original a ajustar" />
      ) : (
        <p className="crop-missing">A imagem original não está disponível: envie uma nova imagem abaixo.</p>
      )}
      <p className="crop-help">
        O recorte sai em {output.width}×{output.height}. Zoom 1 mostra a maior área possível; a posição vai de 0
        (esquerda/topo) a 100 (direita/base), 50 é o centro.
      </p>
      <div className="crop-fields">
        {NOJS_FIELDS.map((f) => (
          <Field
            key={f.name}
            label={f.label}
            inputProps={{ id: `crop-${f.name}`, type: "number", name: f.name, ...f.range, required: true, defaultValue: values?.[f.name] ?? f.initial }}
          />
        ))}
      </div>
      <div className="field">
        <label htmlFor="crop-file">Trocar imagem (opcional)</label>
        <input id="crop-file" type="file" name="img" accept={IMAGE_ACCEPT} />
      </div>
    </div>
  );
}
