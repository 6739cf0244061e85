// A Content-Security-Policy for a shared (cached) copy of a page. The per-request CSP allows the
// page's inline scripts by nonce ('nonce-…' 'strict-dynamic'); a copy served to many visitors must
// not carry one nonce for all of them, so its inline scripts are allowed by their SHA-256 instead,
// and the build's own modules by 'self' ('strict-dynamic' would ignore 'self').
import crypto from "node:crypto";

const INLINE: Record<string, RegExp> = { "script-src": /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi, "style-src": /<style\b[^>]*>([\s\S]*?)<\/style>/gi };

function hashesOf(html: string, re: RegExp) {
  const out = new Set<string>();
  for (const m of html.matchAll(re)) out.add(`'sha256-${crypto.createHash("sha256").update(m[1], "utf8").digest("base64")}'`);
  return [...out];
}

/** The shared twin of `header` for `html`; the header itself when it uses no nonce. */
export function sharedCsp(header: string, html: string): string {
  if (!/'nonce-/.test(header)) return header;
  return header
    .split(";")
    .map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      if (!values.some((v) => v.startsWith("'nonce-"))) return d.trim();
      const kept = values.filter((v) => !v.startsWith("'nonce-") && v !== "'strict-dynamic'");
      const re = INLINE[name] ?? INLINE["script-src"];
      const extra = name.startsWith("script-src") && !kept.includes("'self'") ? ["'self'"] : [];
      return [name, ...extra, ...kept, ...hashesOf(html, re)].join(" ");
    })
    .join("; ");
}
