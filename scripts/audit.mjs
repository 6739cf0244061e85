// `npm run audit` (and .ci/run): the production dependencies against the registry's advisories; fails
// on any of severity moderate or higher (low ones are listed, not failed: README). npm audit cannot
// tell "nothing found" from "could not ask" in its exit code, so this reads its JSON.
//
// Where the registry refuses the audit endpoint (a mirror or proxy that serves only GET, as on the
// machines this project is built on: 405), nothing was checked against the registry, and the script
// says so in those words: NÃO VERIFICADO, exit 0, or exit 1 with AUDIT_REQUIRED=1 (a machine with the
// real registry must set it: an unasked audit is no audit). What it can still check there, it does:
// package-lock.json against the advisories issue 31 named (scripts/known-advisories.mjs), which
// fails the run wherever it runs.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { lockfileAdvisories } from "./known-advisories.mjs";

const FAILING = ["moderate", "high", "critical"];

// npm audit reads the lockfile too (not node_modules): without it there is nothing to audit.
if (!fs.existsSync("package-lock.json")) {
  console.error("[audit] package-lock.json não encontrado: rode na raiz de um checkout do projeto.");
  process.exit(1);
}
const known = lockfileAdvisories(JSON.parse(fs.readFileSync("package-lock.json", "utf8")));
for (const k of known) console.error(`[audit] aviso conhecido: ${k.name}@${k.version} em ${k.where}: ${k.why}`);
const knownLine = known.length
  ? `[audit] package-lock.json: ${known.length} cópia(s) com aviso conhecido (scripts/known-advisories.mjs).`
  : "[audit] package-lock.json: nenhum dos avisos conhecidos (scripts/known-advisories.mjs).";

const r = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
let report;
try {
  report = JSON.parse(r.stdout);
} catch {
  console.error(`[audit] npm audit não respondeu em JSON:\n${r.stdout}${r.stderr}`);
  process.exit(1);
}
const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const why = (report.message || report.error?.summary || report.error?.code || "erro desconhecido").trim();
  console.error(`[audit] NÃO VERIFICADO: o registro recusou a consulta de vulnerabilidades (${why}).`);
  console.error("[audit] Nenhum aviso publicado foi consultado; só a lista local abaixo. Rode AUDIT_REQUIRED=1 npm run audit onde o registro responde (README).");
  console.log(knownLine);
  process.exit(known.length > 0 || process.env.AUDIT_REQUIRED === "1" ? 1 : 0);
}
const failing = FAILING.reduce((n, severity) => n + (counts[severity] ?? 0), 0);
const found = Object.values(report.vulnerabilities ?? {}).filter((v) => FAILING.includes(v.severity));
for (const v of found) console.error(`[audit] ${v.severity}: ${v.name} (${v.range})${v.fixAvailable ? " — correção disponível" : ""}`);
console.log(
  `[audit] dependências de produção: ${counts.critical ?? 0} críticas, ${counts.high ?? 0} altas, ${counts.moderate ?? 0} moderadas, ${counts.low ?? 0} baixas.`,
);
console.log(knownLine);
process.exit(failing > 0 || known.length > 0 ? 1 : 0);
