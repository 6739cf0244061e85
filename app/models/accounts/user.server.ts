import { hash, verify } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { usuarios } from "../../db/schema";
import { hashGate } from "../../services/hash-gate.server";
import { changedFields, recordHistory, type Actor } from "../history/history.server";
import { normalizeEmail } from "../../utils/identity";

export type AdminUser = { id: number; email: string };

// OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 degree of parallelism.
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };
/** The floor for seeded and test accounts; people choosing a password meet utils/password.ts. */
export const MIN_PASSWORD = 8;

// Verified when the e-mail is unknown, so a wrong e-mail costs as much time as a wrong password.
let dummyHash: Promise<string> | undefined;

/** Every argon2 run goes through hashGate: throws BusyError when too many are waiting. */
export function hashPassword(password: string) {
  return hashGate(() => hash(password, ARGON2));
}

const verifyHash = (hashed: string, password: string) =>
  hashGate(() => verify(hashed, password).catch(() => false));

export async function getUserByEmail(email: string) {
  const [row] = await getDb()
    .select()
    .from(usuarios)
    .where(eq(usuarios.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function verifyLogin(email: string, password: string): Promise<AdminUser | null> {
  const user = await getUserByEmail(email);
  if (!user) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verifyHash(await dummyHash, password);
    return null;
  }
  const ok = await verifyHash(user.password_hash, password);
  // An inactive admin is refused like a wrong password, after the same work: nothing tells them apart.
  return ok && user.ativo ? { id: user.id, email: user.email } : null;
}

/**
 * Creates the user, or resets the password of an existing one. With an `actor` (the command line),
 * the change is a history entry in the same transaction; the seed and tests pass none.
 */
export async function upsertUser(email: string, password: string, actor?: Actor) {
  if (password.length < MIN_PASSWORD) {
    throw new Error(`A senha precisa de pelo menos ${MIN_PASSWORD} caracteres`);
  }
  const password_hash = await hashPassword(password);
  const normalized = normalizeEmail(email);
  const existing = await getUserByEmail(normalized);
  return getDb().transaction(async (tx) => {
    if (existing) {
      await tx.update(usuarios).set({ password_hash }).where(eq(usuarios.id, existing.id));
      if (actor) await recordHistory(tx, actor, { acao: "usuario", alvoUsuarioId: existing.id, resumo: `Senha definida pela linha de comando: ${normalized}` });
      return { id: existing.id, created: false };
    }
    const [res] = await tx.insert(usuarios).values({ email: normalized, password_hash });
    const id = Number(res.insertId);
    if (actor) {
      const mudancas = changedFields({}, { email: normalized }, { email: "E-mail" });
      await recordHistory(tx, actor, { acao: "usuario", alvoUsuarioId: id, resumo: `Criado pela linha de comando: ${normalized}`, mudancas });
    }
    return { id, created: true };
  });
}

export async function countUsers() {
  const rows = await getDb().select({ id: usuarios.id }).from(usuarios).limit(1);
  return rows.length;
}

/** Whether `password` is the current one of user `id` (the change-password form asks for it). */
export async function checkPassword(id: number, password: string) {
  const [row] = await getDb().select().from(usuarios).where(eq(usuarios.id, id)).limit(1);
  return !!row && (await verifyHash(row.password_hash, password));
}

/**
 * Stores a new password chosen by user `id` themselves (so a one-time password's `must_change_password`
 * is done), with its history entry in the same transaction.
 */
export async function setPassword(id: number, password: string, actor: Actor) {
  const password_hash = await hashPassword(password);
  await getDb().transaction(async (tx) => {
    await tx.update(usuarios).set({ password_hash, must_change_password: false }).where(eq(usuarios.id, id));
    await recordHistory(tx, actor, { acao: "senha_alterada", alvoUsuarioId: id });
  });
}
