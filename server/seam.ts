// What the server takes from the React Router build: one export, `seam` (app/seam.server.ts), checked
// here at boot. A build without it, or with a member missing or of another kind (a renamed
// export, an old build), stops the start with a message naming what is missing, instead of
// switching a feature off without a word. The type is the app's own: `tsc` checks both sides.
import type { ServerBuild } from "react-router";
import type { ServerSeam } from "../app/seam.server.ts";

export type { ServerSeam };

/** Every member and its kind: a member added to the seam and not listed here fails `tsc`. */
const MEMBERS = {
  requestContext: "function",
  routeReads: "function",
  currentContentVersion: "function",
  renderContentVersion: "function",
  relayContentChanges: "function",
  forgetContentVersion: "function",
  personalCookie: "object",
  pageVariant: "function",
  unavailableResponse: "function",
  renderedDocument: "function",
  countVisualizacao: "function",
  startBackgroundJobs: "function",
  operationsFigures: "function",
  closeResources: "function",
} as const satisfies Record<keyof ServerSeam, "function" | "object">;

export function seamOf(build: ServerBuild): ServerSeam {
  const seam = (build.entry.module as { seam?: Record<string, unknown> }).seam;
  if (!seam) throw new Error("O build não exporta `seam` (app/entry.server.tsx → app/seam.server.ts): rode `npm run build` de novo.");
  const wrong = Object.entries(MEMBERS).filter(([name, kind]) => typeof seam[name] !== kind);
  if (wrong.length) {
    const list = wrong.map(([name, kind]) => `${name} (${kind})`).join(", ");
    throw new Error(`O \`seam\` do build não tem: ${list}. Rode \`npm run build\` de novo; se persistir, app/seam.server.ts e server/seam.ts divergem.`);
  }
  return seam as unknown as ServerSeam;
}
