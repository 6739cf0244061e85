// Issue 23: the admin sees where each listing stands with the portals — the list's 'Portais' badge and
// switch, /admin/portais — and the feed follows, with JavaScript on and off. A listing of this test
// alone (mensagens-support.ts): it starts without a CEP, an area or a long enough description.
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
  await expect(row.locator("td.portais")).toContainText("falta: descrição ≥ 50 caracteres, CEP, área");
  expect(await inFeed()).toBe(false);

  await open("/admin/portais");
  await expect(page.getByText("/feeds/vrsync.xml").first()).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(`${listing.codigo} – Rua Portal ${tag}`) })).toHaveAttribute("href", `/admin/imovelEdit/${listing.id}`);

  // Fixed behind the app's back (as an import would), with the content version bumped as writes do.
  await query("UPDATE imoveis SET cep = '15500-000', area = 90, descricao = ? WHERE id = ?", [`<p>${"Casa boa, bem localizada e arejada. ".repeat(3)}</p>`, listing.id]);
  await query("UPDATE content_version SET version = version + 1, changed_at = NOW(3) WHERE id = 1");
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
