// Issue 22: favourites without an account. The POST to /favoritos (intent add | remove | clear, id)
// changes a cookie that is read with care; a plain form goes back to its page, the hearts' fetcher
// gets the list; only public listings are added, at most 50; another site's form is refused; the
// page lists what is still public and names what is not, for the visitor or for a shared link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { insertImovel, setAtivo } from "~/models/listings/imovel.server";
import * as favoritos from "~/routes/_site.favoritos";
import { seam } from "~/seam.server";
import { FAVORITOS_MAX, parseFavoritos } from "~/utils/favoritos";
import { req } from "./api-support";
import { resetDb } from "./db";
import { callRoute } from "../support/route-call";
import { SYSTEM } from "~/models/history/history.server";
import { routeArgs } from "../route-args";

const SAME_SITE = { "Sec-Fetch-Site": "same-origin" };

/** Runs the action as a browser sends the form: its answer (a redirect, or data()) and the Set-Cookie it carries. */
async function outcome(fields: Record<string, string>, o: { cookie?: string; headers?: Record<string, string> } = {}) {
  const request = req("/favoritos", { urlencoded: fields, cookie: o.cookie, headers: { ...SAME_SITE, ...o.headers } });
  const r = await callRoute<{ favoritos?: number[]; error?: string } | null>(favoritos.action, request);
  return { ...r, cookie: r.headers.get("Set-Cookie") };
}
const listOf = (setCookie: string | null) => parseFavoritos(/imob_favoritos=([^;]*)/.exec(setCookie ?? "")?.[1]);

let ids: number[];
let inactive: number;
beforeAll(async () => {
  await resetDb();
  ids = [];
  for (let i = 0; i < 3; i++) ids.push(await insertImovel({ descricao: "", status: "Venda", bairro: `Bairro ${i}` }));
  inactive = await insertImovel({ descricao: "", status: "Venda" });
  await setAtivo(SYSTEM, inactive, "nao");
});
afterAll(closeDb);

describe("POST /favoritos", () => {
  it("adds newest first and goes back to the page the form was on (303)", async () => {
    const first = await outcome({ intent: "add", id: String(ids[0]) }, { headers: { Referer: "http://localhost/venda?page=2" } });
    expect(first.status).toBe(303);
    expect(first.location).toBe("/venda?page=2");
    expect(first.cookie).toMatch(/Max-Age=31536000; SameSite=Lax; HttpOnly/);
    expect(listOf(first.cookie)).toEqual([ids[0]]);
    const second = await outcome({ intent: "add", id: String(ids[1]) }, { cookie: `imob_favoritos=${ids[0]}` });
    expect(second.location).toBe("/favoritos"); // no Referer: the list
    expect(listOf(second.cookie)).toEqual([ids[1], ids[0]]);
    // Another site's page as Referer is not followed.
    expect((await outcome({ intent: "add", id: String(ids[1]) }, { headers: { Referer: "https://evil.example/x" } })).location).toBe("/favoritos");
  });

  it("in place (the hearts' fetcher): the new list as data, no redirect", async () => {
    const r = await outcome({ intent: "add", id: String(ids[2]), inPlace: "1" }, { cookie: `imob_favoritos=${ids[0]}` });
    expect(r.status).toBe(200);
    expect(r.body?.favoritos).toEqual([ids[2], ids[0]]);
    expect(listOf(r.cookie)).toEqual([ids[2], ids[0]]);
  });

  it("removes, clears (the cookie goes), and adding twice keeps one", async () => {
    const cookie = `imob_favoritos=${ids[2]}.${ids[0]}`;
    expect(listOf((await outcome({ intent: "remove", id: String(ids[2]) }, { cookie })).cookie)).toEqual([ids[0]]);
    expect(listOf((await outcome({ intent: "add", id: String(ids[0]) }, { cookie })).cookie)).toEqual([ids[2], ids[0]]);
    const cleared = await outcome({ intent: "clear" }, { cookie });
    expect(cleared.cookie).toMatch(/^imob_favoritos=; Path=\/; Max-Age=0/);
  });

  it("bad input is a 4xx with a message, the list untouched; never a 500", async () => {
    const cookie = `imob_favoritos=${ids[0]}`;
    for (const [fields, status] of [
      [{ intent: "add", id: "abc" }, 400],
      [{ intent: "add", id: "12abc" }, 400],
      [{ intent: "add", id: "-3" }, 400],
      [{ intent: "add" }, 400],
      [{ intent: "explode", id: String(ids[1]) }, 400],
      [{ intent: "add", id: String(inactive) }, 404],
      [{ intent: "add", id: "999999" }, 404],
    ] as const) {
      const r = await outcome(fields, { cookie });
      expect(r.status, JSON.stringify(fields)).toBe(status);
      expect(r.body?.error, JSON.stringify(fields)).toBeTruthy();
      expect(r.cookie, JSON.stringify(fields)).toBeNull();
    }
  });

  it(`at most ${FAVORITOS_MAX}: the next is refused with a message`, async () => {
    const full = Array.from({ length: FAVORITOS_MAX }, (_, i) => 100_000 + i).join(".");
    const r = await outcome({ intent: "add", id: String(ids[0]) }, { cookie: `imob_favoritos=${full}` });
    expect(r.status).toBe(400);
    expect(r.body?.error).toBe(`Sua lista já tem ${FAVORITOS_MAX} imóveis: remova um para salvar outro.`);
  });

  it("another site's form is refused (403)", async () => {
    const r = await outcome({ intent: "add", id: String(ids[0]) }, { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(r.status).toBe(403);
    expect(r.cookie).toBeNull();
  });
});

describe("GET /favoritos", () => {
  const load = async (path: string, cookie?: string) => favoritos.loader(routeArgs(req(path, { cookie })));

  it("the visitor's list: public listings as cards in their order, the rest named, not shown", async () => {
    const got = await load("/favoritos", `imob_favoritos=${ids[1]}.${inactive}.${ids[0]}.424242`);
    expect(got.cards.map((c) => c.id)).toEqual([ids[1], ids[0]]);
    expect(got.gone).toEqual([inactive, 424242]);
    expect(got.shared).toBe(false);
  });

  it("a shared list (?ids=) shows that list to anyone, whatever their own", async () => {
    const got = await load(`/favoritos?ids=${ids[2]},${ids[0]}`, `imob_favoritos=${ids[1]}`);
    expect(got.shared).toBe(true);
    expect(got.cards.map((c) => c.id)).toEqual([ids[2], ids[0]]);
  });

  it("a tampered cookie is read for what parses, never a 500", async () => {
    for (const value of ["abc", "1.1.1", "%E0%A4%A", "9".repeat(40), `${ids[0]}.x.${ids[1]}`, Array.from({ length: 80 }, (_, i) => i + 1).join(".")]) {
      const got = await load("/favoritos", `imob_favoritos=${value}`);
      expect(got.ids.length, value).toBeLessThanOrEqual(FAVORITOS_MAX);
    }
    expect((await load("/favoritos", `imob_favoritos=${ids[0]}.x.${ids[1]}`)).ids).toEqual([ids[0], ids[1]]);
  });
});

describe("the page cache's variant", () => {
  it("none without favourites (the shared copy); the list, as the pages read it, with them", () => {
    expect(seam.pageVariant(undefined)).toBe("");
    expect(seam.pageVariant("outro=1")).toBe("");
    expect(seam.pageVariant("imob_favoritos=")).toBe("");
    expect(seam.pageVariant("imob_favoritos=abc")).toBe("");
    expect(seam.pageVariant("a=1; imob_favoritos=7.3.7.x")).toBe("favoritos=7.3");
  });
});
