// Brazilian phone numbers as WhatsApp wants them: the country code 55, the DDD, the number.

/**
 * The digits of `phone` in international form (55 + DDD + number), or null when it cannot be
 * one: a number without DDD (8–9 digits) would reach someone else in another area.
 * "+1 415…" and "00 351…" keep their own country code.
 */
export function whatsappNumber(phone: string): string | null {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) return digits.length >= 8 ? digits : null;
  if (digits.startsWith("00")) return digits.length >= 10 ? digits.slice(2) : null;
  digits = digits.replace(/^0+/, ""); // trunk prefix: 017 99999-9999
  if (digits.length === 10 || digits.length === 11) return `55${digits}`;
  if (digits.startsWith("55") && (digits.length === 12 || digits.length === 13)) return digits;
  return null;
}

/** https://wa.me/55… with an optional pre-filled text; null when the number is not usable. */
export function whatsappUrl(phone: string, text?: string) {
  const n = whatsappNumber(phone);
  if (!n) return null;
  return `https://wa.me/${n}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}
