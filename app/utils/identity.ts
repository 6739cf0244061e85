// How the login counters name an e-mail and a client address. Pure: shared by models and tests.

// Characters that render as nothing (soft hyphen, zero-width space/joiners, word joiner, BOM):
// "ad\u00ADmin@x" must count against the same e-mail as "admin@x".
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;

/** The e-mail as the counters and the user lookup see it: NFKC, no invisible characters, trimmed, lower case. */
export function normalizeEmail(email: string) {
  return email.normalize("NFKC").replace(INVISIBLE, "").trim().toLowerCase();
}

/** Expands an IPv6 address to its 8 groups, or null when it is not one. */
function ipv6Groups(ip: string): string[] | null {
  const [head, tail, extra] = ip.split("::");
  if (extra !== undefined) return null;
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const missing = 8 - h.length - t.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...h, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...t];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""));
}

/**
 * The unit a per-IP counter counts: an IPv4 address as is (also when written as ::ffff:a.b.c.d),
 * an IPv6 address by its /64, because one subscriber usually holds a whole /64 and could
 * otherwise rotate through 2^64 addresses.
 */
export function ipGroup(ip: string) {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(":")) return ip;
  const groups = ipv6Groups(ip.split("%")[0]);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : ip;
}
