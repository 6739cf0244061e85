// /admin/usuarios through its route (forms, the one-time password shown once) and the history
// entries of admin changes, logins, refused logins and password changes (issue 24, decision 0026).
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { historico, usuarios } from "~/db/schema";
import { EMAIL_TAKEN } from "~/models/accounts/admins.server";
import { upsertUser } from "~/models/accounts/user.server";
import { action as senhaAction } from "~/routes/admin.senha";
import { action as usuariosAction, loader as usuariosLoader } from "~/routes/admin.usuarios";
import { resetDb } from "./db";
import { IP, cookieFor, logIn, request } from "./login-support";
import { callRoute } from "../support/route-call";

const A = "ana@teste.local";
const PASSWORD = "senha-correta-123";
const entries = () => getDb().select().from(historico).orderBy(asc(historico.id));
const userByEmail = async (email: string) => (await getDb().select().from(usuarios).where(eq(usuarios.email, email)))[0];

describe("/admin/usuarios and the history of admins", () => {
  let a: number;
  let cookie: string;
  beforeEach(async () => {
    await resetDb();
    a = (await upsertUser(A, PASSWORD)).id;
    cookie = await cookieFor(A, PASSWORD);
  });
  afterAll(closeDb);

  const post = (form: Record<string, string>) => callRoute(usuariosAction, request("/admin/usuarios", { cookie, form }));

  it("refuses bad input beside the fields, with a 4xx", async () => {
    const empty = await post({ intent: "criar" });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.reply.error).sort()).toEqual(["email", "nome"]);
    const bad = await post({ intent: "criar", email: "nao-e-email", nome: "X" });
    expect(bad.body.reply.error.email).toEqual(["Informe um e-mail válido, como nome@exemplo.com."]);
    const taken = await post({ intent: "criar", email: A.toUpperCase(), nome: "Outra Ana" });
    expect(taken.status).toBe(409);
    expect(taken.body.reply.error.email).toEqual([EMAIL_TAKEN]);
    expect((await post({ intent: "desativar", id: "abc" })).status).toBe(400);
    expect((await post({ intent: "apagar", id: String(a) })).status).toBe(400);
    expect((await post({ intent: "desativar", id: "999999" })).status).toBe(404);
    const self = await post({ intent: "desativar", id: String(a) });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe("Você não pode desativar a sua própria conta.");
    expect(await getDb().select().from(usuarios)).toHaveLength(1);
  });

  it("shows a one-time password once, in the answer only, and records every change with its target", async () => {
    const created = await post({ intent: "criar", email: "bia@teste.local", nome: "Bia Souza" });
    expect(created.status).toBe(200);
    const otp: string = created.body.oneTimePassword.password;
    expect(created.body.oneTimePassword).toEqual({ email: "bia@teste.local", password: otp, newAccount: true });
    expect(created.headers.get("Set-Cookie") ?? "").not.toContain(otp);
    const bia = await userByEmail("bia@teste.local");
    expect(bia).toMatchObject({ nome: "Bia Souza", ativo: true, must_change_password: true, ultimo_login_em: null });
    // The list shows it; the password is nowhere in it.
    const list = await callRoute(usuariosLoader, request("/admin/usuarios", { cookie }));
    expect(list.body.usuarios.map((u: { email: string }) => u.email)).toEqual([A, "bia@teste.local"]);
    expect(JSON.stringify(list.body)).not.toContain(otp);

    const off = await post({ intent: "desativar", id: String(bia.id) });
    expect(off.status).toBe(302);
    expect((await post({ intent: "reativar", id: String(bia.id) })).status).toBe(302);
    const reset = await post({ intent: "senha", id: String(bia.id) });
    expect(reset.body.oneTimePassword).toMatchObject({ email: "bia@teste.local", newAccount: false });
    expect(reset.body.oneTimePassword.password).not.toBe(otp);

    const mine = (await entries()).filter((e) => e.acao === "usuario");
    expect(mine.map((e) => e.resumo)).toEqual([
      "Criado: bia@teste.local",
      "Desativado: bia@teste.local",
      "Reativado: bia@teste.local",
      "Senha provisória gerada: bia@teste.local",
    ]);
    for (const e of mine) expect(e).toMatchObject({ usuario_id: a, usuario_email: A, ip: IP, alvo_usuario_id: bia.id });
    expect(mine[0].mudancas).toEqual([
      { campo: "E-mail", de: null, para: "bia@teste.local" },
      { campo: "Nome", de: null, para: "Bia Souza" },
    ]);
    expect(mine[1].mudancas).toEqual([{ campo: "Ativo", de: "sim", para: "não" }]);
    expect(mine[2].mudancas).toEqual([{ campo: "Ativo", de: "não", para: "sim" }]);
    // Still 'must_change_password' from the creation: only the password line changed.
    expect(mine[3].mudancas).toEqual([{ campo: "Senha", de: null, para: "provisória" }]);
    const all = JSON.stringify(await entries());
    expect(all).not.toContain(otp);
    expect(all).not.toContain(reset.body.oneTimePassword.password);
  });

  it("records logins (with the last login time), refused logins without the password, and password changes", async () => {
    const before = await userByEmail(A);
    expect(before.ultimo_login_em).toBeInstanceOf(Date);
    await logIn(A, "senha-errada-xyz", "10.0.9.7");
    await logIn("ninguem@teste.local", "outra-errada-xyz", "10.0.9.8");
    // A password typed into the e-mail field names no account: the history must not keep it.
    await logIn("senha-no-campo-errado", "qualquer-coisa-xyz", "10.0.9.9");
    const novo = "girassol-janela-trevo";
    const changed = await callRoute(senhaAction, request("/admin/senha", { cookie, form: { current_password: PASSWORD, new_password: novo, password_confirmation: novo } }));
    expect(changed.status).toBe(302);

    const rows = await entries();
    expect(rows.map((e) => e.acao)).toEqual(["login", "login_falhou", "login_falhou", "login_falhou", "senha_alterada"]);
    expect(rows[0]).toMatchObject({ usuario_id: a, usuario_email: A, ip: IP, alvo_usuario_id: a });
    expect(rows[1]).toMatchObject({ usuario_id: null, usuario_email: A, ip: "10.0.9.7", alvo_usuario_id: a });
    expect(rows[2]).toMatchObject({ usuario_id: null, usuario_email: null, ip: "10.0.9.8", alvo_usuario_id: null });
    expect(rows[3]).toMatchObject({ usuario_id: null, usuario_email: null, ip: "10.0.9.9", alvo_usuario_id: null });
    expect(rows[4]).toMatchObject({ usuario_id: a, usuario_email: A, ip: IP, alvo_usuario_id: a });
    const all = JSON.stringify(rows);
    for (const secret of ["senha-errada-xyz", "outra-errada-xyz", "senha-no-campo-errado", "ninguem@teste.local", novo, PASSWORD]) expect(all).not.toContain(secret);
  });
});
