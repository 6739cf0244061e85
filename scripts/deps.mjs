// `npm run deps`: what is outdated, so the next update is a command (`npm update` for the minors,
// `npm install pkg@latest` for a major), with the majors the stack holds back on purpose marked.
import { spawnSync } from "node:child_process";

// Majors (or, when package.json pins a ~range, minors) we stay below on purpose (README "The
// stack", docs/decisions): not forgotten updates.
const HELD = {
  zod: "zod 4.5: conform 1.21's getZodConstraint finds no lengths or bounds in zod 4.6 (conform issue 1340; decision 0034)",
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
  const newer = major(v.latest) > major(v.current) || (HELD[name] && v.latest !== v.current);
  const behind = v.current !== v.wanted ? "minor/patch: npm update" : newer ? HELD[name] ? `held: ${HELD[name]}` : "new major: read its changelog" : "";
  return { package: name, current: v.current ?? "(missing)", wanted: v.wanted, latest: v.latest, action: behind };
});
if (rows.length === 0) console.log("Todas as dependências estão em dia.");
else console.table(rows);
const pending = rows.filter((x) => !x.action.startsWith("held"));
if (pending.length) console.log(`\n${pending.length} atualização(ões) a fazer: ${pending.map((x) => x.package).join(", ")}`);
