// Two server.mjs processes on one database and one bucket behave as one site (issue 14): a login on
// one is valid on the other, a listing and its photo uploaded on one show on the other's public
// page (the photo streamed from the bucket), an edit reaches the other's page cache within 1 s, and
// a login throttle tripped on one holds on the other.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import sharp from "sharp";
import { test, expect } from "./helpers";
import { E2E } from "./env";
import { startServer, type Spawned } from "./spawn-server";
import { dropDatabase } from "../../app/db/setup.server";
import { startS3, type S3Server } from "../support/s3";

const DATABASE_URL = (() => {
  const u = new URL(E2E.DATABASE_URL);
  u.pathname += "_pair";
  return u.toString();
})();
let s3: S3Server;
let a: Spawned;
let b: Spawned;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await dropDatabase(DATABASE_URL);
  s3 = await startS3("fotos-par");
  const env = { ...process.env, ...s3.env, DATABASE_URL, ADMIN_EMAIL: E2E.ADMIN_EMAIL, ADMIN_PASSWORD: E2E.ADMIN_PASSWORD, SESSION_SECRET: E2E.SESSION_SECRET };
  // Not spawnSync: the bucket (s3rver) answers from this very process, whose event loop must run.
  await promisify(execFile)("npx", ["tsx", "scripts/seed.ts"], { env });
  // Default TRUST_PROXY (none): both see every client as 127.0.0.1, so their counters meet.
  const opts = { env: { ...s3.env, TRUST_PROXY: undefined } };
  [a, b] = await Promise.all([startServer(DATABASE_URL, opts), startServer(DATABASE_URL, opts)]);
});

test.afterAll(async () => {
  a?.child.kill("SIGKILL");
  b?.child.kill("SIGKILL");
  await s3?.stop();
  await dropDatabase(DATABASE_URL);
});

async function login(s: Spawned) {
  const body = new URLSearchParams({ email: E2E.ADMIN_EMAIL, password: E2E.ADMIN_PASSWORD, redirectTo: "/admin" });
  const r = await fetch(`${s.base}/login`, { method: "POST", body, redirect: "manual", headers: { origin: s.base } });
  expect(r.status).toBe(302);
  const cookie = r.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.includes("imob_sessao="));
  expect(cookie).toBeTruthy();
  return cookie!;
}

function listingForm(fields: Record<string, string>) {
  const form = new FormData();
  const all = { tipo: "Casa", status: "Venda", ativo: "sim", preco: "R$ 2.500.000,00", endereco: "Rua do Par", numero: "1", bairro: "Centro", descricao: "<p>Casa</p>", ...fields };
  for (const [k, v] of Object.entries(all)) form.set(k, v);
  return form;
}

test("a login on one process is valid on the other; an upload there shows on the first's public page", async () => {
  const cookie = await login(a);
  const admin = await fetch(`${b.base}/admin`, { headers: { cookie }, redirect: "manual" });
  expect(admin.status, "the session made on A, on B").toBe(200);

  const form = listingForm({});
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2a7" } }).jpeg().toBuffer();
  form.set("img[0]", new Blob([photo], { type: "image/jpeg" }), "fachada.jpg");
  const saved = await fetch(`${b.base}/api/inserir_imovel_site`, { method: "POST", body: form, headers: { cookie, "x-requested-with": "fetch" } });
  expect(saved.status, await saved.clone().text()).toBe(201);
  const { id, imagens } = (await saved.json()) as { id: number; imagens: { img: string }[] };
  const img = imagens[0].img;

  const page = await fetch(`${a.base}/imovel/${id}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(img.replace(/\.\w+$/, ""));
  const file = await fetch(`${a.base}/img/${img.replace(/\.\w+$/, "-400.webp")}`);
  expect(file.status, "the variant, streamed by A from the bucket B wrote to").toBe(200);
  expect(file.headers.get("content-type")).toBe("image/webp");
  expect(file.headers.get("cache-control")).toContain("immutable");

  // An edit on A reaches B's page (and its page cache) within a second.
  const before = await (await fetch(`${b.base}/imovel/${id}`)).text();
  expect(before).toContain("Rua do Par");
  const edit = listingForm({ id: String(id), endereco: "Avenida Editada" });
  const edited = await fetch(`${a.base}/api/update_imovel`, { method: "POST", body: edit, headers: { cookie, "x-requested-with": "fetch" } });
  expect(edited.status, await edited.clone().text()).toBe(200);
  // B re-reads the version at most once a second; the bound itself is tested on a faked clock
  // (tests/integration/content-version.test.ts), here only that the edit arrives.
  await expect.poll(async () => (await (await fetch(`${b.base}/imovel/${id}`)).text()).includes("Avenida Editada"), { timeout: 15_000 }).toBe(true);
});

test("a login throttle tripped on one process holds on the other", async () => {
  const wrong = (s: Spawned) => {
    const form = new FormData();
    form.set("email", E2E.ADMIN_EMAIL);
    form.set("password", "senha-errada-123");
    return fetch(`${s.base}/api/logar`, { method: "POST", body: form });
  };
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await wrong(a)).status);
  expect(statuses).toContain(429);
  const onB = await wrong(b);
  expect(onB.status).toBe(429);
  // And the right password is refused on B too while the throttle holds.
  const form = new FormData();
  form.set("email", E2E.ADMIN_EMAIL);
  form.set("password", E2E.ADMIN_PASSWORD);
  expect((await fetch(`${b.base}/api/logar`, { method: "POST", body: form })).status).toBe(429);
});
