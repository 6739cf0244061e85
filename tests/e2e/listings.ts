import type { TestInfo } from "@playwright/test";
import { query } from "./db";

/*
 * Who may change which listing. Every worker of both projects shares one e2e database, so a test
 * that counts, pages or compares listings must look only at listings no other test can change.
 * The partition is by price, which the public list filters (preco_min, preco_max) can express:
 *
 * - SEEDED: the seed prices every listing from R$ 250 to R$ 1.500.000 (seed.server.ts). No test
 *   creates, deletes, switches or re-prices a listing in this range.
 * - admin-imovel.spec creates, edits, switches and deletes only listings it created itself, and
 *   each is priced R$ 0 (not informed) or above SEEDED.max: its createProperty asserts that on
 *   every listing it saves, so a test that breaks the rule fails instead of racing.
 * - photos.spec changes only photos and covers, and only of the seeded listings photoListing()
 *   hands out (PHOTO_OFFSETS); tests that read photos skip photoListingIds().
 * - mensagens.spec and admin-home.spec create listings of their own (ownListing in
 *   mensagens-support.ts), priced above SEEDED.max, active ones with a photo, and change no other; their messages carry a
 *   tag of the test and project, and every figure they compare with the database (unread count,
 *   listings without photos) is read at a moment when the database count did not move.
 *
 * So public.spec, filtering on SEEDED, sees a set of rows that stays the same for the whole run.
 */
export const SEEDED = { min: 1, max: 1_500_000 } as const;

/** The /imoveis query string of the seeded listings. */
export const SEEDED_QUERY = `preco_min=${SEEDED.min}&preco_max=${SEEDED.max}`;

/** SQL condition on the imoveis table (alias i) for the seeded listings. */
export const SEEDED_SQL = `i.preco BETWEEN ${SEEDED.min} AND ${SEEDED.max}`;

/** Whether a price admin-imovel.spec gives a listing keeps it out of SEEDED. */
export const outsideSeeded = (preco: string | number) => Number(preco) < SEEDED.min || Number(preco) > SEEDED.max;

type Status = "Locação" | "Venda" | "Temporada";

/**
 * Offsets (among the seeded active listings of a status, newest first) reserved for photos.spec:
 * each offset gives two listings, the one at the offset for the js project and the next for nojs.
 */
export const PHOTO_OFFSETS: Record<Status, readonly number[]> = { Temporada: [3], Venda: [3], Locação: [3, 5] };

async function seededActive(status: Status) {
  return query<{ id: number }>(
    `SELECT i.id FROM imoveis i WHERE i.ativo = 'sim' AND i.status = ? AND ${SEEDED_SQL} ORDER BY i.created_at DESC, i.id DESC`,
    [status],
  );
}

/** A listing photos.spec may change, of this project alone. */
export async function photoListing(info: TestInfo, status: Status, offset = 3) {
  if (!PHOTO_OFFSETS[status].includes(offset)) throw new Error(`offset ${offset} of ${status} is not reserved for photos`);
  const rows = await seededActive(status);
  const row = rows[offset + (info.project.name === "js" ? 0 : 1)];
  if (!row) throw new Error(`no seeded ${status} listing at offset ${offset}`);
  return row.id;
}

/** Every listing photos.spec may change (both projects). */
export async function photoListingIds() {
  const ids: number[] = [];
  for (const [status, offsets] of Object.entries(PHOTO_OFFSETS) as [Status, readonly number[]][]) {
    const rows = await seededActive(status);
    for (const o of offsets) ids.push(rows[o].id, rows[o + 1].id);
  }
  return ids;
}
