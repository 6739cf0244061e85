// Issue 23: the admin sees where each listing stands with the portals — the list's 'Portais' badge and
// switch, /admin/portais, the edit page — and the feed follows, with JavaScript on and off. A listing
// of this test alone (mensagens-support.ts): it starts without a CEP, an area or a long enough
// description, and with one photo where the portals want five (issue 30).
import { test, expect, loginAsAdmin } from "./helpers";
import { query } from "./db";
import { ownListing, tagOf } from "./mensagens-support";

test("the 'Portais' badge says what is missing, the switch takes a listing off, the feed follows", async ({ page, open, js, request }, info) => {
  const tag = tagOf(info);
  const listing = await ownListing({ endereco: `Rua Portal ${tag}` });
  const inFeed = async () => (await (await request.get("/feeds/vrsync.xml")).text()).includes(`<ListingID>${listing.codigo}</ListingID>`);
  await loginAsAdmin(page, js);
  await open(`/admin/imovel?q=${encodeURIComponent(`Portal ${tag}`)}`);
  const row = page.locator(`tr[data-id="${listing.id}"]`);
  await expect(row.locator("td.portais")).toContainText("falta: descrição ≥ 50 caracteres, CEP, área; menos de 5 fotos");
  expect(await inFeed()).toBe(false);

  await open("/admin/portais");
  await expect(page.getByText("/feeds/vrsync.xml").first()).toBeVisible();
  const link = page.getByRole("link", { name: new RegExp(`${listing.codigo} – Rua Portal ${tag}`) });
  await expect(link).toHaveAttribute("href", `/admin/imovelEdit/${listing.id}`);
  await expect(page.getByRole("row").filter({ has: link })).toContainText("menos de 5 fotos");

  // Fixed behind the app's back (as an import would), with the content version bumped as writes do.
  const bump = () => query("UPDATE content_version SET version = version + 1, changed_at = NOW(3) WHERE id = 1");
  await query("UPDATE imoveis SET cep = '15500-000', area = 90, descricao = ? WHERE id = ?", [`<p>${"Casa boa, bem localizada e arejada. ".repeat(3)}</p>`, listing.id]);
  await bump();
  await open(`/admin/imovelEdit/${listing.id}`);
  await expect(page.locator(".portal-line")).toContainText("menos de 5 fotos");
  expect(await inFeed()).toBe(false);
  // Four more photos (seeded image files, shared): five, and it goes.
  await query(
    "INSERT INTO imovel_fotos (imovel_id, img, position) SELECT ?, img, 1 FROM imovel_fotos WHERE img NOT IN (SELECT img FROM imovel_fotos WHERE imovel_id = ?) GROUP BY img ORDER BY MIN(id) LIMIT 4",
    [listing.id, listing.id],
  );
  await bump();
  await expect.poll(inFeed, { timeout: 10_000 }).toBe(true);
  await open(`/admin/imovel?q=${encodeURIComponent(`Portal ${tag}`)}`);
  await expect(row.locator("td.portais")).toContainText("no feed");

  await row.getByRole("button", { name: "Publicar nos portais", exact: true }).click();
  await expect(row.getByRole("button", { name: "Publicar nos portais", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect.poll(inFeed, { timeout: 10_000 }).toBe(false);
  await open(`/admin/imovelEdit/${listing.id}`);
  await expect(page.locator(".portal-line")).toContainText("fora: não publicar");
  await expect(page.getByLabel(/Publicar nos portais/)).toHaveValue("nao");
});
