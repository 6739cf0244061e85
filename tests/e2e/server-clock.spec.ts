// A page that may be shared is a function of its URL, the content version and its variant, never of
// the clock (issue 30). Two server.mjs processes on one database, one whose clock reads the last
// minute of a year in São Paulo and one the first minute of the next, render every shareable route:
// the bytes and the ETag must be the same. A date in a page (the visit form's bounds, the footer's
// year) would differ across that midnight, and across New Year's.
import { test, expect } from "./helpers";
import { seededDatabase } from "./db";
import { E2E } from "./env";
import { dropDatabase } from "../../app/db/setup.server";
import { startServer, type Spawned } from "./spawn-server";
import mysql from "mysql2/promise";

const BEFORE = "2026-12-31T23:59:00-03:00";
const AFTER = "2027-01-01T00:01:00-03:00";
let databaseUrl = "";
let before: Spawned;
let after: Spawned;
let id = 0;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  databaseUrl = await seededDatabase("clock");
  const conn = await mysql.createConnection(databaseUrl);
  const [rows] = await conn.query("SELECT id FROM imoveis WHERE ativo = 'sim' AND status = 'Venda' ORDER BY id LIMIT 1");
  await conn.end();
  id = (rows as { id: number }[])[0].id;
  // Two replicas of one site: one public address (canonical links), each its own port and clock,
  // both on the agency's time zone (a process on UTC would put both dates in the same UTC year).
  const env = (now: string) => ({ FAKE_NOW: now, TZ: "America/Sao_Paulo", IMG_DIR: E2E.IMG_DIR, PUBLIC_URL: "http://imobiliaria.test" });
  const start = (now: string) => startServer(databaseUrl, { preload: ["fake-clock.mjs"], env: env(now) });
  [before, after] = await Promise.all([start(BEFORE), start(AFTER)]);
});

test.afterAll(async () => {
  for (const s of [before, after]) s?.child.kill("SIGKILL");
  if (databaseUrl) await dropDatabase(databaseUrl);
});

/**
 * Whether every request line the process logged is dated within ten minutes after `now`: the
 * precondition that it ran on the faked clock.
 */
function loggedAfter(s: Spawned, now: string) {
  const times = s
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{") && l.includes('"reqId"'))
    .map((l) => new Date((JSON.parse(l) as { time: string | number }).time).getTime() - Date.parse(now));
  return times.length > 0 && times.every((ms) => ms >= 0 && ms < 600_000);
}

test("every shareable page is the same bytes and ETag either side of midnight (and of New Year's)", async () => {
  const pages = [
    "/",
    "/imoveis",
    "/locacao",
    "/venda",
    "/temporada",
    "/venda?page=2",
    `/imovel/${id}`,
    `/imovel/${id}.data`,
    "/sobre",
    "/contato",
    "/privacidade",
    "/anuncie",
    "/favoritos",
    "/sitemap.xml",
    "/api/get_imoveis_home?status=Venda&qtd=6",
    "/api/get_imovel_site_id/1",
  ];
  const get = (s: Spawned, p: string) => fetch(`${s.base}${p}`, { headers: { "accept-encoding": "identity" }, redirect: "manual" });
  for (const p of pages) {
    const [a, b] = [await get(before, p), await get(after, p)];
    expect(a.status, p).toBe(200);
    expect(b.status, p).toBe(200);
    // The precondition: both answers are copies that may be shared (else the claim says nothing).
    for (const r of [a, b]) expect(r.headers.get("cache-control"), p).toContain("public");
    expect(await b.text(), p).toBe(await a.text());
    expect(b.headers.get("etag"), p).toBe(a.headers.get("etag"));
  }
  // The listing's visit form carries no day bound of its own: the visitor's browser sets it.
  const listing = await (await get(before, `/imovel/${id}`)).text();
  expect(listing).toMatch(/<input[^>]*type="date"[^>]*name="data"/);
  expect(listing).not.toMatch(/<input[^>]*type="date"[^>]*\b(min|max)=/);
  // Each process ran on its own faked clock (its request lines are dated by it).
  await expect.poll(() => loggedAfter(before, BEFORE), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => loggedAfter(after, AFTER), { timeout: 10_000 }).toBe(true);
});
