// The W3C Nu HTML checker (the vnu-jar package: the W3C's own checker, run offline on Java) over
// many pages at once: one JVM for all of them, its start being most of the time.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The jar itself, not the package's wrapper: that one downloads a Java of its own when the
// machine has none, and this machine reaches no such server. .ci/run installs one instead.
const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
// A short run: the JIT's first tier only and the serial collector halve its CPU (36 pages, measured
// on this 2-core machine: 9.5–10 s → 4.5–5 s, most of it the start); the first tier's larger
// frames then need the bigger stack the checker asks for (a StackOverflowError at the default one).
const JAVA_OPTIONS = ["-Xss4m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];

export type VnuMessage = { type: string; subType?: string; url?: string; lastLine?: number; lastColumn?: number; firstColumn?: number; message: string; extract?: string };
/** Every error of a page, and its warnings. */
export type PageReport = { page: string; errors: VnuMessage[]; warnings: VnuMessage[] };

/** `pages`: a page's name (its path) → its HTML as served. The checker's findings, page by page. */
export async function checkHtml(pages: Map<string, string>, dir: string): Promise<PageReport[]> {
  await fs.mkdir(dir, { recursive: true });
  const byFile = new Map<string, PageReport>();
  for (const [page, html] of pages) {
    const file = path.resolve(dir, `page-${byFile.size + 1}.html`);
    await fs.writeFile(file, html);
    byFile.set(file, { page, errors: [], warnings: [] });
  }
  const { messages } = JSON.parse(await runVnu([...byFile.keys()])) as { messages: VnuMessage[] };
  for (const m of messages) {
    const report = m.url?.startsWith("file:") ? byFile.get(fileURLToPath(m.url)) : undefined;
    // A message about no page (the checker itself failing) must not go unseen.
    if (!report) throw new Error(`vnu: ${m.type}: ${m.message}`);
    if (m.type === "info") {
      if (m.subType === "warning") report.warnings.push(m);
    } else {
      report.errors.push(m);
    }
  }
  return [...byFile.values()];
}

function runVnu(files: string[]) {
  return new Promise<string>((resolve, reject) => {
    // --stdout: the JSON report on stdout; exit code 1 only says that some page has an error.
    execFile("java", [...JAVA_OPTIONS, "-jar", VNU_JAR, "--format", "json", "--stdout", ...files], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if ((error as NodeJS.ErrnoException | null)?.code === "ENOENT") {
        reject(new Error("vnu needs a Java runtime (java on the PATH): apt-get install default-jre-headless, as .ci/run does"));
      } else if (!stdout.trim().startsWith("{")) {
        reject(new Error(`vnu did not report: ${error?.message ?? ""} ${stderr}`));
      } else resolve(stdout);
    });
  });
}

/** One line per message: where, what, and the markup around it. */
export function describe(page: string, m: VnuMessage) {
  const where = m.lastLine ? `:${m.lastLine}:${m.firstColumn ?? 0}` : "";
  return `${page}${where} ${m.message}${m.extract ? ` [${m.extract.replace(/\s+/g, " ").trim()}]` : ""}`;
}
