// The route modules load once the page's largest image has painted (decision 0017), not with the
// HTML. React Router's <Scripts> has no option for that: it renders a <link rel="modulepreload">
// per chunk (React 19 hoists them into <head>, before every image) and an inline module script
// whose static imports start every download as soon as it is parsed. Remix 2's <Scripts> was
// patched for it (not made again in React Router's patch, decision 0044); here the rendered HTML
// is rewritten instead, in one pass over the string entry.server.tsx already holds: the preload
// links go, and the module script imports the same modules with import() once
// window.__scriptsGate (components/hydration-gate.tsx) resolves.
// It reads React Router's markup, not its code (decision 0031): when that markup changes, the page
// is left as rendered (it still works, its scripts load early) and tests/e2e/quality.spec.ts fails.

/** Every <link rel="modulepreload"> of the page: on the server only <Scripts> renders them. */
const PRELOAD_LINK = /<link rel="modulepreload"[^>]*>/g;
/** The end of <Scripts>'s inline module script's opening tag (its nonce, when there is one, comes first). */
const MODULE_MARK = ' type="module" async="">';
const MODULE_OPEN = /^<script(?: nonce="[^"]*")?$/;
/** One static import of that script: `import "x";` or `import * as route0 from "x";`. */
const STATIC_IMPORT = /^[ \t]*import (?:\* as (\w+) from )?("[^"\n]+");[ \t]*$/gm;
/** The route manifest React Router writes into that script, indented (`JSON.stringify(…, null, 2)`). */
const MANIFEST = /(window\.__reactRouterManifest = )(\{[\s\S]*?\n\});/;

/**
 * The gated module script's body, or null when it has no static import to gate. Its route manifest
 * is written without the indentation: the same JSON, 628 bytes less of the home page's 27 KB.
 */
export function gatedModuleScript(script: string): string | null {
  const imports: { name?: string; spec: string }[] = [];
  const rest = script.replace(STATIC_IMPORT, (_all, name: string | undefined, spec: string) => {
    imports.push({ name, spec });
    return "";
  });
  if (!imports.length) return null;
  const loads = imports.map((i) => `import(${i.spec})`).join(",");
  const names = imports.map((i) => i.name ?? "").join(",");
  const body = rest.replace(MANIFEST, (all, assign: string, json: string) => {
    try {
      return `${assign}${JSON.stringify(JSON.parse(json))};`;
    } catch {
      return all;
    }
  });
  return `(window.__scriptsGate||Promise.resolve()).then(()=>Promise.all([${loads}])).then(([${names}])=>{${body.trim()}});`;
}

// A page's module script depends only on its routes and the build (no nonce, no data: the nonce is in
// its tag), so each is rewritten once: a few dozen kinds of page, kept while the process lives.
const rewritten = new Map<string, string | null>();
function gatedOnce(script: string) {
  let body = rewritten.get(script);
  if (body === undefined) {
    if (rewritten.size >= 500) rewritten.clear();
    body = gatedModuleScript(script);
    rewritten.set(script, body);
  }
  return body;
}

/**
 * The page with its scripts gated; the page as it was when <Scripts>'s markup is not found. Found by
 * indexOf rather than a regular expression over the whole page, and the preload links looked for in
 * the <head>, where React hoists them (anywhere when one is found after it): this runs on every render.
 */
export function gateScripts(html: string): { html: string; gated: boolean } {
  const mark = html.indexOf(MODULE_MARK);
  const open = mark < 0 ? -1 : html.lastIndexOf("<script", mark);
  const close = mark < 0 ? -1 : html.indexOf("</script>", mark);
  if (open < 0 || close < 0 || !MODULE_OPEN.test(html.slice(open, mark))) return { html, gated: false };
  const body = gatedOnce(html.slice(mark + MODULE_MARK.length, close));
  if (!body) return { html, gated: false };
  const headEnd = html.indexOf("</head>");
  const inHead = headEnd >= 0 && html.indexOf('<link rel="modulepreload"', headEnd) < 0;
  const before = html.slice(0, mark + MODULE_MARK.length);
  if (inHead) return { html: before.slice(0, headEnd).replace(PRELOAD_LINK, "") + before.slice(headEnd) + body + html.slice(close), gated: true };
  return { html: before.replace(PRELOAD_LINK, "") + body + html.slice(close).replace(PRELOAD_LINK, ""), gated: true };
}
