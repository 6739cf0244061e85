// Shared by the property tests of the page actions (page-fuzz, page-roundtrip): calling an action
// as React Router would, and a database with listings, photos and messages to aim at.
import { saveMensagem } from "~/models/messages/mensagem.server";
import { resetDb } from "./db";
import type { Known } from "./fuzz-support";
import { adminCookie, createAdmin, dataUrl, jpeg, seedImovel, seedPhotos } from "./api-support";
import { routeArgs } from "../route-args";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each action types its own args
export type Action = (args: any) => unknown;

/** The status React Router would answer for what an action returned or threw (500 for a thrown non-Response). */
export async function outcome(action: Action, request: Request, params: Record<string, string>) {
  try {
    const r = await action(routeArgs(request, params));
    if (r instanceof Response) return { status: r.status, body: await r.text(), location: r.headers.get("Location") };
    // What data() from @remix-run/node returns.
    const d = r as { type?: string; data?: unknown; init?: { status?: number } | null };
    if (d && d.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, body: JSON.stringify(d.data) };
    return { status: 200, body: JSON.stringify(r ?? null) };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, body: await e.text(), location: e.headers.get("Location") };
    return { status: 500, body: String((e as Error)?.stack ?? e) };
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

