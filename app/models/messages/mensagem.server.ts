// Messages visitors send (mensagens), from the /contato page and /api/contato alike.
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { imoveis, mensagemFotos, mensagens } from "../../db/schema";
import { mailConfig } from "../../services/mail.server";
import { blockedUntil, hit } from "../../services/rate-limit.server";
import type { Tipo } from "../../utils/enums";
import type { CaptacaoFinalidade, MensagemTipo, VisitaPeriodo } from "../../utils/mensagem";
import type { MensagemInput } from "../../utils/mensagem-schema";
import type { VisitaInput } from "../../utils/visita-schema";
import type { ReservaInput } from "../../utils/temporada-schema";
import { phoneKey } from "../../utils/personal-data";
import { emailQueued, enqueueEmail } from "./mensagem-outbox.server";

/** Per-IP limit on stored messages (the page and /api/contato share it). */
export const MENSAGEM_LIMIT = 5;
export const MENSAGEM_WINDOW_MS = 10 * 60_000;

export type NovaMensagem = Pick<MensagemInput, "nome" | "email" | "telefone" | "mensagem" | "imovel_id"> & {
  ip: string;
  /** A visit request's kind, day (YYYY-MM-DD) and period; a contact by default. */
  tipo?: MensagemTipo;
  visita_data?: string;
  visita_periodo?: VisitaPeriodo;
  /** An owner's offer ('Captação', issue 23) and its photos (served names, already stored). */
  captacao?: { finalidade: CaptacaoFinalidade; tipo: Tipo; bairro: string; endereco: string; preco: string | null };
  fotos?: { img: string; largura: number | null }[];
  /** A Temporada booking request ('Reserva', issue 33): the stay asked for. */
  reserva?: { chegada: string; saida: string; hospedes: number };
};

/**
 * Stores a visitor's message and, when e-mail is configured, queues its agency e-mail in the same
 * transaction: a stored message always has its e-mail queued, and a queued e-mail always has its
 * message (produto §11). Returns the message id. A property id that no longer exists is stored as
 * null: the message matters more than the link, and the foreign key would otherwise reject it.
 */
export async function saveMensagem(input: NovaMensagem): Promise<number> {
  const db = getDb();
  let imovelId: number | null = null;
  if (input.imovel_id) {
    const [row] = await db.select({ id: imoveis.id }).from(imoveis).where(eq(imoveis.id, input.imovel_id)).limit(1);
    imovelId = row?.id ?? null;
  }
  const withEmail = mailConfig() !== null;
  const id = await db.transaction(async (tx) => {
    const [res] = await tx.insert(mensagens).values({
      imovel_id: imovelId,
      nome: input.nome.slice(0, 120),
      email: input.email.slice(0, 191),
      telefone: input.telefone.slice(0, 30),
      telefone_chave: phoneKey(input.telefone).slice(0, 30),
      mensagem: input.mensagem,
      tipo: input.tipo ?? "Contato",
      visita_data: input.visita_data ?? null,
      visita_periodo: input.visita_periodo ?? null,
      reserva_chegada: input.reserva?.chegada ?? null,
      reserva_saida: input.reserva?.saida ?? null,
      reserva_hospedes: input.reserva?.hospedes ?? null,
      captacao_finalidade: input.captacao?.finalidade ?? null,
      captacao_tipo: input.captacao?.tipo ?? null,
      captacao_bairro: input.captacao?.bairro ?? null,
      captacao_endereco: input.captacao?.endereco ?? null,
      captacao_preco: input.captacao?.preco ?? null,
      ip: input.ip.slice(0, 45),
    });
    const id = Number(res.insertId);
    if (input.fotos?.length) await tx.insert(mensagemFotos).values(input.fotos.map((f, position) => ({ mensagem_id: id, ...f, position })));
    if (withEmail) await enqueueEmail(tx, id);
    return id;
  });
  if (withEmail) emailQueued();
  return id;
}

export type MensagemOutcome = { ok: true; id: number } | { ok: false; retryAt: Date };

/** A visitor's validated message: counted against the per-IP limit, then stored. */
export async function submitMensagem(value: MensagemInput, ip: string): Promise<MensagemOutcome> {
  const { email, nome, telefone, mensagem, imovel_id } = value;
  return limited(ip, () => saveMensagem({ email, nome, telefone, mensagem, imovel_id, ip }));
}

/** A visitor's validated visit request: a message of kind 'Visita', under the same per-IP limit. */
export async function submitVisita(value: VisitaInput, ip: string): Promise<MensagemOutcome> {
  const { email, nome, telefone, mensagem, imovel_id, data, periodo } = value;
  return limited(ip, () =>
    saveMensagem({ email, nome, telefone, mensagem: mensagem ?? "", imovel_id, ip, tipo: "Visita", visita_data: data, visita_periodo: periodo }),
  );
}

/** A visitor's validated booking request: a message of kind 'Reserva', under the same per-IP limit. Nothing is booked. */
export async function submitReserva(value: ReservaInput, ip: string): Promise<MensagemOutcome> {
  const { email, nome, telefone, mensagem, imovel_id, estadia } = value;
  if (!estadia) throw new Error("submitReserva: a stay the schema did not check");
  const reserva = { chegada: estadia.chegada, saida: estadia.saida, hospedes: estadia.hospedes };
  return limited(ip, () => saveMensagem({ email, nome, telefone, mensagem: mensagem ?? "", imovel_id, ip, tipo: "Reserva", reserva }));
}

/**
 * When the address is over the limit already, until when; null otherwise. Counts nothing: the owners'
 * form asks before it reads a body of photos it would refuse anyway.
 */
export function limitedUntil(ip: string) {
  return blockedUntil(`mensagem:${ip}`, MENSAGEM_LIMIT, MENSAGEM_WINDOW_MS);
}

/** Contacts, visit requests and owners' offers share one limit per address: 5 in 10 minutes, whatever the kind. */
export async function limited(ip: string, save: () => Promise<number>): Promise<MensagemOutcome> {
  const limit = await hit(`mensagem:${ip}`, MENSAGEM_LIMIT, MENSAGEM_WINDOW_MS);
  if (!limit.allowed) return { ok: false, retryAt: limit.retryAt };
  return { ok: true, id: await save() };
}
