import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { WORKERS } from "./tests/integration/workers";

// Integration tests get their own database and image folder, never the development ones.
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/imobiliaria_vitest";
export const TEST_IMG_DIR = process.env.TEST_IMG_DIR ?? path.join(os.tmpdir(), "imobiliaria-vitest-img");

const WORKER_ENV = "tests/integration/worker-env.ts";
// The photo tests that run a second time with the photos in an S3-compatible bucket (s3rver).
// The *.s3.test.ts files are about the bucket itself and run only there.
const PHOTO_TESTS = ["photos", "photo-crops", "api-crops", "api-admin", "photo-sweep", "backup-roundtrip"].map((n) => `tests/integration/${n}.test.ts`);

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ["tests/integration/global-setup.ts"],
    env: {
      NODE_ENV: "test",
      // Each worker's own copy of these (tests/integration/worker-env.ts sets DATABASE_URL and IMG_DIR).
      TEST_DATABASE_BASE: TEST_DATABASE_URL,
      TEST_IMG_BASE: TEST_IMG_DIR,
      SESSION_SECRET: "test-secret-test-secret-test-secret",
      ADMIN_EMAIL: "admin@teste.local",
      ADMIN_PASSWORD: "senha-de-teste-123",
      // The import's feed servers listen on 127.0.0.2 (tests/support/feed-server.ts): the one
      // private address the import may reach; 127.0.0.1 and the rest stay refused (issue 32).
      IMPORT_ALLOW_ADDRESSES: "127.0.0.2",
      // The SDK's notice about Node 22 (for releases from 2027 on) is not news in every test file.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    },
    projects: [
      {
        extends: true,
        test: {
          name: "local",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
          exclude: ["**/*.s3.test.ts", "**/node_modules/**"],
          // One process per worker for all its files; shared-worker.ts puts back what a file changed.
          isolate: false,
          setupFiles: ["tests/integration/shared-worker.ts", WORKER_ENV],
        },
      },
      // Same tests, same kind of database, photos in a bucket: the store is the only difference.
      { extends: true, test: { name: "s3", include: [...PHOTO_TESTS, "tests/integration/*.s3.test.ts"], setupFiles: [WORKER_ENV, "tests/integration/s3-setup.ts"] } },
    ],
    // A stray .only would silently skip the rest of the suite: fail the run instead, CI or not.
    allowOnly: false,
    // Two files at a time (both projects share the pool), each worker on its own database and folder.
    fileParallelism: true,
    maxWorkers: WORKERS,
    // A deadline, not a speed claim: beside Playwright (npm test) a file takes about 2.5× its time alone
    // (backup-roundtrip's restore passed 20 s there, 6 s alone). A hang still fails within a minute.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
