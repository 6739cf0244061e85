import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Integration tests get their own database and image folder, never the development ones.
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/imobiliaria_vitest";
export const TEST_IMG_DIR = process.env.TEST_IMG_DIR ?? path.join(os.tmpdir(), "imobiliaria-vitest-img");

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/integration/global-setup.ts"],
    env: {
      NODE_ENV: "test",
      DATABASE_URL: TEST_DATABASE_URL,
      IMG_DIR: TEST_IMG_DIR,
      SESSION_SECRET: "test-secret-test-secret-test-secret",
      ADMIN_EMAIL: "admin@teste.local",
      ADMIN_PASSWORD: "senha-de-teste-123",
    },
    // A stray .only would silently skip the rest of the suite: fail the run instead, CI or not.
    allowOnly: false,
    // Integration tests share one real database: run files one after another.
    fileParallelism: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
