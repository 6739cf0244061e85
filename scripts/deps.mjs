// `npm run deps`: what is outdated, so the next update is a command (`npm update` for the minors,
// `npm install pkg@latest` for a major), with the majors the stack holds back on purpose marked.
import { spawnSync } from "node:child_process";

// Majors we stay below on purpose (README "The stack", docs/decisions): not forgotten updates.
const HELD = {
  "remix-toast": "4.x needs zod 4 (issue 31 moves zod later)",
  zod: "zod 3 (conform's zod 3 adapter)",
  typescript: "TypeScript 6.0 (typescript-eslint stops below 6.1)",
  express: "express 4 (a move of its own)",
  "@types/express": "express 4",
  "@types/node": "the Node we run (24)",
  node: "Node 24 LTS",
};

const r = spawnSync("npm", ["outdated", "--json"], { encoding: "utf8" });
const outdated = JSON.parse(r.stdout || "{}");
const rows = Object.entries(outdated).map(([name, v]) => {
  const major = (s) => Number(String(s).split(".")[0]);
  const behind = v.current !== v.wanted ? "minor/patch: npm update" : major(v.latest) > major(v.current) ? HELD[name] ? `held: ${HELD[name]}` : "new major: read its changelog" : "";
  return { package: name, current: v.current ?? "(missing)", wanted: v.wanted, latest: v.latest, action: behind };
});
if (rows.length === 0) console.log("Todas as dependências estão em dia.");
else console.table(rows);
const pending = rows.filter((x) => !x.action.startsWith("held"));
if (pending.length) console.log(`\n${pending.length} atualização(ões) a fazer: ${pending.map((x) => x.package).join(", ")}`);
