// Issue 34: atendimentos as the models keep them (stage, motive, owner, the funnel's reach, one
// contact by e-mail or phone digits) and the morning reminders sent by `npm run atendimentos --
// lembretes` to a real SMTP server: one e-mail per admin with follow-ups due, listing them, once a day.
import { execFile } from "node:child_process";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { closeDb, getDb } from "~/db/client.server";
import { lembreteEmails, mensagens, usuarios, whatsappToques } from "~/db/schema";
import { contatoOf } from "~/models/atendimentos/atendimento-page.server";
import { assumir, setEtapa, setRetorno } from "~/models/atendimentos/atendimento-write.server";
import { funil, leadsPorSemana } from "~/models/atendimentos/atendimento-charts.server";
import { atendimentoBoard } from "~/models/atendimentos/atendimento-board.server";
import { ETAPAS } from "~/utils/atendimento";
import { saveMensagem } from "~/models/messages/mensagem.server";
import { resetDb } from "./db";
import { freePort, smtpUrlFor, startSmtpServer } from "../support/smtp-server";

async function admin(email: string, nome: string) {
  const [res] = await getDb().insert(usuarios).values({ email, nome, password_hash: "x" });
  return { usuarioId: Number(res.insertId), email, ip: null };
}
const msg = (email: string, telefone: string, nome = "Ana Souza") => saveMensagem({ nome, email, telefone, mensagem: "Oi", ip: "10.0.0.1" });
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000);

describe("atendimentos", () => {
  beforeEach(resetDb);
  afterAll(closeDb);

  it("groups one person's messages by e-mail, or by phone in any format; a short phone joins nobody", async () => {
    const a = await msg("ana@exemplo.com", "(17) 99123-4567");
    const b = await msg("outro-email@exemplo.com", "+55 17 99123-4567");
    const c = await msg("ANA@exemplo.com", "");
    const stranger = await msg("x@exemplo.com", "017 98888-0000");
    const short1 = await msg("s1@exemplo.com", "123");
    const short2 = await msg("s2@exemplo.com", "123");
    const [row] = await getDb().select({ telefone_chave: mensagens.telefone_chave }).from(mensagens).where(eq(mensagens.id, a));
    expect(row.telefone_chave).toBe("17991234567");
    const ids = (await contatoOf({ id: a, email: "ana@exemplo.com", telefone_chave: row.telefone_chave })).map((m) => m.id).sort();
    expect(ids).toEqual([a, b, c].sort());
    expect(ids).not.toContain(stranger);
    expect((await contatoOf({ id: short1, email: "s1@exemplo.com", telefone_chave: "123" })).map((m) => m.id)).toEqual([short1]);
    expect(short2).toBeGreaterThan(short1);
  });

  it("'Perdido' needs a motive; 'Assumir' moves a new lead on; the funnel counts how far each got", async () => {
    const ana = await admin("ana@imob.teste", "Ana");
    const m1 = await msg("p1@exemplo.com", "17 99000-0001");
    const m2 = await msg("p2@exemplo.com", "17 99000-0002");
    await msg("p3@exemplo.com", "17 99000-0003");
    await expect(setEtapa(ana, m1, "Perdido", null)).rejects.toThrow("Informe o motivo");
    await assumir(ana, m1);
    const [after] = await getDb().select().from(mensagens).where(eq(mensagens.id, m1));
    expect([after.etapa, after.responsavel_id, after.etapa_max]).toEqual(["Em atendimento", ana.usuarioId, 1]);
    await setEtapa(ana, m1, "Proposta", null);
    await setEtapa(ana, m1, "Fechado", null);
    await setEtapa(ana, m2, "Visita", null);
    await setEtapa(ana, m2, "Perdido", "Preço");
    const f = await funil();
    expect(f.total).toBe(3);
    expect(f.etapas.map((e) => e.n)).toEqual([3, 2, 2, 1, 1]);
    expect(f.perdidos).toBe(1);
    expect(f.fechadosPct).toBeCloseTo(33.3, 1);
  });

  it("'Atrasados': in every open stage the follow-ups past, counted and shown; none of a closed stage, none still ahead", async () => {
    const ana = await admin("ana@imob.teste", "Ana");
    const late = new Map<string, number>();
    for (const [i, etapa] of ETAPAS.entries()) {
      const past = await msg(`atraso${i}@exemplo.com`, "");
      const ahead = await msg(`futuro${i}@exemplo.com`, "");
      for (const id of [past, ahead]) {
        if (etapa !== "Novo") await setEtapa(ana, id, etapa, etapa === "Perdido" ? "Preço" : null);
      }
      await setRetorno(ana, past, hoursFromNow(-2));
      await setRetorno(ana, ahead, hoursFromNow(2));
      late.set(etapa, past);
    }
    const board = await atendimentoBoard({ filtro: "atrasados", imovel: "", origem: "" }, ana.usuarioId);
    const open = ["Novo", "Em atendimento", "Visita", "Proposta"];
    expect(board.map((c) => [c.etapa, c.total, c.cards.map((k) => k.id)])).toEqual(
      ETAPAS.map((e) => (open.includes(e) ? [e, 1, [late.get(e)]] : [e, 0, []])),
    );
    expect(board.flatMap((c) => c.cards).every((k) => k.atrasado)).toBe(true);
  });

  it("leads per week: Monday 00:00 to Sunday 23:59:59 São Paulo (UTC−3), 12 weeks, per kind, and WhatsApp taps by day", async () => {
    const at = (iso: string, tipo: "Contato" | "Visita" = "Contato") => ({ nome: "Ana", email: "a@exemplo.com", telefone: "", mensagem: "Oi", tipo, created_at: new Date(iso) });
    await getDb().insert(mensagens).values([
      at("2026-09-07T02:59:59Z"), // Sunday 23:59:59 in São Paulo: before the first week
      at("2026-09-07T03:00:00Z"), // Monday 00:00: the first week
      at("2026-09-14T02:59:59Z", "Visita"), // its last second
      at("2026-09-14T03:00:00Z"), // the second week
      at("2026-11-23T03:00:00Z", "Visita"), // this week's Monday
      at("2026-11-25T14:00:00Z"), // this week
    ]);
    // WhatsApp taps are counted per São Paulo day (0 = a listing-less tap).
    await getDb().insert(whatsappToques).values([
      { imovel_id: 0, dia: "2026-09-06", total: 50 },
      { imovel_id: 0, dia: "2026-09-07", total: 2 },
      { imovel_id: 7, dia: "2026-09-13", total: 3 },
      { imovel_id: 0, dia: "2026-09-14", total: 4 },
      { imovel_id: 0, dia: "2026-11-29", total: 1 },
    ]);
    const semanas = await leadsPorSemana(new Date("2026-11-25T15:00:00Z"));
    expect(semanas).toHaveLength(12);
    expect(semanas[0]).toEqual({ semana: "2026-09-07", porTipo: { Contato: 1, Visita: 1 }, whatsapp: 5 });
    expect(semanas[1]).toEqual({ semana: "2026-09-14", porTipo: { Contato: 1 }, whatsapp: 4 });
    expect(semanas.slice(2, 11).every((w) => Object.keys(w.porTipo).length === 0)).toBe(true);
    expect(semanas[11]).toEqual({ semana: "2026-11-23", porTipo: { Contato: 1, Visita: 1 }, whatsapp: 1 });
  });

  it("npm run atendimentos -- lembretes: one e-mail per admin with follow-ups due, listing them; a second run sends none", async () => {
    const port = await freePort();
    const smtp = await startSmtpServer({ port });
    try {
      const ana = await admin("ana@imob.teste", "Ana Lima");
      const bia = await admin("bia@imob.teste", "Bia");
      const caio = await admin("caio@imob.teste", "Caio");
      const atrasado = await msg("c1@exemplo.com", "17 99000-0011", "Cliente Atrasado");
      const hoje = await msg("c2@exemplo.com", "17 99000-0012", "Cliente Hoje");
      const amanha = await msg("c3@exemplo.com", "17 99000-0013", "Cliente Amanha");
      const fechado = await msg("c4@exemplo.com", "17 99000-0014", "Cliente Fechado");
      const daBia = await msg("c5@exemplo.com", "17 99000-0015", "Cliente da Bia");
      for (const id of [atrasado, hoje, amanha, fechado]) await assumir(ana, id);
      await assumir(bia, daBia);
      await setRetorno(ana, atrasado, hoursFromNow(-30));
      // Today in São Paulo whatever the hour the test runs: the start of the agency's day, plus a minute.
      const spToday = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
      await setRetorno(ana, hoje, new Date(`${spToday}T00:01:00-03:00`));
      await setRetorno(ana, amanha, hoursFromNow(48));
      await setRetorno(ana, fechado, hoursFromNow(-2));
      await setEtapa(ana, fechado, "Fechado", null);
      await setRetorno(bia, daBia, hoursFromNow(-1));
      // Caio owns nothing due: no e-mail.
      expect(caio.usuarioId).toBeGreaterThan(0);

      // Asynchronously: the SMTP server answers from this very process.
      const run = () =>
        new Promise<{ stdout: string; stderr: string; status: number }>((resolve) => {
          execFile(
            process.execPath,
            ["--import", "tsx", "scripts/atendimentos.ts", "lembretes"],
            { env: { ...process.env, SMTP_URL: smtpUrlFor(port) }, encoding: "utf8", timeout: 60_000 },
            (err, stdout, stderr) => resolve({ stdout, stderr, status: err ? Number(err.code ?? 1) : 0 }),
          );
        });
      const first = await run();
      expect(`${first.stdout}${first.stderr}`).toContain("2 novo(s) na fila hoje, 2 enviado(s), 0 com falha");
      expect(first.status).toBe(0);
      await smtp.waitFor(2);
      const byTo = new Map(smtp.received.map((m) => [String((m.to as { text: string }).text), m]));
      const toAna = byTo.get("ana@imob.teste")!;
      expect(toAna.subject).toMatch(/^2 retornos para hoje/);
      expect(toAna.text).toContain("Cliente Atrasado");
      expect(toAna.text).toContain("ATRASADO");
      expect(toAna.text).toContain("Cliente Hoje");
      expect(toAna.text).toContain(`/admin/atendimentos/${hoje}`);
      expect(toAna.text).not.toContain("Cliente Amanha");
      expect(toAna.text).not.toContain("Cliente Fechado");
      expect(byTo.get("bia@imob.teste")!.text).toContain("Cliente da Bia");
      expect(byTo.has("caio@imob.teste")).toBe(false);

      const second = await run();
      expect(`${second.stdout}${second.stderr}`).toContain("0 novo(s) na fila hoje, 0 enviado(s)");
      expect(smtp.received).toHaveLength(2);
      expect(await getDb().select().from(lembreteEmails)).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  }, 120_000);
});
