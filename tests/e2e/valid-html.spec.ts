// Issue 30 §6: the pages are valid HTML, as the W3C Nu HTML checker (vnu-jar, tests/e2e/vnu.ts)
// reads the server's HTML as served. Runs in the js project only (playwright.config.ts): that HTML
// is the same with or without JavaScript in the browser.
import type { APIRequestContext } from "@playwright/test";
import { test, expect, loginAsAdmin } from "./helpers";
import { query } from "./db";
import { photoListingIds } from "./listings";
import { tagOf } from "./mensagens-support";
import { checkHtml, describe } from "./vnu";

/** The page of a listing that does not exist: the error page, served with its 404. */
const NOT_FOUND = "/imovel/999999";

test("public and admin pages are valid HTML (W3C Nu checker)", async ({ page, request, js }, info) => {
  test.slow(); // a login, ~35 pages and the checker's JVM
  // A listing with a gallery (two photos or more), and not one whose photos photos.spec changes meanwhile.
  const [listing] = await query<{ id: number; foto: number }>(
    "SELECT i.id, MIN(f.id) AS foto FROM imoveis i JOIN imovel_fotos f ON f.imovel_id = i.id WHERE i.ativo = 'sim' AND i.id NOT IN (?) GROUP BY i.id HAVING COUNT(*) >= 2 ORDER BY i.id LIMIT 1",
    [await photoListingIds()],
  );
  const others = await query<{ id: number }>("SELECT id FROM imoveis WHERE ativo = 'sim' AND id <> ? ORDER BY id LIMIT 2", [listing.id]);
  // Messages of this test's own, already read: the inbox's unread figures do not move.
  const tag = tagOf(info);
  const email = `vnu-${tag}@teste.com.br`;
  await query(
    "INSERT INTO mensagens (imovel_id, nome, email, telefone, mensagem, tipo, visita_data, visita_periodo, lida) VALUES (?, ?, ?, '(17) 99123-4567', 'Quero visitar', 'Visita', '2030-01-15', 'tarde', 1)",
    [listing.id, `Vnu ${tag}`, email],
  );
  await query(
    "INSERT INTO mensagens (nome, email, telefone, mensagem, tipo, captacao_finalidade, captacao_tipo, captacao_bairro, captacao_endereco, captacao_preco, lida) VALUES (?, ?, '(17) 99123-4567', 'Casa para vender', 'Captação', 'Venda', 'Casa', 'Centro', 'Rua Amazonas, 10', 350000, 1)",
    [`Vnu ${tag}`, email],
  );
  const [visita, captacao] = await query<{ id: number }>("SELECT id FROM mensagens WHERE email = ? ORDER BY id", [email]);

  const publicPages = [
    "/",
    "/?status=Venda&tipo=Todos&local=Votuporanga&quartos=2&banheiros=1",
    "/imoveis",
    // A free word: "casa" alone is now read as the tipo and redirected (issue 33).
    "/imoveis?q=quintal",
    "/locacao",
    "/venda",
    "/temporada",
    `/imovel/${listing.id}`,
    NOT_FOUND,
    `/visita?imovel=${listing.id}`,
    "/contato",
    "/anuncie",
    "/sobre",
    "/favoritos",
    `/favoritos?ids=${others.map((o) => o.id).join(",")}`,
    "/privacidade",
    "/login",
  ];
  const adminPages = [
    "/admin",
    "/admin/imovel",
    "/admin/imovel/novo",
    `/admin/imovelEdit/${listing.id}`,
    `/admin/imovelEdit/${listing.id}/foto/${listing.foto}/ajuste`,
    `/admin/imovelEdit/${listing.id}/foto/${listing.foto}/excluir`,
    `/admin/imovel/${listing.id}/excluir`,
    "/admin/banner",
    "/admin/banner/novo",
    "/admin/mensagens",
    `/admin/mensagens/${visita.id}`,
    `/admin/mensagens/${captacao.id}`,
    `/admin/mensagens/${visita.id}/excluir`,
    "/admin/portais",
    "/admin/historico",
    "/admin/usuarios",
    "/admin/dados-pessoais",
    `/admin/dados-pessoais?q=${encodeURIComponent(email)}`,
    "/admin/senha",
  ];

  // Fetched at once, in the order given (the report follows it).
  const html = new Map<string, string>();
  const fetchAll = async (client: APIRequestContext, paths: string[], suffix: string) => {
    const bodies = await Promise.all(
      paths.map(async (path) => {
        const res = await client.get(path, { maxRedirects: 0 });
        expect(res.status(), path).toBe(path === NOT_FOUND ? 404 : 200);
        return res.text();
      }),
    );
    paths.forEach((path, i) => html.set(`${path}${suffix}`, bodies[i]));
  };
  await fetchAll(request, publicPages, "");
  // The admin's pages as their browser gets them: page.request shares the logged-in session.
  await loginAsAdmin(page, js);
  await fetchAll(page.request, adminPages, " (admin)");

  const started = Date.now();
  const reports = await checkHtml(html, info.outputPath("vnu"));
  console.log(`vnu: ${html.size} pages checked in ${Date.now() - started} ms`);
  // Warnings are advice (a section without a heading…): shown, not failed on.
  for (const r of reports) for (const w of r.warnings) console.log(`vnu warning: ${describe(r.page, w)}`);
  expect(reports.flatMap((r) => r.errors.map((e) => describe(r.page, e)))).toEqual([]);
});
