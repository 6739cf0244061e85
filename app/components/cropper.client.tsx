import { useEffect, useRef, useState } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, type Size } from "~/utils/crop";
import { IMAGE_ACCEPT, formatBytes, limitLabel } from "~/utils/upload";

/**
 * The cropper of the crop forms (loaded only in the browser, only on admin crop pages): a frame of
 * the output's shape, the image dragged behind it (mouse, finger or the arrow keys), zoom 1–3 where
 * 1 fills the frame. It writes the box, in the pixels of the image shown, into hidden fields of the
 * surrounding form (react-easy-crop, decision 0035).
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
  const fileRef = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState(src);
  const [chosen, setChosen] = useState<{ name: string; size: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [position, setPosition] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [natural, setNatural] = useState<Size | null>(null);
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
    setArea(null);
    setNatural(null);
    setPosition({ x: 0, y: 0 });
    setZoom(1);
    setSource(URL.createObjectURL(file));
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
            image={source}
            aspect={output.width / output.height}
            // The frame has the output's shape, so the crop area is the whole frame and zoom 1 is the
            // largest box of that shape: the image covers the frame, never leaving a gap (restrictPosition).
            objectFit="cover"
            crop={position}
            zoom={zoom}
            minZoom={ZOOM_MIN}
            maxZoom={ZOOM_MAX}
            // About 5 % per wheel notch, as before.
            zoomSpeed={0.1}
            showGrid={false}
            // Its stylesheet comes with the route's links (cropperLinks), not as a <style> added at run time.
            disableAutomaticStylesInjection
            classes={{ containerClassName: "cropper-area", cropAreaClassName: "cropper-box" }}
            mediaProps={{ alt: "Imagem a ajustar" }}
            cropperProps={{
              role: "group",
              "aria-label": "Recorte: arraste a imagem ou use as setas do teclado para posicionar",
            }}
            onCropChange={setPosition}
            onZoomChange={(z) => setZoom(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z)))}
            onCropComplete={(_, pixels) => setArea(pixels)}
            onMediaLoaded={(m) => setNatural({ width: m.naturalWidth, height: m.naturalHeight })}
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
            onChange={(e) => setZoom(Number(e.currentTarget.value))}
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

      {area && natural ? (
        <>
          <input type="hidden" name="x" value={area.x} />
          <input type="hidden" name="y" value={area.y} />
          <input type="hidden" name="width" value={area.width} />
          <input type="hidden" name="height" value={area.height} />
          <input type="hidden" name="srcW" value={natural.width} />
          <input type="hidden" name="srcH" value={natural.height} />
        </>
      ) : null}
    </div>
  );
}
