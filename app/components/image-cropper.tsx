import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ComponentType } from "react";
import cropperCss from "cropperjs/dist/cropper.css?url";
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, type CropValues, type Size } from "~/utils/crop";
import { IMAGE_ACCEPT } from "~/utils/upload";

/** Stylesheet of the cropper: add to the `links` of every route that renders <ImageCropper>. */
export const cropperLinks = () => [{ rel: "stylesheet", href: cropperCss }];

type StageProps = { src: string | null; output: Size; maxBytes: number; fileName?: string };

/**
 * A crop form. The server renders (and browsers without JavaScript keep) plain fields — zoom 1–3,
 * horizontal and vertical position in percent — over a preview of the whole original; in the
 * browser the cropper replaces them once its code has loaded. Both post to the same action.
 */
export function ImageCropper({
  original,
  output,
  maxBytes,
  error,
  values,
  closeTo,
  children,
}: {
  /** URL of the kept original (what the crop box is measured in), or null when there is none */
  original: string | null;
  output: Size;
  maxBytes: number;
  error?: string | null;
  /** what the admin sent last time, kept after a refusal */
  values?: CropValues;
  /** where 'Fechar' goes (no 'Fechar' without it) */
  closeTo?: string;
  children?: React.ReactNode;
}) {
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
        <NoJsFields original={original} output={output} values={values} />
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
        <div className="field">
          <label htmlFor="crop-zoom">Zoom (1 a 3)</label>
          <input
            id="crop-zoom"
            type="number"
            name="zoom"
            min={ZOOM_MIN}
            max={ZOOM_MAX}
            step={ZOOM_STEP}
            required
            defaultValue={values?.zoom ?? "1"}
          />
        </div>
        <div className="field">
          <label htmlFor="crop-posx">Posição horizontal (%)</label>
          <input
            id="crop-posx"
            type="number"
            name="posx"
            min={0}
            max={100}
            step={1}
            required
            defaultValue={values?.posx ?? "50"}
          />
        </div>
        <div className="field">
          <label htmlFor="crop-posy">Posição vertical (%)</label>
          <input
            id="crop-posy"
            type="number"
            name="posy"
            min={0}
            max={100}
            step={1}
            required
            defaultValue={values?.posy ?? "50"}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor="crop-file">Trocar imagem (opcional)</label>
        <input id="crop-file" type="file" name="img" accept={IMAGE_ACCEPT} />
      </div>
    </div>
  );
}
