// The route modules load once the page's largest image has painted (decision 0017), not with the
// HTML. React Router's <Scripts> has no option for that: it renders a <link rel="modulepreload">
// per chunk (React 19 hoists them into <head>, before every image) and an inline module script
// whose static imports start every download as soon as it is parsed. Remix 2 was patched for it
// (patches/, gone with the move); here the rendered HTML is rewritten instead, in one pass over
// the string entry.server.tsx already holds: the preload links go, and the module script imports
// the same modules with import() once window.__scriptsGate (components/hydration-gate.tsx) resolves.
// It reads React Router's markup, not its code (decision 0031): when that markup changes, the page
// is left as rendered (it still works, its scripts load early) and tests/e2e/quality.spec.ts fails.

/** Every <link rel="modulepreload"> of the page: on the server only <Scripts> renders them. */
const PRELOAD_LINK = /<link rel="modulepreload"[^>]*>/g;
/** <Scripts>'s inline module script (its nonce, when there is one, comes first). */
const MODULE_SCRIPT = /(<script(?: nonce="[^"]*")? type="module" async="">)([\s\S]*?)(<\/script>)/;
/** One static import of that script: `import "x";` or `import * as route0 from "x";`. */
const STATIC_IMPORT = /^[ \t]*import (?:\* as (\w+) from )?("[^"\n]+");[ \t]*$/gm;

/** The gated module script's body, or null when it has no static import to gate. */
export function gatedModuleScript(script: string): string | null {
  const imports: { name?: string; spec: string }[] = [];
  const rest = script.replace(STATIC_IMPORT, (_all, name: string | undefined, spec: string) => {
    imports.push({ name, spec });
    return "";
  });
  if (!imports.length) return null;
  const loads = imports.map((i) => `import(${i.spec})`).join(",");
  const names = imports.map((i) => i.name ?? "").join(",");
  return `(window.__scriptsGate||Promise.resolve()).then(()=>Promise.all([${loads}])).then(([${names}])=>{${rest}});`;
}

/** The page with its scripts gated; the page as it was when <Scripts>'s markup is not found. */
export function gateScripts(html: string): { html: string; gated: boolean } {
  const found = MODULE_SCRIPT.exec(html);
  const body = found && gatedModuleScript(found[2]);
  if (!found || !body) return { html, gated: false };
  const gated = html.slice(0, found.index) + found[1] + body + found[3] + html.slice(found.index + found[0].length);
  return { html: gated.replace(PRELOAD_LINK, ""), gated: true };
}
