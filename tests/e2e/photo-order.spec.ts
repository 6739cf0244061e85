// Issue 23: the admin puts a listing's photos in order ("Mover para cima/baixo", plain form posts
// without JavaScript, fetchers with it; with JavaScript also drag and drop), and the order drives
// the property page's gallery and /api.
import type { APIRequestContext } from "@playwright/test";
import { test, expect, loginAsAdmin } from "./helpers";
import { query } from "./db";
import { photoListingIds } from "./listings";
import { ownListing, tagOf } from "./mensagens-support";

/**
 * A listing of this test alone with three photos of the seed's files, and how /api orders them.
 * Images of listings photos.spec never touches: a row of ours pointing at one of its files would
 * keep that file when photos.spec replaces or deletes it (a file goes when no row uses it).
 */
async function listingWithThreePhotos(request: APIRequestContext, street: string, order: "ASC" | "DESC") {
  const listing = await ownListing({ endereco: street, foto: false });
  const imgs = (
    await query<{ img: string }>(`SELECT DISTINCT img FROM imovel_fotos WHERE imovel_id NOT IN (?) ORDER BY img ${order} LIMIT 3`, [await photoListingIds()])
  ).map((r) => r.img);
  expect(imgs, "three different seeded images").toHaveLength(3);
  for (const [position, img] of imgs.entries()) await query("INSERT INTO imovel_fotos (imovel_id, img, position) VALUES (?, ?, ?)", [listing.id, img, position]);
  const apiOrder = async () => ((await (await request.get(`/api/get_imovel_site_id/${listing.id}`)).json()) as { imagens: { img: string }[] }).imagens.map((i) => i.img);
  return { listing, imgs, apiOrder };
}

test("moving a photo changes the gallery's and /api's order", async ({ page, open, js, request }, info) => {
  const { listing, imgs, apiOrder } = await listingWithThreePhotos(request, `Rua Fotos ${tagOf(info)}`, "ASC");

  await loginAsAdmin(page, js);
  await open(`/admin/imovelEdit/${listing.id}`);
  await expect(page.getByRole("button", { name: "Mover para cima a foto 1" })).toBeDisabled();
  await page.getByRole("button", { name: "Mover para baixo a foto 1" }).click();
  // The table follows: the first row now shows what was the second photo.
  await expect(page.locator("tr.foto-row").first().locator("img")).toHaveAttribute("src", new RegExp(imgs[1].replace(".jpg", "")));
  await page.getByRole("button", { name: "Mover para cima a foto 3" }).click();
  await expect(page.locator("tr.foto-row").nth(1).locator("img")).toHaveAttribute("src", new RegExp(imgs[2].replace(".jpg", "")));

  const expected = [imgs[1], imgs[2], imgs[0]];
  await expect.poll(apiOrder, { timeout: 10_000 }).toEqual(expected);
  await open(`/imovel/${listing.id}`);
  const gallery = await page.locator(".gallery img").evaluateAll((els) => els.map((e) => e.getAttribute("src") ?? ""));
  expect(gallery.map((src) => expected.findIndex((img) => src.includes(img.replace(".jpg", ""))))).toEqual([0, 1, 2]);
});

test("with JavaScript, a photo dragged to another row takes its place; the gallery and /api follow", { tag: "@js" }, async ({ page, open, js, request }, info) => {
  // JavaScript only (dragging needs JavaScript; without it the buttons above do the same): the nojs project leaves out the tests tagged @js.
  const { listing, imgs, apiOrder } = await listingWithThreePhotos(request, `Rua Arrastar ${tagOf(info)}`, "DESC");

  await loginAsAdmin(page, js);
  await open(`/admin/imovelEdit/${listing.id}`);
  const rows = page.locator("tr.foto-row");
  await expect(rows.first()).toHaveAttribute("draggable", "true");
  await rows.nth(2).dragTo(rows.first());
  const expected = [imgs[2], imgs[0], imgs[1]];
  await expect.poll(apiOrder, { timeout: 10_000 }).toEqual(expected);
  // The table shows the saved order (after the page's data came back), numbered again from 1.
  await expect(rows.first().locator("img")).toHaveAttribute("src", new RegExp(imgs[2].replace(".jpg", "")));
  await expect(rows.first().getByRole("button", { name: "Mover para cima a foto 1" })).toBeDisabled();
  await open(`/imovel/${listing.id}`);
  const gallery = await page.locator(".gallery img").evaluateAll((els) => els.map((e) => e.getAttribute("src") ?? ""));
  expect(gallery.map((src) => expected.findIndex((img) => src.includes(img.replace(".jpg", ""))))).toEqual([0, 1, 2]);
});
