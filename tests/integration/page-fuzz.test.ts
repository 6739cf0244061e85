// Property (issue 12): whatever body a client posts to a page action, urlencoded or multipart, it
// never answers 5xx nor throws anything but a 4xx Response. 1,000 generated requests per action,
// as a logged-in admin (session cookie) so admin actions get past the guard into their validation.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import * as bannerNovo from "~/routes/admin.banner.novo";
import * as ajuste from "~/routes/admin.imovel.$id.ajuste";
import * as ativo from "~/routes/admin.imovel.$id.ativo";
import * as excluir from "~/routes/admin.imovel.$id.excluir";
import * as novo from "~/routes/admin.imovel.novo";
import * as fotoAjuste from "~/routes/admin.imovelEdit.$id.foto.$fotoId.ajuste";
import * as fotoExcluir from "~/routes/admin.imovelEdit.$id.foto.$fotoId.excluir";
import * as fotos from "~/routes/admin.imovelEdit.$id.fotos";
import * as edit from "~/routes/admin.imovelEdit.$id";
import * as mensagemExcluir from "~/routes/admin.mensagens.$id.excluir";
import * as mensagem from "~/routes/admin.mensagens_.$id";
import * as usuarios from "~/routes/admin.usuarios";
import * as contato from "~/routes/_site.contato";
import * as login from "~/routes/login";
import * as logout from "~/routes/logout";
import { imovelSchema } from "~/utils/imovel-schema";
import { buildRequest, generated, type Generated, type Known } from "./fuzz-support";
import { BASE } from "./api-support";
import { outcome, seedKnown, type Action } from "./page-fuzz-support";

const RUNS = 1000;
type PageTarget = { route: string; anonymous?: boolean; action: Action; fields: string[]; files?: string[]; params?: (g: Generated, k: Known) => Record<string, string>; path: (p: Record<string, string>) => string };

const BOX = ["x", "y", "width", "height", "srcW", "srcH", "zoom", "posx", "posy"];
const CONTATO = ["email", "nome", "telefone", "mensagem", "assunto", "imovel_id", "redirectTo", "website"];
const pick = (list: string[], g: Generated) => list[Math.abs([...g.param].reduce((a, c) => a * 31 + c.charCodeAt(0), 7)) % list.length];
const idOf = (g: Generated, k: Known) => ({ id: /^\d+$/.test(g.param) && g.param.length < 4 ? g.param : pick(k.ids, g) });
const fotoOf = (g: Generated, k: Known) => ({ ...idOf(g, k), fotoId: pick(k.fotoIds, g) });

// Writes first, deletes last: the later actions still find something to work on.
const TARGETS: PageTarget[] = [
  { route: "contato", anonymous: true, action: contato.action, fields: CONTATO, path: () => "/contato" },
  { route: "login", anonymous: true, action: login.action, fields: ["email", "password", "redirectTo"], path: () => "/login" },
  { route: "imovel.novo", action: novo.action, fields: [...Object.keys(imovelSchema.shape), "capa_upload"], files: ["img[]", "img"], path: () => "/admin/imovel/novo" },
  { route: "imovelEdit", action: edit.action, fields: [...Object.keys(imovelSchema.shape), "intent"], files: ["img[]"], params: idOf, path: (p) => `/admin/imovelEdit/${p.id}` },
  { route: "imovelEdit.fotos", action: fotos.action, fields: ["intent", "img", "capa", "fotoId", "confirmado"], files: ["img[]", "img"], params: idOf, path: (p) => `/admin/imovelEdit/${p.id}/fotos` },
  { route: "imovel.ativo", action: ativo.action, fields: ["ativo", "back"], params: idOf, path: (p) => `/admin/imovel/${p.id}/ativo` },
  { route: "imovel.ajuste", action: ajuste.action, fields: BOX, params: idOf, path: (p) => `/admin/imovel/${p.id}/ajuste` },
  { route: "foto.ajuste", action: fotoAjuste.action, fields: BOX, params: fotoOf, path: (p) => `/admin/imovelEdit/${p.id}/foto/${p.fotoId}/ajuste` },
  { route: "banner.novo", action: bannerNovo.action, fields: ["banner"], files: ["banner"], path: () => "/admin/banner/novo" },
  { route: "mensagem", action: mensagem.action, fields: ["intent", "back"], params: idOf, path: (p) => `/admin/mensagens/${p.id}` },
  { route: "mensagem.excluir", action: mensagemExcluir.action, fields: ["back", "confirmado"], params: idOf, path: (p) => `/admin/mensagens/${p.id}/excluir` },
  { route: "foto.excluir", action: fotoExcluir.action, fields: ["confirmado"], params: fotoOf, path: (p) => `/admin/imovelEdit/${p.id}/foto/${p.fotoId}/excluir` },
  { route: "imovel.excluir", action: excluir.action, fields: ["confirmado"], params: idOf, path: (p) => `/admin/imovel/${p.id}/excluir` },
  { route: "usuarios", action: usuarios.action, fields: ["intent", "id", "email", "nome"], path: () => "/admin/usuarios" },
  { route: "logout", action: logout.action, fields: [], path: () => "/logout" },
];

let cookie: string;
let known: Known;

beforeAll(async () => {
  ({ cookie, known } = await seedKnown());
}, 60_000);

afterAll(() => closeDb());

describe("no page action answers 5xx, whatever it is posted", () => {
  it.each(TARGETS.map((t) => [t.route, t] as const))(
    `%s: ${RUNS} generated bodies`,
    async (_route, t) => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(generated({ methods: ["POST"], fields: t.fields, files: t.files }, known), async (g) => {
          const params = t.params?.(g, known) ?? {};
          // Only bodies here: the method is always POST, the origin the site's own (server/guards.ts
          // refuses the rest before React Router), the session the admin's (it survives: logout runs last).
          // The login and contact forms are posted anonymously (a login would replace the admin's session).
          const headers = new Headers({ "Sec-Fetch-Site": "same-origin", ...(t.anonymous ? {} : { Cookie: cookie }) });
          const request = buildRequest(BASE, t.path(params), { methods: ["POST"] }, { ...g, method: "POST", query: [] }, headers);
          const res = await outcome(t.action, request, params);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expect(res.status, res.body.slice(0, 600)).toBeLessThan(500);
          // The admin's session must hold, or the guard answers every run and nothing is tested.
          if (!t.anonymous && t.route !== "logout") expect(res.location ?? "").not.toMatch(/^\/login/);
        }),
        { numRuns: RUNS },
      );
      console.log(`[page-fuzz] ${t.route}: ${JSON.stringify(Object.fromEntries(statuses))}`);
    },
    240_000,
  );
});
