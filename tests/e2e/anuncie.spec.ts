// Issue 23: 'Anuncie seu imóvel', with JavaScript on and off. An owner sends the property and two
// photos (one a 6 MB phone photo); it reaches the inbox as a 'Captação' with the photos, under its
// filter, with its e-mail; 'Criar imóvel' makes an inactive listing with those fields and photos.
import path from "node:path";
import sharp from "sharp";
import { test, expect, loginAsAdmin, toastShown } from "./helpers";
import { query } from "./db";
import { E2E } from "./env";
import { tagOf, visitorIp } from "./mensagens-support";
import { phonePhoto } from "./photos-support";

test("an owner's offer reaches the inbox with its photos; 'Criar imóvel' makes an inactive listing of it", async ({ page, open, js }, info) => {
  test.slow();
  const tag = tagOf(info);
  const big = await phonePhoto();
  expect(big.length, "a phone-sized photo").toBeGreaterThan(5_000_000);
  const small = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3a7" } }).jpeg().toBuffer();

  await open("/");
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Anuncie", exact: true }).first().evaluate((a: HTMLAnchorElement) => a.click());
  await expect(page).toHaveURL(/\/anuncie$/);
  await expect(page.getByRole("heading", { level: 1, name: "Anuncie seu imóvel" })).toBeVisible();
  await expect(page.locator("footer").getByRole("link", { name: "Anuncie seu imóvel" })).toBeVisible();

  await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorIp() });
  const form = page.locator("form.anuncie-form");
  await form.getByLabel("Nome").fill(`Proprietário ${tag}`);
  await form.getByLabel("Telefone").fill("(17) 97777-1234");
  await form.getByLabel("Email").fill(`dono-${tag}@teste.com.br`);
  await form.getByLabel("Venda").check();
  await form.getByLabel("Tipo").selectOption("Sobrado");
  await form.getByLabel("Bairro").fill(`Bairro ${tag}`);
  await form.getByLabel("Endereço (opcional)").fill("Rua das Flores, 321");
  await form.getByLabel("Valor pretendido (opcional)").fill("R$ 480.000,00");
  await form.getByLabel("Conte sobre o imóvel (opcional)").fill("Sobrado com 3 quartos, quintal e garagem para dois carros.");
  await form.getByLabel("Fotos (até 10)").setInputFiles([
    { name: "fachada.jpg", mimeType: "image/jpeg", buffer: big },
    { name: "sala.jpg", mimeType: "image/jpeg", buffer: small },
  ]);
  await expect(form.getByText(/Ao enviar, você concorda/)).toBeVisible();
  if (js) await expect(form.locator(".upload-item", { hasText: "fachada.jpg" }).locator(".upload-note")).toHaveText(/^reduzida para /, { timeout: 30_000 });
  await form.getByRole("button", { name: "Enviar imóvel" }).click();
  await toastShown(page, "Recebemos os dados do seu imóvel!", { timeout: 30_000 });

  const [msg] = await query<{ id: number; tipo: string; captacao_preco: string; captacao_tipo: string }>(
    "SELECT id, tipo, captacao_preco, captacao_tipo FROM mensagens WHERE email = ?",
    [`dono-${tag}@teste.com.br`],
  );
  expect(msg).toMatchObject({ tipo: "Captação", captacao_tipo: "Sobrado", captacao_preco: "480000.00" });
  const fotos = await query<{ img: string }>("SELECT img FROM mensagem_fotos WHERE mensagem_id = ? ORDER BY position", [msg.id]);
  expect(fotos).toHaveLength(2);
  // The big photo: reduced by the browser (2,560 px) or by the server (3,000 px); upright, no EXIF.
  const original = await sharp(path.join(E2E.IMG_DIR, "orig", fotos[0].img)).metadata();
  expect(original.width).toBe(js ? 2560 : 3000);
  expect(original.exif).toBeUndefined();

  await page.setExtraHTTPHeaders({});
  await loginAsAdmin(page, js);
  await open(`/admin/mensagens?filtro=captacoes&q=${tag}`);
  const item = page.locator("li.inbox-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`Oferece Sobrado para venda – Bairro ${tag}, Rua das Flores, 321 · 2 fotos`);
  await expect(item.getByText("Captação", { exact: true })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(item.getByText("E-mail enviado")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  await item.getByRole("link", { name: "Abrir" }).click();
  const oferta = page.getByRole("region", { name: "Imóvel oferecido" });
  await expect(oferta).toContainText("valor pretendido R$ 480.000,00");
  await expect(oferta.getByRole("img")).toHaveCount(2);
  await oferta.getByRole("button", { name: "Criar imóvel" }).click();
  await expect(page).toHaveURL(/\/admin\/imovelEdit\/\d+$/);
  await expect(page.getByText("Imóvel criado, inativo")).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  const [imovel] = await query<Record<string, unknown>>("SELECT tipo, status, ativo, preco, bairro, endereco, descricao FROM imoveis WHERE id = ?", [id]);
  expect(imovel).toMatchObject({ tipo: "Sobrado", status: "Venda", ativo: "nao", preco: "480000.00", bairro: `Bairro ${tag}`, endereco: "Rua das Flores, 321" });
  expect(imovel.descricao).toBe("<p>Sobrado com 3 quartos, quintal e garagem para dois carros.</p>");
  const listed = await query<{ img: string }>("SELECT img FROM imovel_fotos WHERE imovel_id = ? ORDER BY position, id", [id]);
  expect(listed.map((f) => f.img)).toEqual(fotos.map((f) => f.img));
  // Inactive: not on the public site.
  expect((await page.request.get(`/imovel/${id}`)).status()).toBe(404);

  // The message links to it; a second 'Criar imóvel' is not offered.
  await open(`/admin/mensagens/${msg.id}`);
  await expect(page.getByRole("region", { name: "Imóvel oferecido" }).getByRole("link", { name: "abrir o imóvel" })).toHaveAttribute("href", `/admin/imovelEdit/${id}`);
  await expect(page.getByRole("button", { name: "Criar imóvel" })).toHaveCount(0);
});

test("a refused offer keeps what was typed and names the field", async ({ page, open }, info) => {
  const tag = tagOf(info);
  await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorIp() });
  await open("/anuncie");
  const form = page.locator("form.anuncie-form");
  await form.getByLabel("Nome").fill(`Proprietário ${tag}`);
  await form.getByLabel("Telefone").fill("(17) 97777-1234");
  await form.getByLabel("Email").fill(`dono-${tag}@teste.com.br`);
  await form.getByLabel("Locação").check();
  await form.getByLabel("Tipo").selectOption("Casa");
  await form.getByLabel("Valor pretendido (opcional)").fill("muito");
  await form.evaluate((f: HTMLFormElement) => (f.noValidate = true));
  await form.getByRole("button", { name: "Enviar imóvel" }).click();
  await expect(page.getByText("Informe o bairro.")).toBeVisible();
  await expect(page.getByText("Informe o valor como R$ 350.000,00.")).toBeVisible();
  await expect(page.locator("form.anuncie-form").getByLabel("Nome")).toHaveValue(`Proprietário ${tag}`);
  expect(await query("SELECT id FROM mensagens WHERE email = ?", [`dono-${tag}@teste.com.br`])).toEqual([]);
});

test("with JavaScript, an eleventh photo is left out before sending, not the whole offer refused", { tag: "@js" }, async ({ page, open }) => {
  // JavaScript only (without JavaScript the server answers 413 naming the limit): the nojs project leaves out the tests tagged @js.
  await open("/anuncie");
  const tiny = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#357" } }).jpeg().toBuffer();
  const input = page.locator("form.anuncie-form").getByLabel("Fotos (até 10)");
  await input.setInputFiles(Array.from({ length: 11 }, (_, i) => ({ name: `foto-${i + 1}.jpg`, mimeType: "image/jpeg", buffer: tiny })));
  await expect(page.getByText("Só as primeiras 10 fotos serão enviadas: 1 ficou de fora.")).toBeVisible();
  await expect(page.locator(".upload-item")).toHaveCount(10);
  await expect.poll(() => input.evaluate((el: HTMLInputElement) => el.files?.length)).toBe(10);
});
