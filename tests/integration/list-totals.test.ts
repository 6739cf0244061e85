// The public lists' totals counted by the content write (app/models/listings/list-totals.server.ts, decision
// 0016): filed under the version the write made, exact (they are the rows' counts, even with writes
// running at the same time), used by the readers only while that version is current.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getPool } from "~/db/client.server";
import { imoveis } from "~/db/schema";
import { contentWrite, forgetContentVersion } from "~/models/listings/content-version.server";
import { insertImovel, listPublic, setAtivo } from "~/models/listings/imovel.server";
import { totalFromGroups, type ListTotals } from "~/models/listings/list-totals.server";
import { clearPublicReads } from "~/models/listings/public-reads.server";
import { TIPOS, type Status } from "~/utils/enums";
import type { PublicCriteria } from "~/utils/search";
import { resetDb } from "./db";
import { SYSTEM } from "~/models/history/history.server";

const STATUSES: Status[] = ["Locação", "Venda", "Temporada"];

async function seed(n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    descricao: "",
    status: STATUSES[i % 3],
    tipo: TIPOS[(i * 7) % 5],
    ativo: i % 6 === 5 ? ("nao" as const) : ("sim" as const),
    quartos: (i * 5) % 7,
    banheiros: (i * 3) % 4,
    cidade: i % 10 === 0 ? "Fernandópolis" : "Votuporanga",
    bairro: i % 4 === 0 ? "Centro" : "Pozzobon",
  }));
  await contentWrite((tx) => tx.insert(imoveis).values(rows));
}

async function stored() {
  const [[row]] = (await getPool().query("SELECT cv.version, lt.version AS counted, lt.totals FROM content_version cv LEFT JOIN list_totals lt ON lt.id = 1 WHERE cv.id = 1")) as unknown as [
    [{ version: number; counted: number | null; totals: string | null }],
  ];
  return { ...row, totals: row.totals ? (JSON.parse(row.totals) as ListTotals) : null };
}

async function plainCount(c: PublicCriteria) {
  const conds = ["ativo = 'sim'"];
  const params: unknown[] = [];
  const add = (cond: string, value: unknown) => {
    conds.push(cond);
    params.push(value);
  };
  if (c.status) add("status = ?", c.status);
  if (c.tipo) add("tipo = ?", c.tipo);
  if (c.cidade) add("cidade = ?", c.cidade);
  if (c.quartos) add("quartos >= ?", c.quartos);
  if (c.banheiros) add("banheiros >= ?", c.banheiros);
  const [[{ n }]] = (await getPool().query(`SELECT COUNT(*) AS n FROM imoveis WHERE ${conds.join(" AND ")}`, params)) as unknown as [[{ n: number }]];
  return Number(n);
}

const SUMMED: PublicCriteria[] = [
  {},
  { status: "Venda" },
  { status: "Locação", tipo: TIPOS[1] },
  { tipo: TIPOS[2] },
  { quartos: 3 },
  { status: "Temporada", banheiros: 2 },
  { cidade: "Votuporanga" },
  { cidade: "Votuporanga", status: "Locação", tipo: TIPOS[0], quartos: 2, banheiros: 1 },
  { status: "Venda", quartos: 9 },
];

describe("list totals paid by the write", () => {
  beforeEach(async () => {
    await resetDb();
    clearPublicReads();
  });
  afterAll(closeDb);

  it("every content write files the rows' counts under the version it made", async () => {
    await seed(300);
    const id = await insertImovel({ descricao: "", status: "Venda", quartos: 4 });
    let s = await stored();
    expect(s.counted).toBe(s.version);
    for (const c of SUMMED) expect(totalFromGroups(s.totals!, c), JSON.stringify(c)).toBe(await plainCount(c));
    // Only the home search's cities have a share; another city, a bairro or a price is counted live.
    expect(totalFromGroups(s.totals!, { cidade: "Fernandópolis" })).toBeNull();
    expect(totalFromGroups(s.totals!, { bairro: "Centro" })).toBeNull();
    expect(totalFromGroups(s.totals!, { preco_max: 1000 })).toBeNull();

    await setAtivo(SYSTEM, id, "nao");
    s = await stored();
    expect(s.counted).toBe(s.version);
    expect(totalFromGroups(s.totals!, { status: "Venda" })).toBe(await plainCount({ status: "Venda" }));
  });

  it("readers take the total from the groups while their version is current, and count otherwise", async () => {
    await seed(120);
    await insertImovel({ descricao: "", status: "Venda" });
    const truth = await plainCount({ status: "Venda" });
    // Doctored groups for the current version: a reader that shows them did not count.
    const s = await stored();
    const doctored = { ...s.totals!, groups: s.totals!.groups.map((g) => [...g.slice(0, 4), (g[4] as number) + 1000, g[5]]) };
    await getPool().query("UPDATE list_totals SET totals = ? WHERE id = 1", [JSON.stringify(doctored)]);
    const summedByHand = totalFromGroups(doctored as ListTotals, { status: "Venda" });
    expect(summedByHand).toBeGreaterThan(truth + 1000);
    expect((await listPublic({ status: "Venda" })).total).toBe(summedByHand);
    // A bairro filter is not among the groups: counted.
    const [[{ n }]] = (await getPool().query("SELECT COUNT(*) AS n FROM imoveis WHERE ativo = 'sim' AND bairro = 'Centro'")) as unknown as [[{ n: number }]];
    expect((await listPublic({ bairro: "Centro" })).total).toBe(Number(n));

    // A version made around the models (as a test or an operator does by hand) has no groups: the
    // readers count, once this process has read the new version (told at once, as a worker of
    // this machine is by the cluster's relay).
    await getPool().query("UPDATE content_version SET version = version + 1 WHERE id = 1");
    forgetContentVersion();
    expect((await listPublic({ status: "Venda" })).total).toBe(truth);
  });

  it("a recount sees every write committed before it, even one committed while its transaction was open", async () => {
    await seed(60);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const inside = new Promise<void>((r) => (started = r));
    const slow = contentWrite(async (tx) => {
      // A read first: under REPEATABLE READ it would fix the transaction's snapshot here.
      await tx.select({ id: imoveis.id }).from(imoveis).limit(1);
      started();
      await gate;
      await tx.insert(imoveis).values({ descricao: "", status: "Venda" });
    });
    await inside;
    await insertImovel({ descricao: "", status: "Venda" }); // commits while `slow` waits
    release();
    await slow;
    const s = await stored();
    expect(s.counted).toBe(s.version);
    expect(totalFromGroups(s.totals!, { status: "Venda" })).toBe(await plainCount({ status: "Venda" }));
    expect(totalFromGroups(s.totals!, {})).toBe(await plainCount({}));
  });
});
