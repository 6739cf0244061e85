import os from "node:os";
import path from "node:path";

// The browser tests' own database, image folder and stubs: never the development ones.
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/imobiliaria_e2e";

/** A database of the same server named after the e2e one: `imobiliaria_e2e_<suffix>`. */
export function e2eDatabaseUrl(suffix: string) {
  const u = new URL(DATABASE_URL);
  u.pathname += `_${suffix}`;
  return u.toString();
}

export const E2E = {
  DATABASE_URL,
  /** The e2e database as seeded, before any test ran (tests/e2e/server.ts): what seededDatabase() copies. */
  TEMPLATE_URL: e2eDatabaseUrl("template"),
  IMG_DIR: process.env.E2E_IMG_DIR ?? path.join(os.tmpdir(), "imobiliaria-e2e-img"),
  ADMIN_EMAIL: "admin@teste.local",
  ADMIN_PASSWORD: "senha-de-teste-123",
  SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret",
};
