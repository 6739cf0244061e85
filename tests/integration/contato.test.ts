import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb, getPool } from "~/db/client.server";
import { mensagemEmails, mensagens } from "~/db/schema";
import { insertImovel } from "~/models/listings/imovel.server";
import { VALID, postContato as post, uniqueIp } from "./contato-support";
import type { RouteAnswer } from "../support/route-call";
import { resetDb } from "./db";
import { captureLog } from "../support/log-lines";

type Reply = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };

/** The form's reply: data(), not a redirect. */
function replyOf(res: RouteAnswer<Reply>): Reply {
  expect(res.response).toBeNull();
  return res.body;
}
/** Where a redirect goes: a Response, not data(). */
function locationOf(res: RouteAnswer) {
  expect(res.response).toBeInstanceOf(Response);
  return res.location;
}
async function rows() {
  return getDb().select().from(mensagens);
}

describe("/contato action on a real database", () => {
  beforeEach(resetDb);
  afterAll(closeDb);

  it("stores a valid message and redirects back with the success toast", async () => {
    const res = await post(VALID, "10.9.9.9");
    expect(res.status).toBe(302);
    expect(locationOf(res)).toBe("/contato");
    expect(res.headers.get("set-cookie")).toMatch(/toast/);

    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...VALID, ip: "10.9.9.9", imovel_id: null });
  });

  it("trims the values, stores line breaks as LF and links the message to an existing property", async () => {
    const imovelId = await insertImovel({ descricao: "<p>Casa</p>" });
    const res = await post({
      ...VALID,
      nome: "  Maria  ",
      mensagem: "Linha 1\r\nLinha 2\n",
      imovel_id: String(imovelId),
      redirectTo: `/imovel/${imovelId}`,
    });
    expect(locationOf(res)).toBe(`/imovel/${imovelId}`);
    const [row] = await rows();
    expect(row.nome).toBe("Maria");
    expect(row.mensagem).toBe("Linha 1\nLinha 2");
    expect(row.imovel_id).toBe(imovelId);
  });

  it("queues no e-mail without SMTP_URL (the inbox is then the only place the message is)", async () => {
    expect(process.env.SMTP_URL).toBeUndefined();
    expect((await post(VALID)).status).toBe(302);
    expect(await rows()).toHaveLength(1);
    expect(await getDb().select().from(mensagemEmails)).toEqual([]);
  });

  it("keeps the message when the property no longer exists", async () => {
    const res = await post({ ...VALID, imovel_id: "999999" });
    expect(res.status).toBe(302);
    const [row] = await rows();
    expect(row.imovel_id).toBeNull();
  });

  it.each(["//evil.example/x", "/\\evil.example", "https://evil.example/", "/\t/evil.example"])(
    "ignores an unsafe redirectTo (%s)",
    async (redirectTo) => {
      const res = await post({ ...VALID, redirectTo });
      expect(locationOf(res)).toBe("/contato");
    },
  );

  it("answers 400 with errors per field and the typed values, storing nothing", async () => {
    const res = await post({ email: "nao-e-email", nome: "Maria", telefone: "123", mensagem: "" });
    expect(res.status).toBe(400);
    const reply = replyOf(res);
    expect(reply.error?.email).toEqual(["Informe um e-mail válido, por exemplo nome@exemplo.com.br."]);
    expect(reply.error?.telefone?.[0]).toMatch(/telefone válido/);
    expect(reply.error?.mensagem).toEqual(["Escreva sua mensagem."]);
    expect(reply.error?.nome).toBeFalsy();
    expect(reply.initialValue).toMatchObject({ email: "nao-e-email", nome: "Maria", telefone: "123" });
    expect(await rows()).toHaveLength(0);
  });

  it("requires every field", async () => {
    const res = await post({});
    expect(res.status).toBe(400);
    const reply = replyOf(res);
    expect(Object.keys(reply.error ?? {}).sort()).toEqual(["email", "mensagem", "nome", "telefone"]);
    expect(await rows()).toHaveLength(0);
  });

  it("rejects an over-long message", async () => {
    const res = await post({ ...VALID, mensagem: "a".repeat(2001) });
    expect(res.status).toBe(400);
    expect(await rows()).toHaveLength(0);
  });

  it("pretends success to a bot that filled the honeypot, storing nothing", async () => {
    const res = await post({ ...VALID, website: "http://spam.example" });
    expect(res.status).toBe(302);
    expect(locationOf(res)).toBe("/contato");
    expect(await rows()).toHaveLength(0);
  });

  it("refuses the 6th message from one IP within the window with 429, keeping the values", async () => {
    const ip = uniqueIp();
    for (let i = 1; i <= 5; i++) {
      expect((await post({ ...VALID, nome: `Pessoa ${i}` }, ip)).status).toBe(302);
    }
    const res = await post({ ...VALID, nome: "Pessoa 6" }, ip);
    expect(res.status).toBe(429);
    const reply = replyOf(res);
    expect(reply.error?.[""]?.[0]).toMatch(/várias mensagens em pouco tempo/);
    expect(reply.initialValue).toMatchObject({ nome: "Pessoa 6" });
    expect(await rows()).toHaveLength(5);

    // Another visitor is not affected.
    expect((await post(VALID)).status).toBe(302);
    expect(await rows()).toHaveLength(6);
  });

  it("shows an error and keeps the values when the database fails, never the success toast", async () => {
    const pool = getPool();
    const logged = captureLog();
    await pool.query("RENAME TABLE mensagens TO mensagens_fora");
    try {
      const res = await post(VALID);
      expect(res.status).toBe(503);
      const reply = replyOf(res);
      expect(reply.error?.[""]?.[0]).toMatch(/Não conseguimos enviar sua mensagem/);
      expect(reply.initialValue).toMatchObject(VALID);
      expect(logged.lines().some((l) => l.sub === "messages" && l.level === "error"), logged.raw()).toBe(true);
    } finally {
      logged.restore();
      await pool.query("RENAME TABLE mensagens_fora TO mensagens");
    }
    const [[{ n }]] = (await getDb().execute(sql`SELECT COUNT(*) AS n FROM mensagens`)) as unknown as [[{ n: number }]];
    expect(Number(n)).toBe(0);
  });
});
