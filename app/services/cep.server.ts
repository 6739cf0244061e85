import { LRUCache } from "lru-cache";
import { getEnv } from "../env.server";
import { ipGroup } from "../utils/identity";
import { formatRetry, hit } from "./rate-limit.server";

export type Endereco = { endereco: string; bairro: string; cidade: string; estado: string; cep: string };
export type CepResult =
  | { ok: true; endereco: Endereco }
  | { ok: false; reason: "invalido" | "nao_encontrado" | "indisponivel"; message: string }
  | { ok: false; reason: "limite"; message: string; retryAt: Date };

export const CEP_MESSAGES = {
  invalido: "CEP inválido",
  nao_encontrado: "CEP nao encontrado !",
  indisponivel: "Serviço de CEP indisponível no momento. Preencha o endereço à mão ou tente de novo.",
} as const;

const TIMEOUT_MS = 3000;
/** Look-ups per client address (IPv6: per /64) and minute: the service is anonymous and ViaCEP's quota is shared. */
export const CEP_LIMIT = 30;
export const CEP_WINDOW_MS = 60_000;
// Found and "not found" answers alike: a repeat never reaches ViaCEP. Bounded, so a scan of random
// CEPs cannot grow the memory; a CEP that does not exist today may exist tomorrow, hence the TTL.
const cache = new LRUCache<string, CepResult>({ max: 2000, ttl: 24 * 3600_000 });

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

/**
 * Looks a CEP up in ViaCEP (3 s timeout, answers cached); never throws. With `ip`, well-formed
 * look-ups count against that address's limit (a malformed one costs nothing and is not counted).
 */
export async function lookupCep(input: string, ip?: string): Promise<CepResult> {
  const digits = normalizeCep(input);
  if (!digits) return fail("invalido");
  if (ip !== undefined) {
    const limit = await hit(`cep:${ipGroup(ip)}`, CEP_LIMIT, CEP_WINDOW_MS);
    if (!limit.allowed) {
      const message = `Muitas consultas de CEP. Tente novamente em ${formatRetry(limit.retryAt)}.`;
      return { ok: false, reason: "limite", message, retryAt: limit.retryAt };
    }
  }
  const cached = cache.get(digits);
  if (cached) return cached;
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
  if (result.ok || result.reason === "nao_encontrado") cache.set(digits, result);
  return result;
}

export function clearCepCache() {
  cache.clear();
}
