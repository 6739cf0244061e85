// The Node the project brings (the `node` package, package.json's devDependencies, exact) is the
// oldest one its entry points may run on: server.mjs, scripts/start.mjs and the container's
// scripts/docker-start.mjs import this first, so a plain system `node` (v20 on these machines)
// stops here, saying what to run instead, rather than serving on a Node nothing was tested on.
// Evaluated on import, before the importer's other imports (ES modules run in import order).
// Written for old Nodes too: fs and JSON only, no syntax newer than the Nodes it turns away.
import fs from "node:fs";

const pkg = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const wanted = String(pkg.devDependencies && pkg.devDependencies.node);
const parts = (v) => v.replace(/^v/, "").split(".").map(Number);

/** True when `running` (x.y.z) is older than `required` (x.y.z). */
export function olderThan(running, required) {
  const a = parts(running);
  const b = parts(required);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

if (!/^\d+\.\d+\.\d+$/.test(wanted)) {
  console.error(`[node] package.json: devDependencies.node deve ser uma versão exata (x.y.z), não "${wanted}".`);
  process.exit(1);
}
if (olderThan(process.versions.node, wanted)) {
  console.error(
    [
      "",
      `[node] Este projeto roda no Node ${wanted} ou mais novo; este processo é o Node ${process.versions.node} (${process.execPath}).`,
      "  Rode pelo npm, que usa o Node do projeto (node_modules/.bin/node): npm start, ou npm run serve.",
      "  Sem node_modules/.bin/node, instale antes: npm ci (ou npm install).",
      `  No container: a imagem base do Dockerfile é node:${wanted}-bookworm-slim.`,
      "",
    ].join("\n"),
  );
  process.exit(1);
}
