/** A route's numeric id, or a 404 for anything else ("abc", "0", "1e3", a 20-digit number…). */
export function idParam(raw: string | undefined, what = "Imóvel") {
  const id = /^[1-9]\d{0,8}$/.test(raw ?? "") ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw new Response(`${what} não encontrado`, { status: 404 });
  return id;
}

/** The posted form, or a 400 for a body that is not one (malformed multipart, wrong type…). */
export async function formDataOf(request: Request) {
  try {
    return await request.formData();
  } catch {
    throw new Response("Formulário inválido", { status: 400 });
  }
}
