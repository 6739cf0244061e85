// The password rule (≥ 10 characters, not a common one): used by the change-password form, its
// action and `npm run admin`. Pure, so the form can use it through the shared zod schema.
import { COMMON_PASSWORDS } from "./common-passwords";

export const MIN_PASSWORD = 10;
export const MAX_PASSWORD = 200;

/** Why `password` is refused (Portuguese, for the form), or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD) return `A senha precisa de pelo menos ${MIN_PASSWORD} caracteres.`;
  if (password.length > MAX_PASSWORD) return `A senha pode ter no máximo ${MAX_PASSWORD} caracteres.`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return "Esta senha é muito comum. Escolha outra.";
  if (/^(.)\1+$/.test(password)) return "Esta senha é muito fácil de adivinhar. Escolha outra.";
  return null;
}
