// Ids in URLs and the admin paths built from them (server and browser alike).

/** Ids are whole numbers from 1; nine digits keep them inside an INT column. */
export const ID_PATTERN = /^[1-9]\d{0,8}$/;

/** The edit page of a listing id taken from the URL, or the list when it is not an id. */
export function editPageOf(id: string | number | undefined) {
  return ID_PATTERN.test(String(id ?? "")) ? `/admin/imovelEdit/${id}` : "/admin/imovel";
}
