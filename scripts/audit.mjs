// `npm run audit` (and .ci/run): the production dependencies against the registry's advisories;
// fails on any high or critical one. npm audit cannot tell "nothing found" from "could not ask" in
// its exit code, so this reads its JSON: a registry that refuses the audit endpoint (a mirror or
// proxy that only serves GET, as on the machines this project is built on) is said loudly, and
// fails too when AUDIT_REQUIRED=1 (a CI with internet must set it: an unasked audit is no audit).
import { spawnSync } from "node:child_process";

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
  const why = report.message || report.error?.summary || "erro desconhecido";
  console.error(`[audit] NÃO VERIFICADO: o registro recusou a consulta de vulnerabilidades (${why.trim()}).`);
  process.exit(process.env.AUDIT_REQUIRED === "1" ? 1 : 0);
}
const grave = (counts.high ?? 0) + (counts.critical ?? 0);
const found = Object.values(report.vulnerabilities ?? {}).filter((v) => v.severity === "high" || v.severity === "critical");
for (const v of found) console.error(`[audit] ${v.severity}: ${v.name} (${v.range}) ${v.fixAvailable ? "— correção disponível" : ""}`);
console.log(`[audit] dependências de produção: ${counts.critical ?? 0} críticas, ${counts.high ?? 0} altas, ${counts.moderate ?? 0} moderadas, ${counts.low ?? 0} baixas.`);
process.exit(grave > 0 ? 1 : 0);
