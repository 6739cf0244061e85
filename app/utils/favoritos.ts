// A visitor's favourite listings (issue 22), kept without an account in one cookie: the ids, newest
// first, joined by dots ("42.7.19"). Read with care: the cookie is the visitor's to change, so only
// what parses as listing ids is kept, each once, at most FAVORITOS_MAX. Client-safe.

export const FAVORITOS_MAX = 50;

/** The ids of a cookie value or of a shared list's `ids` (dots, commas or spaces between them). */
export function parseFavoritos(value: string | null | undefined): number[] {
  if (!value) return [];
  const ids: number[] = [];
  for (const part of value.split(/[.,\s]+/)) {
    if (!/^[1-9]\d{0,9}$/.test(part)) continue;
    const id = Number(part);
    if (id <= 2_147_483_647 && !ids.includes(id)) ids.push(id);
    if (ids.length === FAVORITOS_MAX) break;
  }
  return ids;
}

export const serializeFavoritos = (ids: readonly number[]) => ids.join(".");

/** The list's path for anyone: "Compartilhar lista". */
export const sharedListPath = (ids: readonly number[]) => `/favoritos?ids=${ids.join(",")}`;
