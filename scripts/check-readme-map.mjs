// `npm run lint`: README's "How the code is laid out" is the map of the house. Every folder under
// app/ and server/ must be named there (as `app/models/backup/`, in backquotes), and every folder or
// file it names must exist: a folder added without its line, or a line left behind by a move, fails.
import fs from "node:fs";
import path from "node:path";

const ROOTS = ["app", "server"];
const readme = fs.readFileSync(process.env.README_MAP_FILE ?? "README.md", "utf8");
const start = readme.indexOf("## How the code is laid out");
const end = readme.indexOf("\n## ", start + 1);
if (start < 0) {
  console.error('README.md: a seção "## How the code is laid out" não existe.');
  process.exit(1);
}
const section = readme.slice(start, end < 0 ? undefined : end);
const named = new Set([...section.matchAll(/`((?:app|server)(?:\/[\w.[\]$-]+)*\/?)`/g)].map((m) => m[1]));

const folders = [];
const walk = (dir) => {
  folders.push(`${dir}/`);
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) walk(path.posix.join(dir, e.name));
};
for (const r of ROOTS) walk(r);

const missing = folders.filter((f) => !named.has(f));
const stale = [...named].filter((p) => !fs.existsSync(p));
if (missing.length || stale.length) {
  if (missing.length) console.error(`README.md ("How the code is laid out") não descreve: ${missing.join(", ")}`);
  if (stale.length) console.error(`README.md ("How the code is laid out") cita o que não existe mais: ${stale.join(", ")}`);
  process.exit(1);
}
console.log(`✔ README.md descreve as ${folders.length} pastas de ${ROOTS.join(" e ")}`);
