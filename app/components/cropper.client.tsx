import { useEffect, useRef, useState } from "react";
import Cropper, { type ReactCropperElement } from "react-cropper";
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, type Size } from "~/utils/crop";
import { IMAGE_ACCEPT, formatBytes, limitLabel } from "~/utils/upload";

type Box = { x: number; y: number; width: number; height: number; srcW: number; srcH: number };

/**
 * The cropper of the crop forms (loaded only in the browser, only on admin crop pages): a frame of
 * the output's shape, the image dragged behind it, zoom 1–3 where 1 fills the frame. It writes the
 * box, in the pixels of the image shown, into hidden fields of the surrounding form.
 */
export default function CropperStage({
  src,
  output,
  maxBytes,
  fileName = "img",
}: {
  src: string | null;
  output: Size;
  maxBytes: number;
  fileName?: string;
}) {
  const cropperRef = useRef<ReactCropperElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const baseRatio = useRef(0);
  const [source, setSource] = useState(src);
  const [chosen, setChosen] = useState<{ name: string; size: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const [box, setBox] = useState<Box | null>(null);
  const [dragging, setDragging] = useState(false);

  // Object URLs of dropped files are freed once replaced or gone.
  useEffect(() => {
    if (!source?.startsWith("blob:")) return;
    return () => URL.revokeObjectURL(source);
  }, [source]);

  function takeFile(file: File | undefined, fromDrop: boolean) {
    if (!file) return;
    if (!/^image\/(jpeg|png|webp|avif)$/.test(file.type)) {
      setNotice(`"${file.name}" não é uma imagem JPEG, PNG, WebP ou AVIF.`);
      return;
    }
    if (fromDrop && fileRef.current) {
      const dt = new DataTransfer();
      dt.items.add(file);
      fileRef.current.files = dt.files;
    }
    setNotice(null);
    setChosen({ name: file.name, size: file.size });
    setBox(null);
    setZoom(1);
    setSource(URL.createObjectURL(file));
  }

  function readBox() {
    const cropper = cropperRef.current?.cropper;
    if (!cropper) return;
    const d = cropper.getData(true);
    const img = cropper.getImageData();
    setBox({ x: d.x, y: d.y, width: d.width, height: d.height, srcW: img.naturalWidth, srcH: img.naturalHeight });
  }

  function applyZoom(z: number) {
    const cropper = cropperRef.current?.cropper;
    setZoom(z);
    if (cropper && baseRatio.current) cropper.zoomTo(baseRatio.current * z);
  }

  const over = chosen ? chosen.size > maxBytes : false;

  return (
    <div className="cropper-stage" style={{ maxWidth: Math.max(output.width, 400) }}>
      <div
        className={`cropper-frame${dragging ? " cropper-frame-drop" : ""}`}
        style={{ maxWidth: output.width, aspectRatio: `${output.width} / ${output.height}` }}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          takeFile(e.dataTransfer.files[0], true);
        }}
        data-testid="cropper-frame"
      >
        {source ? (
          <Cropper
            key={source}
            ref={cropperRef}
            src={source}
            style={{ width: "100%", height: "100%" }}
            alt="Imagem a ajustar"
            aspectRatio={output.width / output.height}
            viewMode={3}
            dragMode="move"
            autoCropArea={1}
            cropBoxMovable={false}
            cropBoxResizable={false}
            toggleDragModeOnDblclick={false}
            guides={false}
            center={false}
            highlight={false}
            background={false}
            modal={false}
            checkOrientation={false}
            checkCrossOrigin={false}
            responsive
            restore
            wheelZoomRatio={0.05}
            ready={() => {
              const cropper = cropperRef.current?.cropper;
              if (!cropper) return;
              baseRatio.current = cropper.getCanvasData().width / cropper.getImageData().naturalWidth;
              setZoom(1);
              readBox();
            }}
            zoom={(e) => {
              if (!baseRatio.current) return;
              const z = e.detail.ratio / baseRatio.current;
              if (z < ZOOM_MIN - 1e-6 || z > ZOOM_MAX + 1e-6) {
                e.preventDefault();
                return;
              }
              setZoom(Math.round(z / ZOOM_STEP) * ZOOM_STEP);
            }}
            crop={readBox}
          />
        ) : (
          <p className="cropper-empty">Solte aqui uma imagem para começar.</p>
        )}
      </div>

      {source ? (
        <p className="cropper-hint">Arraste a imagem para posicionar e use o zoom para aproximar; o que aparece no quadro é o que será salvo.</p>
      ) : null}
      <div className="cropper-controls">
        <div className="field cropper-zoom">
          {/* Beside the label, not inside: a label may hold no labelable element but its own control. */}
          <div className="field-label">
            <label htmlFor="cropper-zoom">Zoom</label> <output htmlFor="cropper-zoom">{zoom.toFixed(2)}×</output>
          </div>
          <input
            id="cropper-zoom"
            type="range"
            name="zoom"
            min={ZOOM_MIN}
            max={ZOOM_MAX}
            step={ZOOM_STEP}
            value={zoom}
            disabled={!source}
            onChange={(e) => applyZoom(Number(e.currentTarget.value))}
          />
        </div>
        <div className="field cropper-file">
          <label htmlFor="cropper-file">Trocar imagem (ou solte um arquivo sobre a área acima)</label>
          <input
            id="cropper-file"
            ref={fileRef}
            type="file"
            name={fileName}
            accept={IMAGE_ACCEPT}
            onChange={(e) => takeFile(e.currentTarget.files?.[0], false)}
          />
          {chosen ? (
            <p className={over ? "upload-item upload-item-over" : "upload-item"}>
              <span className="upload-name">{chosen.name}</span>{" "}
              <span className="upload-size">{formatBytes(chosen.size)}</span>
              {over ? <span className="upload-limit">{` Limite ${limitLabel(maxBytes)} `}</span> : null}
            </p>
          ) : null}
          {notice ? (
            <p className="upload-warning" role="alert">
              {notice}
            </p>
          ) : null}
        </div>
      </div>

      {box ? (
        <>
          <input type="hidden" name="x" value={box.x} />
          <input type="hidden" name="y" value={box.y} />
          <input type="hidden" name="width" value={box.width} />
          <input type="hidden" name="height" value={box.height} />
          <input type="hidden" name="srcW" value={box.srcW} />
          <input type="hidden" name="srcH" value={box.srcH} />
        </>
      ) : null}
    </div>
  );
}
