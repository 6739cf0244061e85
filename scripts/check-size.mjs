// `npm run lint` (part of `npm test`): no source file over 250 lines. Small files are easier to read
// and to change; a file that grows past this has become two concerns.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

export const MAX_LINES = 250;
const SOURCE = /\.(ts|tsx|mts|mjs|cjs|js|css)$/;

const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => SOURCE.test(f) && fs.existsSync(f));
const long = files
  .map((f) => ({ f, n: fs.readFileSync(f, "utf8").split("\n").length - 1 }))
  .filter(({ n }) => n > MAX_LINES)
  .sort((a, b) => b.n - a.n);
if (long.length) {
  console.error(`Arquivos com mais de ${MAX_LINES} linhas (divida-os por assunto):`);
  for (const { f, n } of long) console.error(`  ${n}\t${f}`);
  process.exit(1);
}
console.log(`✔ ${files.length} arquivos de código, nenhum com mais de ${MAX_LINES} linhas`);
