// Bookmarks of the public lists (issue 11): where a page read from the database started and ended,
// as a position in the list and the sort key of the row there, kept until the next content write.
// Why: ORDER BY … LIMIT … OFFSET walks one index entry per row skipped, so a deep page of a big list
// (the middle of /imoveis: ~45,000 entries at 100,000 listings) costs ~15 ms on a quiet machine,
// however it is read. A page next to one already read (a crawler following "next", a visitor
// paging on) is read from that page's bookmark instead: WHERE (sort key) after the bookmark's,
// same ORDER BY, a short OFFSET — the index is entered at the key, not walked to it.
// A bookmark is exact only for the content it was read from: the statement that reads a page also
// reads the version (one snapshot), and a bookmark is kept only when that is the version this
// process knows as current; every bookmark goes when the version changes.
import { and, eq, gt, lt, or, type SQL } from "drizzle-orm";
import type { MySqlColumn } from "drizzle-orm/mysql-core";
import { processSlot } from "../../process-state.server";
import { currentContentVersion } from "./content-version.server";

/** A list's order, column by column, ending with a unique column (see imovel-page.server.ts). */
export type Order = readonly (readonly [MySqlColumn, "asc" | "desc"])[];
/** A row's position in its list (from 0) and its values of the order's columns. */
export type Mark = { pos: number; key: unknown[] };

/** Lists remembered per version, and bookmarks per list (a crawler's variety stays bounded). */
export const MAX_LISTS = 500;
export const MAX_MARKS = 64;

type State = { version: number; lists: Map<string, Mark[]> };
const state = processSlot("pageMarks", (): State => ({ version: -1, lists: new Map() }));

/** The bookmarks of list `list` (its statement's text) at the current version, and that version. */
export async function marksOf(list: string): Promise<{ version: number; marks: Mark[] }> {
  const version = await currentContentVersion();
  if (state.version !== version) [state.version, state.lists] = [version, new Map()];
  return { version, marks: state.lists.get(list) ?? [] };
}

/** Keeps bookmarks read at `readAt` (the version read with the rows), if it is still the current one. */
export function keepMarks(list: string, readAt: number, marks: Mark[]) {
  if (readAt !== state.version || marks.length === 0) return;
  const known = state.lists.get(list) ?? [];
  if (!state.lists.has(list) && state.lists.size >= MAX_LISTS) state.lists.clear();
  const fresh = marks.filter((m) => !known.some((k) => k.pos === m.pos));
  // The oldest go first past the bound.
  state.lists.set(list, [...known, ...fresh].slice(-MAX_MARKS));
}

/**
 * Rows strictly after `key` in `order` (or before it, `reversed`): for (a DESC, id DESC) after
 * (x, y) is a < x OR (a = x AND id < y). Each column compared in its own direction, so it is the
 * order's index entered at the key, whatever the mix of directions.
 */
export function afterKey(order: Order, key: unknown[], reversed = false): SQL {
  const alternatives = order.map(([column, dir], i) => {
    const past = (dir === "desc") !== reversed ? lt(column, key[i]) : gt(column, key[i]);
    return and(...order.slice(0, i).map(([c], j) => eq(c, key[j])), past)!;
  });
  return or(...alternatives)!;
}

/**
 * Where to read rows [offset, offset + count) from: the list's start, its end (`fromEnd` rows after
 * them, when the total is known) or the nearest bookmark; `skip` is the number of index entries walked.
 */
export function nearestStart(offset: number, count: number, fromEnd: number, marks: Mark[]) {
  let best: { key: unknown[] | null; reversed: boolean; skip: number } = { key: null, reversed: false, skip: offset };
  if (fromEnd < best.skip) best = { key: null, reversed: true, skip: fromEnd };
  for (const m of marks) {
    if (m.pos < offset && offset - m.pos - 1 < best.skip) best = { key: m.key, reversed: false, skip: offset - m.pos - 1 };
    if (m.pos >= offset + count && m.pos - offset - count < best.skip) best = { key: m.key, reversed: true, skip: m.pos - offset - count };
  }
  return best;
}
