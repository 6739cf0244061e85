// The advisories issue 31 named, checked in package-lock.json itself: what `npm run audit` can still
// say where the registry refuses the audit endpoint (as here), and a test's claim about the lockfile
// (tests/unit/lockfile-advisories.test.ts). Not a replacement for the registry's list: it knows only
// these; the registry knows every advisory published since.

/** Each rule: a package and the versions that carry an advisory (`absent`: any version at all). */
export const KNOWN_ADVISORIES = [
  // Remix 2's React packages: end of life, and @remix-run/react pins turbo-stream 2.4.1 exactly.
  { name: "@remix-run/react", absent: true, why: "Remix 2 (fim de vida); fixa turbo-stream 2.4.1 (CVE-2026-34077)" },
  { name: "@remix-run/router", absent: true, why: "GHSA-jjmj-jmhj-qwj2, GHSA-337j-9hxr-rhxg, GHSA-wrjc-x8rr-h8h6" },
  { name: "@remix-run/server-runtime", absent: true, why: "Remix 2 (fim de vida)" },
  { name: "turbo-stream", below: "3.0.0", why: "CVE-2026-34077 (alta)" },
  // GHSA-jjmj-jmhj-qwj2 is fixed in 6.30.6, the other two only in 7.18: 7.18 covers all three.
  { name: "react-router", below: "7.18.0", why: "GHSA-jjmj-jmhj-qwj2, GHSA-337j-9hxr-rhxg, GHSA-wrjc-x8rr-h8h6" },
];

/** a < b for plain x.y.z versions; a pre-release counts as below its release (the safe side). */
export function versionBelow(a, b) {
  const parse = (v) => {
    const [core, pre] = String(v).split(/-(.*)/s);
    return { nums: core.split(".").map((n) => Number.parseInt(n, 10) || 0), pre: pre !== undefined };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if ((x.nums[i] ?? 0) !== (y.nums[i] ?? 0)) return (x.nums[i] ?? 0) < (y.nums[i] ?? 0);
  return x.pre && !y.pre;
}

/** Every copy of every package in a lockfile (v2/v3 `packages`): name, version, where. */
export function lockfilePackages(lock) {
  return Object.entries(lock.packages ?? {})
    .filter(([where]) => where.includes("node_modules/"))
    .map(([where, meta]) => ({ name: meta.name ?? where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length), version: meta.version, where }));
}

/** The copies in `lock` that a known advisory covers, each with why. */
export function lockfileAdvisories(lock, rules = KNOWN_ADVISORIES) {
  const found = [];
  for (const p of lockfilePackages(lock)) {
    for (const rule of rules) {
      if (p.name !== rule.name) continue;
      if (rule.absent || !p.version || versionBelow(p.version, rule.below)) found.push({ ...p, why: rule.why });
    }
  }
  return found;
}
