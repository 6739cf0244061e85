// Issue 22: the property page lists "Imóveis semelhantes" (same status and tipo, ±25 % of the price)
// as cards that lead to them, and leaves the section out when there is none. Seeded listings only
// (listings.ts): the rule is computed here in SQL, so the test follows whatever the seed holds.
import { test, expect } from "./helpers";
import { query } from "./db";
import { SEEDED, SEEDED_SQL } from "./listings";

// Candidates whose whole ±25 % range lies inside the seeded prices: no other test's listing (priced
// R$ 0 or above SEEDED.max) can ever be among their similar ones, whatever runs beside this test.
const CANDIDATE = `a.ativo = 'sim' AND a.preco > 0 AND a.preco * 1.25 <= ${SEEDED.max} AND ${SEEDED_SQL.replaceAll("i.", "a.")}`;
const SIMILAR = `b.ativo = 'sim' AND b.id <> a.id AND b.status = a.status AND b.tipo = a.tipo AND b.preco BETWEEN a.preco * 0.75 AND a.preco * 1.25`;

test("a listing with similar ones shows them as cards, the same bairro first; one without has no section", async ({ page, open }) => {
  const [withSome] = await query<{ id: number; first: number }>(
    `SELECT a.id, (SELECT b.id FROM imoveis b WHERE ${SIMILAR} ORDER BY b.bairro = a.bairro DESC, ABS(b.preco - a.preco), b.id DESC LIMIT 1) AS first
     FROM imoveis a WHERE ${CANDIDATE} AND EXISTS (SELECT 1 FROM imoveis b WHERE ${SIMILAR}) ORDER BY a.id LIMIT 1`,
  );
  expect(withSome, "the seed has a listing with a similar one").toBeTruthy();
  await open(`/imovel/${withSome.id}`);
  const section = page.getByRole("region", { name: "Imóveis semelhantes" });
  await expect(section).toBeVisible();
  const first = section.locator(".card").first();
  await expect(first.locator(`a[href="/imovel/${withSome.first}"]`).first()).toBeAttached();

  const [without] = await query<{ id: number }>(
    `SELECT a.id FROM imoveis a WHERE ${CANDIDATE} AND NOT EXISTS (SELECT 1 FROM imoveis b WHERE ${SIMILAR}) ORDER BY a.id LIMIT 1`,
  );
  expect(without, "the seed has a listing without similar ones").toBeTruthy();
  await open(`/imovel/${without.id}`);
  await expect(page.getByRole("heading", { name: "DESCRIÇÃO" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Imóveis semelhantes" })).toHaveCount(0);
});
