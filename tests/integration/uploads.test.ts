import { describe, expect, it } from "vitest";
import { UploadError, readUploadForm } from "~/http/uploads.server";
import { uploadBytes } from "~/services/images.server";
import { LIMIT, jpeg, multipart } from "./photo-support";

describe("readUploadForm", () => {
  it("keeps fields, reads img / img[] / img[n], ignores empty inputs and refuses a file over the limit on its own", async () => {
    const ok = await jpeg(320, 240);
    const { form, uploads, refused } = await readUploadForm(
      multipart([
        ["endereco", "Rua Amazonas"],
        ["img", new File([], "")],
        ["img[0]", new File([ok], "a.jpg", { type: "image/jpeg" })],
        ["img[1]", new File([new Uint8Array(LIMIT + 10)], "fotos/grande demais.jpg", { type: "image/jpeg" })],
        ["img[]", new File([ok], "b.jpg", { type: "image/jpeg" })],
        ["outro", new File([ok], "ignorado.jpg", { type: "image/jpeg" })],
        ["capa_upload", "2"],
      ]),
    );
    expect(form.get("endereco")).toBe("Rua Amazonas");
    expect(form.get("capa_upload")).toBe("2");
    expect(form.get("img[0]")).toBeNull();
    expect(uploads.map((u) => [u.field, u.name, u.index])).toEqual([
      ["img[0]", "a.jpg", 0],
      ["img[]", "b.jpg", 2],
    ]);
    expect((await uploadBytes(uploads[0])).equals(ok)).toBe(true);
    expect(refused).toEqual([{ name: "grande demais.jpg", reason: "maior que o limite de 20mb" }]);
  });

  it("refuses too many files with a 413 and too large a request with a 413", async () => {
    const tiny = new Uint8Array(10);
    const many = Array.from({ length: 21 }, (_, i) => ["img", new File([tiny], `f${i}.jpg`)] as [string, File]);
    const e1 = await readUploadForm(multipart(many)).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(UploadError);
    expect(e1).toMatchObject({ status: 413, message: expect.stringMatching(/^Arquivos demais/) });

    // 20 files are fine.
    expect((await readUploadForm(multipart(many.slice(0, 20)))).uploads).toHaveLength(20);

    const big = multipart([["img", new File([new Uint8Array(300_000)], "a.jpg")]]);
    const e2 = await readUploadForm(big, { maxTotalBytes: 100_000 }).catch((e: unknown) => e);
    expect(e2).toMatchObject({ status: 413, message: expect.stringMatching(/grande demais/) });

    const declared = new Request("http://localhost/x", {
      method: "POST",
      body: "x",
      headers: { "Content-Type": "multipart/form-data; boundary=abc", "Content-Length": String(500 * 1024 * 1024) },
    });
    await expect(readUploadForm(declared)).rejects.toMatchObject({ status: 413 });
  });

  it("reads url-encoded bodies and refuses a broken multipart body with a 400", async () => {
    const { form, uploads } = await readUploadForm(
      new Request("http://localhost/x", {
        method: "POST",
        body: new URLSearchParams({ intent: "capa", img: "abc.jpg" }),
      }),
    );
    expect(form.get("intent")).toBe("capa");
    expect(uploads).toEqual([]);

    const broken = new Request("http://localhost/x", {
      method: "POST",
      body: "isto não é multipart",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
    });
    await expect(readUploadForm(broken)).rejects.toMatchObject({ status: 400 });
  });
});

