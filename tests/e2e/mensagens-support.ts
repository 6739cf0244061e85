// Helpers of mensagens.spec and admin-home.spec: their own listings and messages, and the admin
// bar's unread count read at a quiet moment (other specs send messages at the same time).
import type { Page, TestInfo } from "@playwright/test";
import { expect } from "./helpers";
import { query } from "./db";
import { SEEDED } from "./listings";

/** A tag no other test (nor the other project) uses, for names, e-mails and streets. */
export function tagOf(info: TestInfo) {
  return `${info.project.name}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** A visitor address of its own, so the per-IP contact limit never bites across tests. */
export function visitorIp() {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

/**
 * A listing of this test alone, priced above the seeded range (listings.ts), so no list another
 * spec counts or pages ever contains it. Active and with a photo (a seeded image file, shared) by
 * default: /imoveis shows the newest cards first, and shell.spec looks there for one with a photo.
 */
export async function ownListing(values: { endereco: string; tipo?: string; status?: string; quartos?: number; banheiros?: number; ativo?: "sim" | "nao"; foto?: boolean }) {
  const preco = SEEDED.max + 1_000_000 + Math.floor(Math.random() * 1_000_000);
  const cols = { tipo: "Casa", status: "Venda", quartos: 2, banheiros: 1, ativo: "sim", foto: true, ...values };
  await query(
    "INSERT INTO imoveis (descricao, tipo, status, ativo, preco, endereco, numero, bairro, quartos, banheiros) VALUES ('<p>Teste</p>', ?, ?, ?, ?, ?, '10', 'Centro', ?, ?)",
    [cols.tipo, cols.status, cols.ativo, preco, cols.endereco, cols.quartos, cols.banheiros],
  );
  const [row] = await query<{ id: number }>("SELECT id FROM imoveis WHERE endereco = ?", [values.endereco]);
  const codigo = `VT${String(row.id).padStart(4, "0")}`;
  await query("UPDATE imoveis SET codigo = ? WHERE id = ?", [codigo, row.id]);
  if (cols.foto) {
    const [{ img }] = await query<{ img: string }>("SELECT img FROM imovel_fotos ORDER BY id LIMIT 1");
    await query("INSERT INTO imovel_fotos (imovel_id, img, position) VALUES (?, ?, 0)", [row.id, img]);
  }
  // Written behind the app's back: bump the content version as the models do. The server trusts
  // its last reading of the version for up to a second and may meanwhile serve a list page kept
  // from before this listing. It has read the new version once the listing's own page comes from
  // the page cache: a render is kept only when the version it read is the one the server trusts
  // (server/page-cache.ts), and the render read this bump or a later one. An inactive listing
  // shows on no public page (admin pages read the database directly): nothing to wait for.
  await query("UPDATE content_version SET version = version + 1, changed_at = NOW(3) WHERE id = 1");
  if (cols.ativo === "sim") {
    const page = `http://127.0.0.1:${process.env.E2E_PORT}/imovel/${row.id}`;
    const served = async () => {
      const res = await fetch(page);
      return `${res.status} ${res.headers.get("x-cache")}`;
    };
    await expect.poll(served, { timeout: 15_000, message: `${page} served from the page cache` }).toBe("200 HIT");
  }
  return { id: row.id, codigo };
}

export async function unreadInDb() {
  const [{ n }] = await query<{ n: number }>("SELECT COUNT(*) AS n FROM mensagens WHERE lida = 0 AND arquivada = 0");
  return Number(n);
}

/** The N of 'Mensagens (N)' in the admin bar (0 when it shows just 'Mensagens'). */
export async function barCount(page: Page) {
  const text = (await page.getByRole("navigation", { name: "Painel" }).getByRole("link", { name: /^Mensagens/ }).textContent()) ?? "";
  const m = /\((\d+)\)/.exec(text);
  return m ? Number(m[1]) : 0;
}

/**
 * The page shows a live figure of the database: reloads until `db` gives the same number just
 * before and just after the page was served (nobody else changed it meanwhile), then the page
 * must show exactly that number.
 */
export async function expectPageShowsDb(page: Page, shown: () => Promise<number>, db: () => Promise<number>) {
  await expect
    .poll(
      async () => {
        const before = await db();
        await page.reload();
        const onPage = await shown();
        const after = await db();
        return before === after ? onPage - before : "busy";
      },
      { timeout: 20_000, intervals: [100, 250, 500] },
    )
    .toBe(0);
}

/** 'Mensagens (N)' is the real unread count. */
export const expectBarShowsUnread = (page: Page) => expectPageShowsDb(page, () => barCount(page), unreadInDb);

export async function stateOf(id: number) {
  const [row] = await query<{ lida: number; arquivada: number }>("SELECT lida, arquivada FROM mensagens WHERE id = ?", [id]);
  return row ? { lida: !!row.lida, arquivada: !!row.arquivada } : null;
}
