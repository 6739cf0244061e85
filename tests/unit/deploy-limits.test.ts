// Issue 21: the proxy in front of the app (deploy/nginx.conf) lets through every body the app itself
// accepts, a little more, so that a body too big is always refused by the app — its 413 page in
// Portuguese, "Envio grande demais: o limite é de … MB." — and never by nginx's English one.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ANONYMOUS_BODY_BYTES, ANUNCIE_BODY_BYTES, IMPORT_BODY_BYTES, UPLOAD_BODY_BYTES } from "../../server/router.ts";
import { FEED_MAX_BYTES } from "../../app/models/imports/import-run.server.ts";
import { MAX_TOTAL_BYTES } from "../../app/http/uploads.server.ts";
import { ANUNCIE_MAX_BYTES } from "../../app/routes/_site.anuncie.tsx";

const SIZE = { k: 1024, m: 1024 * 1024, g: 1024 * 1024 * 1024 } as const;

describe("body limits of the deployment", () => {
  it("nginx's client_max_body_size is above the app's largest limit, by at most a few MiB", () => {
    const conf = fs.readFileSync("deploy/nginx.conf", "utf8");
    const m = /^\s*client_max_body_size\s+(\d+)([kmg])?;/im.exec(conf);
    expect(m, "client_max_body_size in deploy/nginx.conf").toBeTruthy();
    const nginx = Number(m![1]) * (m![2] ? SIZE[m![2].toLowerCase() as keyof typeof SIZE] : 1);
    expect(UPLOAD_BODY_BYTES).toBeGreaterThan(ANONYMOUS_BODY_BYTES);
    expect(nginx).toBeGreaterThan(UPLOAD_BODY_BYTES);
    // Not a door left open: a body nginx lets through is at most 4 MiB past what the app reads.
    expect(nginx - UPLOAD_BODY_BYTES).toBeLessThanOrEqual(4 * SIZE.m);
  });

  it("the import's location lets through its XML file, by at most a few MiB (issue 32)", () => {
    const conf = fs.readFileSync("deploy/nginx.conf", "utf8");
    const m = /location ~ \^\/admin\/importar[^{]*\{\s*client_max_body_size\s+(\d+)m;/.exec(conf);
    expect(m, "client_max_body_size of /admin/importar in deploy/nginx.conf").toBeTruthy();
    const nginx = Number(m![1]) * SIZE.m;
    expect(nginx).toBeGreaterThan(IMPORT_BODY_BYTES);
    expect(nginx - IMPORT_BODY_BYTES).toBeLessThanOrEqual(4 * SIZE.m);
  });

  it("the server's body limits let through what the app reads, plus at most 1 MiB of multipart framing", () => {
    for (const [server, app] of [
      [UPLOAD_BODY_BYTES, MAX_TOTAL_BYTES],
      [ANUNCIE_BODY_BYTES, ANUNCIE_MAX_BYTES],
      [IMPORT_BODY_BYTES, FEED_MAX_BYTES + 1024 * 1024],
    ]) {
      expect(server).toBeGreaterThan(app);
      expect(server - app).toBeLessThanOrEqual(SIZE.m);
    }
    expect(ANUNCIE_BODY_BYTES).toBeLessThan(UPLOAD_BODY_BYTES);
  });
});
