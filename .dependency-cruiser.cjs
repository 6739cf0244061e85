// Layer rules of app/ (README, "How the code is laid out"), checked by `npm run lint` in `npm test`.
// From the floor up: utils (pure, browser-safe) → db → services → models → http → routes/components.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A cycle means two modules are one concern split in two, or a layer crossed.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "utils-are-pure",
      comment: "app/utils runs in the browser and on the server: it imports only other utils (and npm).",
      severity: "error",
      from: { path: "^app/utils/" },
      to: { path: "^app/(?!utils/)" },
    },
    {
      name: "db-is-the-floor",
      comment: "app/db imports nothing above it: only itself, app/utils and the configuration.",
      severity: "error",
      from: { path: "^app/db/" },
      to: { path: "^app/(?!db/|utils/|env\\.server\\.ts$)" },
    },
    {
      name: "services-below-models",
      comment: "app/services (images, CEP, rate limits, sanitizing) serve the models; they never reach up.",
      severity: "error",
      from: { path: "^app/services/" },
      to: { path: "^app/(models|http|routes|components|seed)/|^app/(root|entry\\.)" },
    },
    {
      name: "models-know-no-http",
      comment: "app/models are domain operations: no routes, components, HTTP adapters or seed.",
      severity: "error",
      from: { path: "^app/models/" },
      to: { path: "^app/(http|routes|components|seed)/|^app/(root|entry\\.)" },
    },
    {
      name: "domain-imports-no-web-framework",
      comment: "Models and services never see Remix, remix-auth, remix-toast or conform: Request/Response stay in app/http.",
      severity: "error",
      from: { path: "^app/(models|services|db)/" },
      to: { path: "node_modules/(@remix-run|remix-auth|remix-auth-form|remix-toast|@conform-to)/" },
    },
    {
      name: "http-serves-routes",
      comment: "app/http is the HTTP side used by routes; it never imports routes or components.",
      severity: "error",
      from: { path: "^app/http/" },
      to: { path: "^app/(routes|components)/" },
    },
    {
      name: "components-never-import-server-code",
      comment: "Browser code: no *.server module, not even for a type (move the type to app/utils).",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "\\.server\\.tsx?$|^app/(http|models|services|db|seed)/" },
    },
    {
      name: "nobody-imports-routes",
      comment: "Route modules are the top: shared code lives below them.",
      severity: "error",
      from: { path: "^app/(?!routes/)" },
      to: { path: "^app/routes/" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: "\\?url$|\\.css$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count too: a component must not even name a server module's type.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
