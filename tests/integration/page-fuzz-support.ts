// Shared by the property tests of the page actions (page-fuzz, page-roundtrip): calling an action
// as React Router would, and a database with listings, photos and messages to aim at.
import { saveMensagem } from "~/models/messages/mensagem.server";
import { resetDb } from "./db";
import type { Known } from "./fuzz-support";
import { adminCookie, createAdmin, dataUrl, jpeg, seedImovel, seedPhotos } from "./api-support";
import { callRoute } from "../support/route-call";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each action types its own args
export type Action = (args: any) => unknown;

/** The status React Router would answer for what an action returned or threw (500 for a thrown non-Response), its body as text. */
export async function outcome(action: Action, request: Request, params: Record<string, string>) {
  try {
    const r = await callRoute(action, request, params);
    return { status: r.status, body: r.response ? await r.response.text() : JSON.stringify(r.body ?? null), location: r.location };
  } catch (e) {
    return { status: 500, body: String((e as Error)?.stack ?? e), location: null };
  }
}

export async function seedKnown(): Promise<{ cookie: string; known: Known }> {
  await resetDb();
  const adminId = await createAdmin();
  const ids: string[] = [];
  const fotoIds: string[] = [];
  const imgs: string[] = [];
  for (let i = 0; i < 6; i++) {
    const id = await seedImovel({ status: (["Locação", "Venda", "Temporada"] as const)[i % 3] });
    ids.push(String(id));
    for (const f of await seedPhotos(id, 2)) {
      fotoIds.push(String(f.id));
      imgs.push(f.img);
    }
    await saveMensagem({ nome: "Ana", email: "ana@exemplo.com.br", telefone: "(17) 99999-0000", mensagem: "Olá", imovel_id: id, ip: "10.0.0.1" });
  }
  const tiny = new Uint8Array(await jpeg(32, 24));
  return { cookie: await adminCookie(adminId), known: { ids, fotoIds, imgs, tiny, tinyUrl: dataUrl(Buffer.from(tiny)) } };
}

