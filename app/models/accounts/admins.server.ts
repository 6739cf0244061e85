// Administrators managed in the panel (/admin/usuarios, produto §2 Usuários): list, create with a
// one-time password, deactivate / reactivate, reset a password. Every change records its history
// entry in its own transaction (decision 0026).
import { randomInt } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { getDb, type Tx } from "../../db/client.server";
import { usuarios } from "../../db/schema";
import { normalizeEmail } from "../../utils/identity";
import { DomainError, notFoundError } from "../errors";
import { changedFields, recordHistory, type Actor } from "../history/history.server";
import { endAllSessions } from "./session.server";
import { hashPassword } from "./user.server";

export type AdminRow = {
  id: number;
  email: string;
  nome: string | null;
  ativo: boolean;
  must_change_password: boolean;
  ultimo_login_em: Date | null;
};

export const SELF_DEACTIVATE = "Você não pode desativar a sua própria conta.";
export const LAST_ADMIN = "Este é o último administrador ativo: ative ou crie outro antes de desativá-lo.";
export const ACTOR_INACTIVE = "Sua conta foi desativada enquanto este pedido era enviado: nada foi alterado.";
export const SELF_RESET = "Para trocar a sua própria senha, use 'Alterar senha'.";
export const EMAIL_TAKEN = "Já existe um administrador com este e-mail.";
const NOT_FOUND = "Administrador não encontrado.";

// No 0/O, 1/l/I: the creator reads it to the new admin, maybe over the phone.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A one-time password: 3 groups of 4 (≈ 59 bits), shown once to the admin who asked for it. */
export function oneTimePassword() {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${group()}-${group()}-${group()}`;
}

export function listAdmins(): Promise<AdminRow[]> {
  return getDb()
    .select({
      id: usuarios.id,
      email: usuarios.email,
      nome: usuarios.nome,
      ativo: usuarios.ativo,
      must_change_password: usuarios.must_change_password,
      ultimo_login_em: usuarios.ultimo_login_em,
    })
    .from(usuarios)
    .orderBy(asc(usuarios.email));
}

// drizzle wraps the driver's error: its code is on the cause.
type DriverError = { code?: string; cause?: DriverError } | null;
const isDuplicate = (e: unknown): boolean => (e as DriverError)?.code === "ER_DUP_ENTRY" || (e as DriverError)?.cause?.code === "ER_DUP_ENTRY";

/** Creates an admin who must choose their own password at the first login; returns the one-time one. */
export async function createAdmin(actor: Actor, input: { email: string; nome: string }) {
  const email = normalizeEmail(input.email);
  const nome = input.nome.trim() || null;
  const password = oneTimePassword();
  const password_hash = await hashPassword(password);
  try {
    const id = await getDb().transaction(async (tx) => {
      const [res] = await tx.insert(usuarios).values({ email, nome, password_hash, must_change_password: true });
      const newId = Number(res.insertId);
      await recordHistory(tx, actor, {
        acao: "usuario",
        alvoUsuarioId: newId,
        resumo: `Criado: ${email}`,
        mudancas: changedFields({}, { email, nome }, { email: "E-mail", nome: "Nome" }),
      });
      return newId;
    });
    return { id, email, password };
  } catch (e) {
    if (isDuplicate(e)) throw new DomainError("conflict", EMAIL_TAKEN);
    throw e;
  }
}

/**
 * Every admin row, locked in id order: two admins deactivating each other at once are served one
 * after the other, and the second sees the first's change (a locking read sees the latest commit).
 */
function lockAll(tx: Tx) {
  return tx.select({ id: usuarios.id, email: usuarios.email, ativo: usuarios.ativo }).from(usuarios).orderBy(asc(usuarios.id)).for("update");
}

/**
 * Deactivates (their sessions and tokens end in the same transaction) or reactivates admin
 * `targetId`. Refuses one's own account and the last active admin. False when nothing changed.
 */
export async function setAdminActive(actor: Actor, targetId: number, ativo: boolean): Promise<boolean> {
  if (!ativo && targetId === actor.usuarioId) throw new DomainError("invalid", SELF_DEACTIVATE);
  return getDb().transaction(async (tx) => {
    const all = await lockAll(tx);
    // An admin deactivated while this request was on its way acts no more (the rows are locked now).
    if (all.some((u) => u.id === actor.usuarioId && !u.ativo)) throw new DomainError("conflict", ACTOR_INACTIVE);
    const target = all.find((u) => u.id === targetId);
    if (!target) throw notFoundError(NOT_FOUND);
    if (target.ativo === ativo) return false;
    if (!ativo && all.filter((u) => u.ativo).length <= 1) throw new DomainError("conflict", LAST_ADMIN);
    await tx.update(usuarios).set({ ativo }).where(eq(usuarios.id, targetId));
    if (!ativo) await endAllSessions(tx, targetId);
    await recordHistory(tx, actor, {
      acao: "usuario",
      alvoUsuarioId: targetId,
      resumo: `${ativo ? "Reativado" : "Desativado"}: ${target.email}`,
      mudancas: [{ campo: "Ativo", de: ativo ? "não" : "sim", para: ativo ? "sim" : "não" }],
    });
    return true;
  });
}

/**
 * Gives admin `targetId` a new one-time password (returned, to be shown once): their sessions and
 * tokens end and they choose their own at the next login.
 */
export async function resetAdminPassword(actor: Actor, targetId: number) {
  if (targetId === actor.usuarioId) throw new DomainError("invalid", SELF_RESET);
  const password = oneTimePassword();
  const password_hash = await hashPassword(password);
  const email = await getDb().transaction(async (tx) => {
    const [target] = await tx.select({ email: usuarios.email, mustChange: usuarios.must_change_password }).from(usuarios).where(eq(usuarios.id, targetId)).for("update");
    if (!target) throw notFoundError(NOT_FOUND);
    await tx.update(usuarios).set({ password_hash, must_change_password: true }).where(eq(usuarios.id, targetId));
    await endAllSessions(tx, targetId);
    await recordHistory(tx, actor, {
      acao: "usuario",
      alvoUsuarioId: targetId,
      resumo: `Senha provisória gerada: ${target.email}`,
      mudancas: [
        { campo: "Senha", de: null, para: "provisória" },
        ...changedFields({ mustChange: target.mustChange ? "sim" : "não" }, { mustChange: "sim" }, { mustChange: "Trocar a senha no próximo login" }),
      ],
    });
    return target.email;
  });
  return { email, password };
}
