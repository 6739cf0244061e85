// Layer rules of app/, server/ and scripts/ (README, "How the code is laid out"), checked by
// `npm run lint` in `npm test`. From the floor up: utils (pure, browser-safe) → db → services →
// models → jobs / http → routes/components; server/ (express around React Router) sees the app only
// through the build's seam.

/** A forbidden import: from files matching `from` to anything matching `to` (a path or a `to` object). */
const rule = (name, comment, from, to) => ({
  name,
  comment,
  severity: "error",
  from: from ? { path: from } : {},
  to: typeof to === "string" ? { path: to } : to,
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    rule("no-circular", "A cycle means two modules are one concern split in two, or a layer crossed.", null, { circular: true }),
    rule("utils-are-pure", "app/utils runs in the browser and on the server: it imports only other utils (and npm).", "^app/utils/", "^app/(?!utils/)"),
    rule("db-is-the-floor", "app/db imports only itself, app/utils, the configuration, the process state and the log.", "^app/db/", "^app/(?!db/|utils/|env\\.server\\.ts$|process-state\\.server\\.ts$|log\\.server\\.ts$)"),
    rule(
      "content-writes-through-contentWrite",
      "Only contentWrite may open a content write (app/db/content-guard.server.ts refuses the others).",
      "^app/(?!db/|models/listings/content-version\\.server\\.ts$)",
      { path: "^app/db/content-guard\\.server\\.ts$" },
    ),
    rule(
      "server-sees-only-the-seam",
      "server/ takes the app from the built bundle through `seam` only: importing another app module would load a second copy (a second pool, second caches).",
      "^server/",
      "^app/(?!seam\\.server\\.ts$)",
    ),
    rule("app-does-not-know-the-server", "The app runs under any server (vite dev, tests, React Router's own): it never imports server/.", "^app/", "^server/"),
    rule(
      "services-below-models",
      "app/services (images, CEP, rate limits, sanitizing) serve the models; they never reach up.",
      "^app/services/",
      "^app/(models|http|routes|components|seed)/|^app/(root|entry\\.)",
    ),
    rule(
      "models-know-no-http",
      "app/models are domain operations: no routes, components, HTTP adapters or seed.",
      "^app/models/",
      "^app/(http|routes|components|seed)/|^app/(root|entry\\.)",
    ),
    rule(
      "domain-imports-no-web-framework",
      "Models, services and db never see React Router, remix-auth, remix-toast, the form-data parser or conform: Request/Response stay in app/http.",
      "^app/(models|jobs|services|db)/",
      "node_modules/(react-router|@react-router|@remix-run|remix-auth|remix-auth-form|remix-toast|@conform-to)/",
    ),
    rule(
      "models-run-no-jobs",
      "app/jobs (the mail worker, the daily maintenance) schedule model operations; a model never starts or pokes one.",
      "^app/(models|services|db|utils)/",
      "^app/jobs/",
    ),
    rule(
      "jobs-know-no-http",
      "app/jobs run beside the requests: models and services, no routes, components or HTTP adapters.",
      "^app/jobs/",
      "^app/(http|routes|components|seed)/|^app/(root|entry\\.)",
    ),
    rule("http-serves-routes", "app/http is the HTTP side used by routes; it never imports routes or components.", "^app/http/", "^app/(routes|components)/"),
    rule(
      "components-never-import-server-code",
      "Browser code: no *.server module, not even for a type (move the type to app/utils).",
      "^app/components/",
      "\\.server\\.tsx?$|^app/(http|models|jobs|services|db|seed)/",
    ),
    rule("nobody-imports-routes", "Route modules are the top: shared code lives below them.", "^app/(?!routes/)", "^app/routes/"),
    rule(
      "not-to-unresolvable",
      "Every import resolves (CSS and ?url assets are Vite's; a route's ./+types/ are React Router's typegen, in .react-router/).",
      null,
      { couldNotResolve: true, pathNot: "\\?url$|\\.css$|/\\+types/" },
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count too: a component must not even name a server module's type.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
