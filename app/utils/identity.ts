// How the login counters name an e-mail and a client address. Pure: shared by models and tests.
import ipaddr from "ipaddr.js";

// Characters that render as nothing (soft hyphen, zero-width space/joiners, word joiner, BOM):
// "ad\u00ADmin@x" must count against the same e-mail as "admin@x".
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;

/** The e-mail as the counters and the user lookup see it: NFKC, no invisible characters, trimmed, lower case. */
export function normalizeEmail(email: string) {
  return email.normalize("NFKC").replace(INVISIBLE, "").trim().toLowerCase();
}

/**
 * The unit a per-IP counter counts: an IPv4 address as is (also when written as ::ffff:a.b.c.d),
 * an IPv6 address by its /64, because one subscriber usually holds a whole /64 and could
 * otherwise rotate through 2^64 addresses. IPv6 parsed by ipaddr.js (what express's proxy-addr
 * uses for req.ip); anything else is counted as written.
 */
export function ipGroup(ip: string) {
  const bare = ip.split("%")[0]; // a zone (fe80::1%eth0) is not part of the address
  if (!ip.includes(":") || !ipaddr.IPv6.isValid(bare)) return ip;
  const v6 = ipaddr.IPv6.parse(bare);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts.slice(0, 4).map((p) => p.toString(16)).join(":")}::/64`;
}
