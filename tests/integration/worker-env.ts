// Setup file of both vitest projects (vitest.config.ts), run in the worker before the test file is
// imported: the app reads DATABASE_URL and IMG_DIR of this worker (tests/integration/workers.ts).
import { workerDatabaseUrl, workerImgDir } from "./workers";

const id = process.env.VITEST_POOL_ID ?? "1";
process.env.DATABASE_URL = workerDatabaseUrl(process.env.TEST_DATABASE_BASE!, id);
process.env.IMG_DIR = workerImgDir(process.env.TEST_IMG_BASE!, id);
