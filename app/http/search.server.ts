import { redirect } from "react-router";
import type { PublicCriteria } from "~/utils/search";

/**
 * A listing's code typed in the search box (VT0042, vt42…) lands on its page with a 302 when that
 * listing is public (issue 22); otherwise the page shows its usual "no results".
 */
export function redirectToCodigo(criteria: PublicCriteria, found: { data: { id: number }[] }) {
  if (criteria.id != null && found.data.length === 1) throw redirect(`/imovel/${found.data[0].id}`);
}
