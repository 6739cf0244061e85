// 'Home admin' says how old the last good backup is (issue 24, docs/backup.md): `npm run backup` run
// against the e2e database, then the card shows it in green with its age.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { test, expect, loginAsAdmin } from "./helpers";
import { query } from "./db";
import { E2E } from "./env";

const run = promisify(execFile);

test("after npm run backup, 'Home admin' shows the last backup and its age, in green", async ({ page, open, js }) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "imob-e2e-backup-"));
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/backup.ts"], {
      env: { ...process.env, NODE_ENV: "test", DATABASE_URL: E2E.DATABASE_URL, IMG_DIR: E2E.IMG_DIR, BACKUP_DIR: dir },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/pronto em .* s: .*backup-.*\.tar\.gz/);
    const [row] = await query<{ estado: string; origem: string }>("SELECT estado, origem FROM backups ORDER BY id DESC LIMIT 1");
    expect(row).toEqual({ estado: "ok", origem: "manual" });

    await loginAsAdmin(page, js);
    await open("/admin");
    const card = page.locator("section", { has: page.getByRole("heading", { name: "Backup", exact: true }) });
    const last = card.locator(".alert").first();
    await expect(last).toHaveText(/^Último backup: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(há \d+ minutos?\)$/);
    await expect(last).toHaveClass(/alert-success/);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
