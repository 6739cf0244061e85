import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { APIResponse, Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { query } from "./db";
import { E2E } from "./env";
import { test, expect } from "./helpers";

// Both projects run at once against one server: each takes its own listings (by project), and the
// banner (a single, shared thing) is changed under a lock held across processes.

const LIMIT = 1_500_000;

async function login(page: Page, open: (url: string) => Promise<unknown>, to = "/admin/imovel") {
  await open(`/login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("Email").fill(E2E.ADMIN_EMAIL);
  await page.getByLabel("Senha").fill(E2E.ADMIN_PASSWORD);
  await page.getByRole("button", { name: "ENTRAR" }).click();
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[/?]/g, "\\$&")}$`));
}

/** A listing of this project alone: by default the 4th newest active one of a status for js, the 5th for nojs. */
async function pick(info: TestInfo, status: "Locação" | "Venda" | "Temporada", offset = 3) {
  const rows = await query<{ id: number }>(
    "SELECT id FROM imoveis WHERE ativo = 'sim' AND status = ? AND codigo IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 2 OFFSET ?",
    [status, offset],
  );
  return rows[info.project.name === "js" ? 0 : 1].id;
}

const fotos = (id: number) =>
  query<{ id: number; img: string }>("SELECT id, img FROM imovel_fotos WHERE imovel_id = ? ORDER BY position, id", [id]);
const capa = async (id: number) => (await query<{ capa: string | null }>("SELECT capa FROM imoveis WHERE id = ?", [id]))[0].capa;
const banner = async () => (await query<{ banner: string }>("SELECT banner FROM banners ORDER BY id DESC LIMIT 1"))[0]?.banner;
const exists = (name: string) =>
  fs.access(path.join(E2E.IMG_DIR, name)).then(
    () => true,
    () => false,
  );

const solid = (w: number, h: number, color: string) => sharp({ create: { width: w, height: h, channels: 3, background: color } });

/** 800×600: top-left red, top-right green, bottom-left blue, bottom-right yellow. */
async function quadrants(format: "jpeg" | "png" = "jpeg") {
  const q = (color: string) => solid(400, 300, color).png().toBuffer();
  const img = solid(800, 600, "#000000").composite([
    { input: await q("#ff0000"), left: 0, top: 0 },
    { input: await q("#00ff00"), left: 400, top: 0 },
    { input: await q("#0000ff"), left: 0, top: 300 },
    { input: await q("#ffff00"), left: 400, top: 300 },
  ]);
  return format === "png" ? img.png().toBuffer() : img.jpeg({ quality: 95 }).toBuffer();
}

async function pixelAtCentre(name: string) {
  const file = path.join(E2E.IMG_DIR, name);
  const meta = await sharp(file).metadata();
  const { data } = await sharp(file)
    .extract({ left: Math.floor(meta.width! / 2), top: Math.floor(meta.height! / 2), width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: meta.width, height: meta.height, rgb: [data[0], data[1], data[2]] as const };
}
const isColour = (rgb: readonly number[], want: [boolean, boolean, boolean]) =>
  rgb.every((v, i) => (want[i] ? v > 190 : v < 70));

type FilePart = { name: string; mimeType: string; buffer: Buffer };
const file = (name: string, buffer: Buffer, mimeType = "image/jpeg"): FilePart => ({ name, mimeType, buffer });

/** Posts to the 'Imagens atuais' action as the logged-in admin; no redirect followed. */
function postFotos(page: Page, id: number, fields: [string, string | FilePart][]): Promise<APIResponse> {
  const form = new FormData();
  for (const [k, v] of fields) {
    form.append(k, typeof v === "string" ? v : new File([new Uint8Array(v.buffer)], v.name, { type: v.mimeType }));
  }
  return page.request.post(`/admin/imovelEdit/${id}/fotos`, { multipart: form, maxRedirects: 0 });
}

/** A lock shared by the worker processes of both projects. */
async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = path.join(os.tmpdir(), `imob-e2e-lock-${name}-${process.env.E2E_PORT ?? "x"}`);
  const started = Date.now();
  for (;;) {
    try {
      await fs.mkdir(dir);
      break;
    } catch {
      if (Date.now() - started > 60_000) await fs.rm(dir, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Drags the picture inside the cropper frame by (dx, dy) CSS pixels. */
async function dragCropper(page: Page, dx: number, dy: number) {
  const frame = page.getByTestId("cropper-frame");
  const box = (await frame.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 8 });
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

async function cropperReady(page: Page) {
  await expect(page.locator(".cropper-container .cropper-canvas img")).toBeVisible();
  await expect(page.locator('input[type="hidden"][name="width"]')).toBeAttached();
}

test.describe.configure({ timeout: 90_000 });

test("photos: upload three, pick a cover (the card changes), crop a quadrant, delete the cover (it falls back)", async ({
  page,
  open,
  js,
}, info) => {
  const id = await pick(info, "Temporada");
  await login(page, open);
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
  await expect(section.getByRole("columnheader")).toHaveText(["Imagem", "Foto de capa", "Ação"]);
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
  await expect(page.getByRole("status").filter({ hasText: "Foto capa alterada!" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/imovelEdit/${id}$`));
  await expect(salaRow.getByRole("radio")).toBeChecked();
  expect(await capa(id)).toBe(sala.img);
  await open("/temporada");
  await expect(page.locator(`a[href="/imovel/${id}"] img`).first()).toHaveAttribute("src", `/img/${sala.img}`);

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
  await expect(page.getByRole("status").filter({ hasText: "Imagem ajustada com sucesso!" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/imovelEdit/${id}$`));
  const cropped = (await fotos(id)).find((f) => f.id === quad.id)!;
  expect(cropped.img).not.toBe(quad.img);
  const px = await pixelAtCentre(cropped.img);
  expect([px.width, px.height]).toEqual([400, 300]);
  expect(isColour(px.rgb, [false, true, false]), `centre ${px.rgb}`).toBe(true);
  expect(await exists(quad.img)).toBe(false);
  await expect(quadRow.locator("img")).toHaveAttribute("src", `/img/${cropped.img.replace(".jpg", "-400.webp")}`);

  // Delete the cover ('sala'): the first remaining photo becomes the cover.
  if (js) page.once("dialog", (d) => d.accept());
  await salaRow.getByRole("button", { name: "Excluir" }).click();
  if (!js) {
    // Without JavaScript the confirmation is a page: NÃO keeps the photo, SIM deletes it.
    const confirm = page.getByRole("dialog");
    await expect(confirm.getByText("Tem certeza que deseja excluir ?")).toBeVisible();
    await confirm.getByRole("link", { name: "NÃO" }).click();
    await expect(rows).toHaveCount(after.length);
    await salaRow.getByRole("button", { name: "Excluir" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "SIM" }).click();
  }
  await expect(page.getByRole("status").filter({ hasText: "Foto excluida com sucesso" })).toBeVisible();
  await expect(rows).toHaveCount(after.length - 1);
  const remaining = await fotos(id);
  expect(remaining.map((f) => f.id)).not.toContain(sala.id);
  expect(await capa(id)).toBe(remaining[0].img);
  expect(await exists(sala.img)).toBe(false);
  await open("/temporada");
  await expect(page.locator(`a[href="/imovel/${id}"] img`).first()).toHaveAttribute("src", `/img/${remaining[0].img}`);
});

test("home image crop from the admin list (zoom/position without JavaScript, the cropper with it)", async ({
  page,
  open,
  js,
}, info) => {
  const id = await pick(info, "Venda");
  await login(page, open);
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
  await expect(page.getByRole("status").filter({ hasText: "Imagem da home ajustada com sucesso!" })).toBeVisible();
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
  await login(page, open);
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
  await expect(page.getByRole("status").filter({ hasText: "Imagem ajustada com sucesso!" })).toBeVisible();
  const now = (await fotos(id)).find((f) => f.id === foto.id)!;
  expect(now.img).not.toBe(foto.img);
  const px = await pixelAtCentre(now.img);
  expect([px.width, px.height]).toEqual([400, 300]);
  expect(isColour(px.rgb, [true, true, false]), `centre ${px.rgb}`).toBe(true);
  expect(await exists(foto.img)).toBe(false);
});

test("bad uploads are refused one by one, naming each file; the rest is saved and the server keeps answering", async ({
  page,
  open,
}, info) => {
  const id = await pick(info, "Locação");
  await login(page, open);
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
  expect(body).toContain("maior que o limite de 1.3mb");
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
  await login(page, open, "/admin/banner");
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

    // Over the limit: flagged in red before sending (with JS), refused by the server either way.
    await input.setInputFiles({ name: "pesada.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(LIMIT + 1, 1) });
    if (js) {
      const flag = dialog.locator(".upload-limit");
      await expect(flag).toHaveText("Limite 1.3mb");
      expect(await flag.evaluate((el) => el.textContent)).toBe(" Limite 1.3mb ");
      await expect(flag).toHaveCSS("color", "rgb(180, 35, 24)");
    }
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: '"pesada.jpg"' })).toContainText("maior que o limite de 1.3mb");
    expect(await banner()).toBe(old);

    // A text file with a picture's name.
    await dialog.getByLabel("Imagem do banner").setInputFiles({ name: "falso.jpg", mimeType: "image/jpeg", buffer: Buffer.from("texto") });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: '"falso.jpg"' })).toContainText("formato não aceito");
    expect(await banner()).toBe(old);

    await dialog.getByLabel("Imagem do banner").setInputFiles({ name: "novo.png", mimeType: "image/png", buffer: await quadrants("png") });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Banner salvo com sucesso!" })).toBeVisible();
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
    await expect(page.getByRole("status").filter({ hasText: "Banner salvo com sucesso!" })).toBeVisible();
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
