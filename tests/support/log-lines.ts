// The JSON lines the app's log (app/log.server.ts) writes while a test runs: it writes to
// process.stdout, which this spies on (and keeps quiet). Lines that are not JSON are left out.
import { vi } from "vitest";

export type LogLine = Record<string, unknown> & { msg?: string; level?: string; sub?: string };

export function captureLog() {
  const spy = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  const raw = () => spy.mock.calls.map((c) => String(c[0])).join("");
  const lines = (): LogLine[] =>
    raw()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as LogLine);
  return { lines, raw, restore: () => spy.mockRestore() };
}
