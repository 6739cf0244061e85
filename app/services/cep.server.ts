import { getEnv } from "../env.server";

export type Endereco = { endereco: string; bairro: string; cidade: string; estado: string; cep: string };
export type CepResult =
  | { ok: true; endereco: Endereco }
  | { ok: false; reason: "invalido" | "nao_encontrado" | "indisponivel"; message: string };

export const CEP_MESSAGES = {
  invalido: "CEP inválido",
  nao_encontrado: "CEP nao encontrado !",
  indisponivel: "Serviço de CEP indisponível no momento. Preencha o endereço à mão ou tente de novo.",
} as const;

const TIMEOUT_MS = 3000;
const CACHE_TTL_MS = 24 * 3600_000;
const CACHE_MAX = 500;
const cache = new Map<string, { at: number; result: CepResult }>();

function fail(reason: keyof typeof CEP_MESSAGES): CepResult {
  return { ok: false, reason, message: CEP_MESSAGES[reason] };
}

/** Maps ViaCEP's answer (logradouro, bairro, localidade, uf, cep) to the form's address fields. */
export function mapViaCep(body: unknown): CepResult {
  if (!body || typeof body !== "object") return fail("indisponivel");
  const b = body as Record<string, unknown>;
  // ViaCEP says "not found" with erro: true (older answers: "true").
  if (b.erro === true || b.erro === "true") return fail("nao_encontrado");
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  if (!str(b.cep)) return fail("nao_encontrado");
  return {
    ok: true,
    endereco: {
      endereco: str(b.logradouro),
      bairro: str(b.bairro),
      cidade: str(b.localidade),
      estado: str(b.uf),
      cep: str(b.cep),
    },
  };
}

/** "15500-000" / "15500000" → "15500000" (produto §5: the hyphen is removed); null when not a CEP. */
export function normalizeCep(input: string) {
  const digits = input.replace(/[\s.-]/g, "");
  return /^\d{8}$/.test(digits) ? digits : null;
}

/** Looks a CEP up in ViaCEP (3 s timeout, answers cached); never throws. */
export async function buscarCep(input: string): Promise<CepResult> {
  const digits = normalizeCep(input);
  if (!digits) return fail("invalido");
  const hit = cache.get(digits);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.result;
  let result: CepResult;
  try {
    const res = await fetch(`${getEnv().VIACEP_URL.replace(/\/$/, "")}/${digits}/json/`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { Accept: "application/json" },
    });
    if (res.status === 400 || res.status === 404) result = fail("nao_encontrado");
    else if (!res.ok) return fail("indisponivel");
    else result = mapViaCep(await res.json().catch(() => null));
  } catch {
    return fail("indisponivel");
  }
  if (result.ok || result.reason === "nao_encontrado") {
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(digits, { at: Date.now(), result });
  }
  return result;
}

export function clearCepCache() {
  cache.clear();
}
