// Refused uploads, the banner, and the login guard of the photo routes (helpers: photos-support.ts).
import { test, expect, loginAsAdmin, toastShown } from "./helpers";
import { LIMIT, banner, cropperReady, dragCropper, exists, file, fotos, isColour, pick, pixelAtCentre, postFotos, quadrants, solid, withLock, type FilePart } from "./photos-support";

test.describe.configure({ timeout: 90_000 });


test("bad uploads are refused one by one, naming each file; the rest is saved and the server keeps answering", async ({
  page,
  open,
  js,
}, info) => {
  const id = await pick(info, "Locação");
  await loginAsAdmin(page, js);
  const before = await fotos(id);
  const full = await solid(800, 600, "#cc2200").jpeg().toBuffer();
  const bad: [string, FilePart][] = [
    ["img", file("x.jpg", Buffer.from("só texto, não é foto\n".repeat(30)))],
    ["img", file("script.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "image/svg+xml")],
    ["img", file("enorme.png", await solid(8000, 7500, "#777777").png({ compressionLevel: 9 }).toBuffer(), "image/png")],
    ["img", file("cortada.jpg", full.subarray(0, Math.floor(full.length / 2)))],
    ["img", file("pesada.jpg", Buffer.alloc(LIMIT + 1000, 1))],
  ];
  const res = await postFotos(page, id, [["intent", "adicionar"], ...bad]);
  expect(res.status()).toBe(422);
  const body = await res.text();
  for (const name of ["x.jpg", "script.svg", "enorme.png", "cortada.jpg", "pesada.jpg"]) expect(body).toContain(name);
  expect(body).toContain("maior que o limite de 20mb");
  expect(body).toContain("50 megapixels");
  expect(await fotos(id)).toEqual(before);

  // One good file among bad ones is saved; the warning names the bad one.
  const mixed = await postFotos(page, id, [
    ["intent", "adicionar"],
    ["img", file("boa.jpg", full)],
    ["img", file("x.jpg", Buffer.from("texto"))],
  ]);
  expect(mixed.status()).toBe(302);
  expect(await fotos(id)).toHaveLength(before.length + 1);

  const tiny = await solid(16, 12, "#000000").jpeg().toBuffer();
  const many = await postFotos(page, id, [
    ["intent", "adicionar"],
    ...Array.from({ length: 21 }, (_, i) => ["img", file(`f${i}.jpg`, tiny)] as [string, FilePart]),
  ]);
  expect(many.status()).toBe(413);
  expect(await many.text()).toContain("Arquivos demais");
  expect(await fotos(id)).toHaveLength(before.length + 1);

  // Not a photo of this listing: a clear 4xx, nothing changes.
  const other = await postFotos(page, id, [["intent", "capa"], ["img", "0123456789abcdef0123.jpg"]]);
  expect(other.status()).toBe(400);
  expect(await other.text()).toContain("Essa imagem não é uma foto deste imóvel.");

  expect((await page.request.get("/healthz")).status()).toBe(200);
  await open(`/imovel/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("banner: replace it (the home shows the new one at once) and crop it to 1200×500", async ({ page, open, js }) => {
  await loginAsAdmin(page, js, "/admin/banner");
  await withLock("banner", async () => {
    await open("/admin/banner");
    await expect(page.getByRole("heading", { level: 1, name: "Banner" })).toBeVisible();
    const old = await banner();
    await page.getByRole("link", { name: "Alterar Banner" }).click();
    await expect(page).toHaveURL(/\/admin\/banner\/novo$/);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Inserir Banner Home" })).toBeVisible();
    await expect(dialog.getByText("Limite 1.3mb por imagem")).toBeVisible();
    const input = dialog.getByLabel("Imagem do banner");

    // Over the server's limit: flagged in red before sending (with JS), refused by the server either way.
    await input.setInputFiles({ name: "pesada.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(LIMIT + 1, 1) });
    if (js) {
      const flag = dialog.locator(".upload-limit");
      await expect(flag).toHaveText("Limite 1.3mb");
      expect(await flag.evaluate((el) => el.textContent)).toBe(" Limite 1.3mb ");
      await expect(flag).toHaveCSS("color", "rgb(180, 35, 24)");
      await expect(dialog.getByText("1 arquivo passa do limite de 20mb e não será salvo.")).toBeVisible();
    }
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: '"pesada.jpg"' })).toContainText("maior que o limite de 20mb");
    expect(await banner()).toBe(old);

    // A text file with a picture's name.
    await dialog.getByLabel("Imagem do banner").setInputFiles({ name: "falso.jpg", mimeType: "image/jpeg", buffer: Buffer.from("texto") });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: '"falso.jpg"' })).toContainText("formato não aceito");
    expect(await banner()).toBe(old);

    await dialog.getByLabel("Imagem do banner").setInputFiles({ name: "novo.png", mimeType: "image/png", buffer: await quadrants("png") });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toastShown(page, "Banner salvo com sucesso!");
    await expect(page).toHaveURL(/\/admin\/banner$/);
    const replaced = await banner();
    expect(replaced).not.toBe(old);
    expect(await exists(old)).toBe(false);
    expect((await pixelAtCentre(replaced)).width).toBe(1200);
    await expect(page.locator("img.banner-preview")).toHaveAttribute("src", `/img/${replaced}`);
    const home = await page.request.get("/");
    expect(await home.text()).toContain(`src="/img/${replaced}"`);

    // Crop: the left half of the top band of the 800×600 original → red at the centre.
    await open("/admin/banner");
    if (js) {
      await cropperReady(page);
      await expect(page.getByTestId("cropper-frame")).toHaveCSS("aspect-ratio", "1200 / 500");
      await page.getByRole("slider", { name: /Zoom/ }).fill("1.3");
      await dragCropper(page, 2000, 2000);
      await expect(page.locator('input[name="x"]')).toHaveValue("0");
      await expect(page.locator('input[name="y"]')).toHaveValue("0");
    } else {
      await page.getByLabel("Zoom (1 a 3)").fill("1.3");
      await page.getByLabel("Posição horizontal (%)").fill("0");
      await page.getByLabel("Posição vertical (%)").fill("0");
    }
    await page.getByRole("button", { name: "Salvar" }).click();
    await toastShown(page, "Banner salvo com sucesso!");
    const cropped = await banner();
    expect(cropped).not.toBe(replaced);
    const px = await pixelAtCentre(cropped);
    expect([px.width, px.height]).toEqual([1200, 500]);
    expect(isColour(px.rgb, [true, false, false]), `centre ${px.rgb}`).toBe(true);
    expect(await exists(replaced)).toBe(false);
    await open("/");
    await expect(page.locator("img.hero-banner")).toHaveAttribute("src", `/img/${cropped}`);
  });
});

test("admin photo routes and originals need a login", async ({ page }) => {
  const guarded = ["/admin/banner/novo", "/admin/imovel/1/ajuste", "/admin/imovelEdit/1/foto/1/ajuste", "/admin/original/0123456789abcdef0123.jpg"];
  for (const url of guarded) {
    const res = await page.request.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(302);
    expect(res.headers()["location"], url).toMatch(/^\/login\?redirectTo=/);
  }
  const post = await page.request.post("/admin/imovelEdit/1/fotos", { form: { intent: "excluir", fotoId: "1" }, maxRedirects: 0 });
  expect(post.status()).toBe(302);
  expect(post.headers()["location"]).toMatch(/^\/login/);
});
