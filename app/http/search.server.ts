import { redirect } from "react-router";
import { listBairros } from "~/models/listings/imovel.server";
import type { Status } from "~/utils/enums";
import type { PublicCriteria } from "~/utils/search";
import { understoodUrl } from "~/utils/search-chips";
import type { ListFilter } from "~/utils/search-schema";
import { readSentence, type Sentence } from "~/utils/search-sentence";
import { parseCodigo } from "~/utils/text-search";

/**
 * A listing's code typed in the search box (VT0042, vt42…) lands on its page with a 302 when that
 * listing is public (issue 22); otherwise the page shows its usual "no results".
 */
export function redirectToCodigo(criteria: PublicCriteria, found: { data: { id: number }[] }) {
  if (criteria.id != null && found.data.length === 1) throw redirect(`/imovel/${found.data[0].id}`);
}

/** The search box read as a sentence against the bairros listings have (a code is not a sentence). */
async function sentenceOf(q: string | undefined): Promise<Sentence | null> {
  if (!q || parseCodigo(q) != null) return null;
  const sentence = readSentence(q, await listBairros());
  return Object.keys(sentence.understood).length || sentence.rest !== q ? sentence : null;
}

/**
 * Issue 33: a sentence that names filters ("casa 3 quartos centro") is sent (302) to the list with
 * those filters in the URL and only the words left in `q`: the page, its chips and its form show the
 * same search, and that URL is what is shared, cached and gone back to. `params` are the form's own
 * filters; what the sentence says replaces them.
 */
export async function redirectToUnderstood(q: string | undefined, params: URLSearchParams, status?: Status) {
  const sentence = await sentenceOf(q);
  if (sentence) throw redirect(understoodUrl(params, sentence.understood, sentence.rest, status));
}

/** The same reading for /api: the filters and the status the sentence names, the words left as `q`. */
export async function understandFilter<F extends Pick<ListFilter, "q">>(filter: F, status?: Status) {
  const sentence = await sentenceOf(filter.q);
  if (!sentence) return { filter, status };
  const { status: said, ...filters } = sentence.understood;
  return { filter: { ...filter, ...filters, q: sentence.rest || undefined }, status: said ?? status };
}
