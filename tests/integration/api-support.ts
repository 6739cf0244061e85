// Helpers of the /api tests: requests, calling a route like React Router does, seeding.
import type { LoaderFunctionArgs } from "react-router";
import sharp from "sharp";
import { readWhole } from "~/services/storage/contract.server";
import { getPhotoStore } from "~/services/storage/store.server";
import { expect } from "vitest";
import { addFotos } from "~/models/listings/foto.server";
import { insertImovel } from "~/models/listings/imovel.server";
import { createApiToken, createSessionCookie } from "~/http/auth.server";
import { upsertUser } from "~/models/accounts/user.server";
import type { NewImovel } from "~/db/schema";
import { SYSTEM } from "~/models/history/history.server";
import { routeArgs } from "../route-args";

export const BASE = "http://localhost";
export const EMAIL = "gerente@teste.local";
export const PASSWORD = "senha-correta-123";

type RouteFn = (args: LoaderFunctionArgs) => Promise<Response> | Response;
export type RouteModule = { loader?: RouteFn; action?: RouteFn };
// The parsed JSON of an answer, whatever its shape: the tests' assertions are what check it (a
// declared type here would only restate, unchecked, what each assertion already says).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Outcome = { status: number; body: any; headers: Headers };

/** Runs the loader (GET, HEAD) or the action (anything else) of a route, as React Router would. */
export async function call(mod: RouteModule, request: Request, params: Record<string, string> = {}): Promise<Outcome> {
  const fn = request.method === "GET" || request.method === "HEAD" ? mod.loader : mod.action;
  if (!fn) throw new Error(`route has no handler for ${request.method}`);
  // Every /api handler answers with a Response and never throws: a throw fails the test here.
  const res = await fn(routeArgs(request, params));
  expect(res).toBeInstanceOf(Response);
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    expect(res.headers.get("Content-Type"), text.slice(0, 200)).toContain("application/json");
    body = JSON.parse(text);
  }
  return { status: res.status, body, headers: res.headers };
}

type Value = string | Blob;
export type ReqOptions = {
  method?: string;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  /** multipart/form-data */
  form?: [string, Value][] | Record<string, Value>;
  /** application/x-www-form-urlencoded */
  urlencoded?: Record<string, string>;
  json?: unknown;
  body?: BodyInit;
};

export function req(path: string, o: ReqOptions = {}) {
  const headers = new Headers(o.headers);
  if (o.token) headers.set("Authorization", `Bearer ${o.token}`);
  if (o.cookie) headers.set("Cookie", o.cookie);
  let body: BodyInit | undefined = o.body;
  if (o.form) {
    const fd = new FormData();
    for (const [k, v] of Array.isArray(o.form) ? o.form : Object.entries(o.form)) fd.append(k, v);
    body = fd;
  } else if (o.urlencoded) {
    body = new URLSearchParams(o.urlencoded);
  } else if (o.json !== undefined) {
    body = JSON.stringify(o.json);
    headers.set("Content-Type", "application/json");
  }
  const method = o.method ?? (body ? "POST" : "GET");
  return new Request(`${BASE}${path}`, { method, headers, body });
}

export async function createAdmin() {
  const { id } = await upsertUser(EMAIL, PASSWORD);
  return id;
}

/** A bearer token for a fresh administrator. */
export async function adminToken() {
  return createApiToken(await createAdmin());
}

/** "name=value" of a new admin session cookie. */
export async function adminCookie(userId?: number) {
  return (await createSessionCookie(userId ?? (await createAdmin()))).split(";")[0];
}

export function seedImovel(values: Partial<Omit<NewImovel, "id" | "codigo">> = {}) {
  return insertImovel({
    descricao: "<p>Casa ampla.</p>",
    endereco: "Rua Amazonas",
    numero: "100",
    bairro: "Centro",
    cep: "15500-000",
    preco: "1500.00",
    quartos: 2,
    banheiros: 1,
    ...values,
  });
}

export const jpeg = (w = 640, h = 480, color = "#3366aa") =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } }).jpeg().toBuffer();

export const dataUrl = (buf: Buffer, type = "image/jpeg") => `data:${type};base64,${buf.toString("base64")}`;

export const file = (buf: Buffer, name = "foto.jpg", type = "image/jpeg") => new File([new Uint8Array(buf)], name, { type });

/** Adds photos (generated JPEGs) to a property; returns the rows. */
export async function seedPhotos(imovelId: number, n = 2) {
  const colors = ["#aa3333", "#33aa33", "#3333aa", "#aaaa33"];
  const uploads = await Promise.all(
    Array.from({ length: n }, async (_, i) => ({ field: "img", name: `f${i}.jpg`, buffer: await jpeg(640, 480, colors[i % 4]), index: i })),
  );
  const { added } = await addFotos(SYSTEM, imovelId, uploads);
  return added;
}

/** The same-origin headers a browser sends on a fetch from the site itself. */
export const SAME_ORIGIN = { "Sec-Fetch-Site": "same-origin" };

/** Whether a served image file exists in the photo store. */
export const imgExists = async (img: string) => (await getPhotoStore().stat(img)) !== null;

/** [width, height] of a served image file. */
export async function imgSize(img: string) {
  const m = await sharp((await readWhole(getPhotoStore(), img)) ?? Buffer.alloc(0)).metadata();
  return [m.width, m.height];
}
