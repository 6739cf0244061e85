// Photos of a listing: upload, cover, crops (the helpers and the shared-data rules: photos-support.ts).
import { test, expect, loginAsAdmin, toastShown } from "./helpers";
import { capa, cropperReady, dragCropper, exists, file, fotos, isColour, pick, pixelAtCentre, postFotos, quadrants, solid } from "./photos-support";

test.describe.configure({ timeout: 90_000 });

test("photos: upload three, pick a cover (the card changes), crop a quadrant, delete the cover (it falls back)", async ({
  page,
  open,
  js,
}, info) => {
  const id = await pick(info, "Temporada");
  await loginAsAdmin(page, js);
  const before = await fotos(id);

  // Three photos, the 2nd (the quadrant image) chosen as cover among the uploads.
  const res = await postFotos(page, id, [
    ["intent", "adicionar"],
    ["img", file("sala.jpg", await solid(800, 600, "#884422").jpeg().toBuffer())],
    ["img", file("quadrantes.jpg", await quadrants())],
    ["img", file("quarto.png", await solid(640, 480, "#226688").png().toBuffer(), "image/png")],
    ["capa_upload", "1"],
  ]);
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toBe(`/admin/imovelEdit/${id}`);
  const after = await fotos(id);
  expect(after).toHaveLength(before.length + 3);
  const [sala, quad, quarto] = after.slice(-3);
  expect(await capa(id)).toBe(quad.img);
  for (const f of [sala, quad, quarto]) expect(await exists(f.img), f.img).toBe(true);

  // 'Imagens atuais' on the edit page: choose 'sala' as cover.
  await open(`/admin/imovelEdit/${id}`);
  const section = page.locator("section.imagens-atuais");
  await expect(section.getByRole("heading", { name: "Imagens atuais" })).toBeVisible();
  await expect(section.getByRole("columnheader")).toHaveText(["Ordem", "Imagem", "Foto de capa", "Ação"]);
  const rows = section.locator("tbody tr");
  await expect(rows).toHaveCount(after.length);
  const salaRow = rows.nth(after.length - 3);
  const quadRow = rows.nth(after.length - 2);
  await expect(quadRow.getByRole("radio")).toBeChecked();
  if (js) {
    await expect(section.getByRole("button", { name: "Definir capa" })).toHaveCount(0);
    await salaRow.getByRole("radio").check();
  } else {
    await salaRow.getByRole("button", { name: "Definir capa" }).click();
  }
  await toastShown(page, "Foto capa alterada!");
  await expect(page).toHaveURL(new RegExp(`/admin/imovelEdit/${id}$`));
  await expect(salaRow.getByRole("radio")).toBeChecked();
  expect(await capa(id)).toBe(sala.img);
  await open("/temporada");
  await expect(page.locator(`a[href="/imovel/${id}"] img`).first()).toHaveAttribute("src", `/img/${sala.img.replace(".jpg", "-400.webp")}`);

  // Crop the quadrant photo to its top-right quadrant: green.
  await open(`/admin/imovelEdit/${id}`);
  await quadRow.getByRole("link", { name: "Ajustar imagem" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/imovelEdit/${id}/foto/${quad.id}/ajuste$`));
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Ajustar imagem" })).toBeVisible();
  if (js) {
    await cropperReady(page);
    await expect(dialog.getByLabel("Posição horizontal (%)")).toHaveCount(0);
    const zoom = dialog.getByRole("slider", { name: /Zoom/ });
    await expect(zoom).toHaveAttribute("min", "1");
    await expect(zoom).toHaveAttribute("max", "3");
    await expect(zoom).toHaveAttribute("step", "0.02");
    await zoom.fill("2");
    await expect(page.locator('input[name="width"]')).toHaveValue(/^(39\d|40\d)$/);
    await dragCropper(page, -700, 700);
    await expect(page.locator('input[name="x"]')).toHaveValue(/^(39\d|40\d)$/);
    await expect(page.locator('input[name="y"]')).toHaveValue("0");
  } else {
    await dialog.getByLabel("Zoom (1 a 3)").fill("2");
    await dialog.getByLabel("Posição horizontal (%)").fill("100");
    await dialog.getByLabel("Posição vertical (%)").fill("0");
  }
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await toastShown(page, "Imagem ajustada com sucesso!");
  await expect(page).toHaveURL(new RegExp(`/admin/imovelEdit/${id}$`));
  const cropped = (await fotos(id)).find((f) => f.id === quad.id)!;
  expect(cropped.img).not.toBe(quad.img);
  const px = await pixelAtCentre(cropped.img);
  expect([px.width, px.height]).toEqual([400, 300]);
  expect(isColour(px.rgb, [false, true, false]), `centre ${px.rgb}`).toBe(true);
  expect(await exists(quad.img)).toBe(false);
  await expect(quadRow.locator("img")).toHaveAttribute("src", `/img/${cropped.img.replace(".jpg", "-400.webp")}`);

  // Delete the cover ('sala'): the first remaining photo becomes the cover. produto §8: the same
  // 'Excluir' dialog as a listing's, with and without JavaScript (no browser confirm()): NÃO keeps
  // the photo, SIM deletes it.
  const nativeDialogs: string[] = [];
  page.on("dialog", (d) => {
    nativeDialogs.push(d.message());
    void d.dismiss();
  });
  await salaRow.getByRole("link", { name: /Excluir/ }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm.getByRole("heading", { name: "Excluir" })).toBeVisible();
  await expect(confirm.getByText("Tem certeza que deseja excluir ?")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/imovelEdit/${id}/foto/${sala.id}/excluir$`));
  await confirm.getByRole("link", { name: "NÃO" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(rows).toHaveCount(after.length);
  await salaRow.getByRole("link", { name: /Excluir/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "SIM" }).click();
  expect(nativeDialogs).toEqual([]);
  await toastShown(page, "Foto excluida com sucesso");
  await expect(rows).toHaveCount(after.length - 1);
  const remaining = await fotos(id);
  expect(remaining.map((f) => f.id)).not.toContain(sala.id);
  expect(await capa(id)).toBe(remaining[0].img);
  expect(await exists(sala.img)).toBe(false);
  await open("/temporada");
  await expect(page.locator(`a[href="/imovel/${id}"] img`).first()).toHaveAttribute("src", `/img/${remaining[0].img.replace(".jpg", "-400.webp")}`);
});

test("home image crop from the admin list (zoom/position without JavaScript, the cropper with it)", async ({
  page,
  open,
  js,
}, info) => {
  const id = await pick(info, "Venda");
  await loginAsAdmin(page, js);
  const res = await postFotos(page, id, [
    ["intent", "adicionar"],
    ["img", file("q.png", await quadrants("png"), "image/png")],
    ["capa_upload", "0"],
  ]);
  expect(res.status()).toBe(302);
  const old = (await capa(id))!;

  await open(`/admin/imovel/${id}/ajuste`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Ajustar imagem da home" })).toBeVisible();
  if (js) {
    await cropperReady(page);
    await dialog.getByRole("slider", { name: /Zoom/ }).fill("2");
    await dragCropper(page, 700, 700); // the picture goes right and down: its top-left corner shows
    await expect(page.locator('input[name="x"]')).toHaveValue("0");
    await expect(page.locator('input[name="y"]')).toHaveValue("0");
  } else {
    await dialog.getByLabel("Zoom (1 a 3)").fill("2");
    await dialog.getByLabel("Posição horizontal (%)").fill("0");
    await dialog.getByLabel("Posição vertical (%)").fill("0");
  }
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await toastShown(page, "Imagem da home ajustada com sucesso!");
  await expect(page).toHaveURL(/\/admin\/imovel$/);
  const now = (await capa(id))!;
  expect(now).not.toBe(old);
  const px = await pixelAtCentre(now);
  expect([px.width, px.height]).toEqual([400, 300]);
  expect(isColour(px.rgb, [true, false, false]), `centre ${px.rgb}`).toBe(true);
  expect(await exists(old)).toBe(false);
  const card = await page.request.get(`/imovel/${id}`);
  expect(await card.text()).toContain(`/img/${now}`);

  // Out-of-range values are refused with a message, and what was typed stays.
  if (!js) {
    await open(`/admin/imovel/${id}/ajuste`);
    await dialog.getByLabel("Zoom (1 a 3)").evaluate((el: HTMLInputElement) => {
      el.removeAttribute("max");
      el.value = "7";
    });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "O zoom deve ser um número de 1 a 3." })).toBeVisible();
    await expect(dialog.getByLabel("Zoom (1 a 3)")).toHaveValue("7");
    expect(await capa(id)).toBe(now);
  }
});

test("a replacement image (dropped on the cropper, or chosen in the plain form) is cropped into the photo", async ({
  page,
  open,
  js,
}, info) => {
  const id = await pick(info, "Locação", 5);
  await loginAsAdmin(page, js);
  const [foto] = await fotos(id);
  await open(`/admin/imovelEdit/${id}/foto/${foto.id}/ajuste`);
  const dialog = page.getByRole("dialog");
  const png = await quadrants("png");
  if (js) {
    await cropperReady(page);
    await expect(page.locator('input[name="srcW"]')).toHaveValue("1600");
    const dt = await page.evaluateHandle((b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "nova.png", { type: "image/png" }));
      return data;
    }, png.toString("base64"));
    await page.getByTestId("cropper-frame").dispatchEvent("drop", { dataTransfer: dt });
    await expect(page.locator('input[name="srcW"]')).toHaveValue("800");
    expect(await dialog.getByLabel(/Trocar imagem/).evaluate((el: HTMLInputElement) => el.files?.[0]?.name)).toBe("nova.png");
    await dialog.getByRole("slider", { name: /Zoom/ }).fill("2");
    await dragCropper(page, -700, -700);
    await expect(page.locator('input[name="x"]')).toHaveValue(/^(39\d|40\d)$/);
    await expect(page.locator('input[name="y"]')).toHaveValue(/^(29\d|30\d)$/);
  } else {
    await dialog.getByLabel("Trocar imagem (opcional)").setInputFiles({ name: "nova.png", mimeType: "image/png", buffer: png });
    await dialog.getByLabel("Zoom (1 a 3)").fill("2");
    await dialog.getByLabel("Posição horizontal (%)").fill("100");
    await dialog.getByLabel("Posição vertical (%)").fill("100");
  }
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await toastShown(page, "Imagem ajustada com sucesso!");
  const now = (await fotos(id)).find((f) => f.id === foto.id)!;
  expect(now.img).not.toBe(foto.img);
  const px = await pixelAtCentre(now.img);
  expect([px.width, px.height]).toEqual([400, 300]);
  expect(isColour(px.rgb, [true, true, false]), `centre ${px.rgb}`).toBe(true);
  expect(await exists(foto.img)).toBe(false);
});
