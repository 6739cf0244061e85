// app/scripts-gate.server.ts: the route modules wait for window.__scriptsGate (decision 0017), by a
// rewrite of <Scripts>'s markup; and the request context reads as "no nonce" when nobody set one.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { cspNonceContext, requestContext } from "~/http/request-context.server";
import { gateScripts } from "~/scripts-gate.server";

const PAGE = [
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>',
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="n1"/><link rel="stylesheet" href="/assets/app.css"/></head><body><main></main>',
  '<script nonce="n1">window.__reactRouterContext = {};</script>',
  '<script nonce="n1" type="module" async="">;\nimport * as route0 from "/assets/root-B.js";\nimport * as route1_main from "/assets/x-C.js";\n',
  "const route1 = {...route1_main};\n  window.__reactRouterRouteModules = {\"root\":route0,\"routes/x\":route1};\n\nimport(\"/assets/entry.client-A.js\");</script></body></html>",
].join("");

describe("the scripts gate", () => {
  it("drops the preload links and imports the route modules only once the gate resolves", () => {
    const { html, gated } = gateScripts(PAGE);
    expect(gated).toBe(true);
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).not.toMatch(/^import \* as/m);
    const script = /<script nonce="n1" type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(script.startsWith('(window.__scriptsGate||Promise.resolve()).then(()=>Promise.all([import("/assets/root-B.js"),import("/assets/x-C.js")])).then(([route0,route1_main])=>{')).toBe(true);
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/x":route1};');
    expect(script).toContain('import("/assets/entry.client-A.js");');
  });

  it("writes the route manifest without its indentation, the same JSON", () => {
    const manifest = { entry: { module: "/assets/entry.client-A.js", imports: ["/assets/jsx-B.js"] }, routes: { root: { id: "root", path: "" } }, version: "a0" };
    const page = PAGE.replace("  window.__reactRouterRouteModules", `  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n  window.__reactRouterRouteModules`);
    const { html, gated } = gateScripts(page);
    expect(gated).toBe(true);
    expect(html).toContain(`window.__reactRouterManifest = ${JSON.stringify(manifest)};`);
    expect(html.length).toBeLessThan(page.length - (JSON.stringify(manifest, null, 2).length - JSON.stringify(manifest).length));
    // The same page again: the same bytes (the rewrite is kept per script).
    expect(gateScripts(page).html).toBe(html);
  });

  it("drops a preload link wherever React put it, not only in the <head>", () => {
    for (const page of [
      PAGE.replace("<main></main>", '<main></main><link rel="modulepreload" href="/assets/late-D.js"/>'),
      PAGE.replace("</body>", '<link rel="modulepreload" href="/assets/after-E.js"/></body>'),
    ]) {
      const { html, gated } = gateScripts(page);
      expect(gated).toBe(true);
      expect(html).not.toContain("modulepreload");
    }
  });

  it("leaves a page whose scripts it does not recognize as it was", () => {
    const other = PAGE.replace('type="module" async=""', 'type="module"');
    expect(gateScripts(other)).toEqual({ html: other, gated: false });
  });
});

describe("the request context", () => {
  it("says no nonce when the server set none, and when nobody made it (react-router dev)", () => {
    expect(requestContext("abc").get(cspNonceContext)).toBe("abc");
    expect(requestContext(undefined).get(cspNonceContext)).toBeNull();
    expect(new RouterContextProvider().get(cspNonceContext)).toBeNull();
  });
});
