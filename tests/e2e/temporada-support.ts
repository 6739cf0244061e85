// Helpers of temporada.spec (issue 33 §2): a Temporada listing of the test's own, with its Diária and
// booked periods written behind the app's back (then the content version bumped, as a model would),
// and days relative to São Paulo's today.
import { expect } from "./helpers";
import { query } from "./db";
import { ownListing } from "./mensagens-support";

/** YYYY-MM-DD `n` days after `day`. */
export function plusDays(day: string, n: number) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
export const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
/** dd/mm/yyyy, as the pages write a day. */
export const br = (day: string) => day.split("-").reverse().join("/");

/** A weekend at least `ahead` days away: its Friday and the Sunday the guests leave. */
export function weekend(ahead = 14) {
  let friday = plusDays(today(), ahead);
  while (new Date(`${friday}T12:00:00Z`).getUTCDay() !== 5) friday = plusDays(friday, 1);
  return { chegada: friday, saida: plusDays(friday, 2) };
}

/**
 * A public Temporada listing with a Diária, a minimum of 2 nights, up to 6 guests and the booked
 * periods given (nights from inicio to fim, both included); resolves once the server shows them.
 */
export async function temporadaListing(endereco: string, opts: { diaria?: number; bloqueios?: { inicio: string; fim: string }[]; bairro?: string } = {}) {
  const listing = await ownListing({ endereco, tipo: "Rancho", status: "Temporada" });
  await query("INSERT INTO imovel_temporada (imovel_id, diaria, minimo_diarias, hospedes_max) VALUES (?, ?, 2, 6)", [listing.id, opts.diaria ?? 500]);
  for (const b of opts.bloqueios ?? []) await query("INSERT INTO imovel_bloqueios (imovel_id, inicio, fim, nota) VALUES (?, ?, ?, 'teste')", [listing.id, b.inicio, b.fim]);
  if (opts.bairro) await query("UPDATE imoveis SET bairro = ? WHERE id = ?", [opts.bairro, listing.id]);
  await query("UPDATE content_version SET version = version + 1, changed_at = NOW(3) WHERE id = 1");
  // The server trusts its last reading of the version for up to a second: wait for the page with the Diária.
  const url = `http://127.0.0.1:${process.env.E2E_PORT}/imovel/${listing.id}`;
  await expect.poll(async () => (await (await fetch(url)).text()).includes("Verificar datas"), { timeout: 15_000, message: `${url} shows its calendar` }).toBe(true);
  return listing;
}
