/** A route's numeric id, or a 404 for anything else ("abc", "0", "1e3", a 20-digit number…). */
export function idParam(raw: string | undefined, what = "Imóvel") {
  const id = /^[1-9]\d{0,8}$/.test(raw ?? "") ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw new Response(`${what} não encontrado`, { status: 404 });
  return id;
}
