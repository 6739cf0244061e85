import { describe, expect, it } from "vitest";
import { readCropInput, resolveCropBox } from "~/utils/crop";

describe("crop boxes", () => {
  it("turns zoom and position into a box of the right shape inside the image", () => {
    expect(resolveCropBox({ zoom: 1, x: 50, y: 50 }, 800, 600, 4 / 3)).toEqual({ left: 0, top: 0, width: 800, height: 600 });
    expect(resolveCropBox({ zoom: 2, x: 100, y: 0 }, 800, 600, 4 / 3)).toEqual({ left: 400, top: 0, width: 400, height: 300 });
    // Wide banner shape out of a 4:3 image: full width, centred vertically.
    expect(resolveCropBox({ zoom: 1, x: 50, y: 50 }, 1200, 900, 12 / 5)).toEqual({ left: 0, top: 200, width: 1200, height: 500 });
    // Tall image: full width.
    expect(resolveCropBox({ zoom: 1, x: 0, y: 0 }, 600, 1200, 4 / 3)).toEqual({ left: 0, top: 0, width: 600, height: 450 });
  });

  it("fixes a box of the wrong shape or outside the image around its centre", () => {
    expect(resolveCropBox({ left: 100, top: 100, width: 400, height: 100 }, 800, 600, 4 / 3)).toEqual({
      left: 233,
      top: 100,
      width: 133,
      height: 100,
    });
    expect(resolveCropBox({ left: -50, top: 500, width: 400, height: 300 }, 800, 600, 4 / 3)).toEqual({
      left: 0,
      top: 300,
      width: 400,
      height: 300,
    });
    expect(resolveCropBox({ left: 0, top: 0, width: 5000, height: 3750 }, 800, 600, 4 / 3)).toEqual({
      left: 0,
      top: 0,
      width: 800,
      height: 600,
    });
  });

  it("reads the cropper's fields, else the no-JavaScript fields, and refuses nonsense", () => {
    const f = (o: Record<string, string>) => {
      const d = new FormData();
      for (const [k, v] of Object.entries(o)) d.set(k, v);
      return readCropInput(d);
    };
    expect(f({ x: "10", y: "20", width: "400", height: "300", srcW: "800", srcH: "600", zoom: "2" })).toEqual({
      ok: true,
      value: { left: 10, top: 20, width: 400, height: 300, sourceWidth: 800, sourceHeight: 600 },
    });
    expect(f({ zoom: "1.5", posx: "0", posy: "100" })).toEqual({ ok: true, value: { zoom: 1.5, x: 0, y: 100 } });
    expect(f({ zoom: "4" })).toEqual({ ok: false, error: "O zoom deve ser um número de 1 a 3." });
    expect(f({ zoom: "abc" })).toMatchObject({ ok: false });
    expect(f({ zoom: "1", posx: "101" })).toEqual({ ok: false, error: "A posição deve ser um número de 0 a 100." });
    expect(f({ x: "0", y: "0", width: "0", height: "10" })).toMatchObject({ ok: false });
  });
});

describe("resolveCropBox never hands sharp a broken box", () => {
  it("falls back to the centred box for forged numbers", async () => {
        for (const req of [
      { left: -0.5, top: 0, width: 1, height: 1, sourceWidth: 5e-324 },
      { left: Number.NaN, top: 0, width: 10, height: 10 },
      { left: 0, top: 0, width: Number.POSITIVE_INFINITY, height: 1 },
      { zoom: Number.NaN, x: 0, y: 0 },
    ]) {
      const box = resolveCropBox(req, 800, 600, 4 / 3);
      for (const v of Object.values(box)) expect(Number.isFinite(v)).toBe(true);
      expect(box.width).toBeGreaterThan(0);
      expect(box.left + box.width).toBeLessThanOrEqual(800);
      expect(box.top + box.height).toBeLessThanOrEqual(600);
    }
  });
});
