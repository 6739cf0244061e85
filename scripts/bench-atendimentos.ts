// The reads of issue 34 at scale: `tsx scripts/bench-atendimentos.ts` (part of `npm run bench`).
// Its own database (BENCH_DATABASE_URL, default imobiliaria_bench_atendimentos): BENCH_LISTINGS
// listings (default 100,000) and BENCH_MENSAGENS messages (default 100,000) spread over the last
// 120 days, each with a stage, an owner among 5 admins and, for a third, a follow-up; views and
// WhatsApp taps for 30 days on 2,000 listings. Then the median and p95 of 25 warm runs of each read
// of /admin/atendimentos and 'Home admin' (the board, its filters, 'Hoje', the three charts).
import os from "node:os";
import path from "node:path";

process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/imobiliaria_bench_atendimentos";
process.env.IMG_DIR = path.join(os.tmpdir(), `${new URL(process.env.DATABASE_URL).pathname.slice(1)}-img`);
process.env.ADMIN_PASSWORD ??= "bench-password-123";

const { createDatabaseIfMissing, runMigrations } = await import("~/db/setup.server");
const { closeDb, getDb } = await import("~/db/client.server");
const { seedBulk } = await import("~/seed/seed.server");
const { mensagens, usuarios, imovelVisualizacoes, whatsappToques } = await import("~/db/schema");
const { sql } = await import("drizzle-orm");
const { atendimentoBoard } = await import("~/models/atendimentos/atendimento-board.server");
const { hojeDe } = await import("~/models/atendimentos/atendimento-hoje.server");
const { funil, leadsPorSemana } = await import("~/models/atendimentos/atendimento-charts.server");
const { mostViewed } = await import("~/models/listings/visualizacoes.server");
const { ETAPAS, MOTIVOS } = await import("~/utils/atendimento");
const { addDays, agencyToday } = await import("~/utils/mensagem");

const N = Number(process.env.BENCH_LISTINGS ?? 100_000);
const M = Number(process.env.BENCH_MENSAGENS ?? 100_000);
await createDatabaseIfMissing(process.env.DATABASE_URL);
await runMigrations(process.env.DATABASE_URL);
const count = async (table: string) => Number(((await getDb().execute(sql.raw(`SELECT COUNT(*) AS n FROM ${table}`))) as unknown as [[{ n: number }]])[0][0].n);

if ((await count("imoveis")) < N) {
  console.log(`Semeando ${N - (await count("imoveis"))} imóveis…`);
  await seedBulk(N - (await count("imoveis")), () => {});
}
if ((await count("usuarios")) < 5) {
  await getDb()
    .insert(usuarios)
    .values(Array.from({ length: 5 }, (_, i) => ({ email: `corretor${i}@bench.local`, nome: `Corretor ${i}`, password_hash: "x" })));
}
const admins = (await getDb().select({ id: usuarios.id }).from(usuarios)).map((u) => u.id);
const listings = await count("imoveis");
for (let done = await count("mensagens"); done < M; done += 2000) {
  console.log(`Mensagens: ${done}/${M}`);
  const rows = Array.from({ length: Math.min(2000, M - done) }, (_, k) => {
    const i = done + k;
    const etapa = ETAPAS[i % 7 < 6 ? i % 6 : 0];
    const tel = `1799${String(1_000_000 + (i % 60_000)).slice(-7)}`;
    return {
      nome: `Visitante ${i}`,
      email: `visitante${i % 70_000}@exemplo.com.br`,
      telefone: tel,
      telefone_chave: tel,
      mensagem: "Olá, gostaria de mais informações sobre o imóvel.",
      tipo: (["Contato", "Contato", "Visita", "Captação"] as const)[i % 4],
      imovel_id: i % 3 === 0 ? (i % listings) + 1 : null,
      arquivada: i % 9 === 0,
      etapa,
      etapa_max: Math.max(0, ["Novo", "Em atendimento", "Visita", "Proposta", "Fechado"].indexOf(etapa)),
      motivo: etapa === "Perdido" ? MOTIVOS[i % MOTIVOS.length] : null,
      responsavel_id: i % 4 === 0 ? null : admins[i % admins.length],
      retornar_em: i % 3 === 0 ? new Date(Date.now() + ((i % 20) - 10) * 86_400_000) : null,
      created_at: new Date(Date.now() - (i % (120 * 24)) * 3_600_000),
    };
  });
  await getDb().insert(mensagens).values(rows);
}
if ((await count("imovel_visualizacoes")) === 0) {
  const today = agencyToday();
  for (let d = 0; d < 30; d++) {
    const dia = addDays(today, -d);
    const ids = Array.from({ length: 2000 }, (_, k) => k * Math.floor(listings / 2000) + 1);
    await getDb().insert(imovelVisualizacoes).values(ids.map((id, k) => ({ imovel_id: id, dia, total: 1 + ((k * 7 + d) % 40) })));
    await getDb().insert(whatsappToques).values(ids.map((id, k) => ({ imovel_id: id, dia, total: (k + d) % 4 })));
  }
}

const RUNS = 25;
async function measure(fn: () => Promise<unknown>) {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return `${ms[Math.floor(RUNS / 2)].toFixed(1)} ms (p95 ${ms[Math.floor(RUNS * 0.95)].toFixed(1)})`;
}

const me = admins[1];
const base = { imovel: "", origem: "" as const };
console.log(`\n${await count("imoveis")} imóveis, ${await count("mensagens")} mensagens, ${admins.length} administradores`);
const cases: [string, () => Promise<unknown>][] = [
  ["/admin/atendimentos (todos)", () => atendimentoBoard({ ...base, filtro: "todos" }, me)],
  ["/admin/atendimentos?filtro=meus", () => atendimentoBoard({ ...base, filtro: "meus" }, me)],
  ["/admin/atendimentos?filtro=sem-responsavel", () => atendimentoBoard({ ...base, filtro: "sem-responsavel" }, me)],
  ["/admin/atendimentos?filtro=atrasados", () => atendimentoBoard({ ...base, filtro: "atrasados" }, me)],
  ["/admin/atendimentos?origem=Visita", () => atendimentoBoard({ filtro: "todos", imovel: "", origem: "Visita" }, me)],
  ["'Hoje' (hojeDe)", () => hojeDe(me)],
  ["Leads por semana (12)", () => leadsPorSemana()],
  ["Funil (90 dias)", () => funil()],
  ["10 mais vistos + WhatsApp + leads", () => mostViewed(10)],
];
for (const [name, fn] of cases) console.log(`${name.padEnd(48)} ${await measure(fn)}`);
await closeDb();
