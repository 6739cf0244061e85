import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { getDb } from "../db/client.server";
import { imoveis, imovelFotos } from "../db/schema";
import { getEnv } from "../env.server";
import { insertBanner } from "../models/listings/banner.server";
import { contentWrite } from "../models/listings/content-version.server";
import { attachFotos } from "../models/listings/foto.server";
import { insertImovel } from "../models/listings/imovel.server";
import { seedCalendarios } from "./seed-temporada.server";
import { countUsers, upsertUser } from "../models/accounts/user.server";
import { linkImageCopy } from "../services/image-files.server";
import { storeImage } from "../services/images.server";
import { BANNER_OUTPUT } from "../utils/crop";
import { COUNT_FIELDS, type Status, type Tipo } from "../utils/enums";

/** A small deterministic PRNG, so every seed produces the same listings. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RUAS = [
  "Rua Amazonas", "Rua Pernambuco", "Rua Bahia", "Rua São Paulo", "Rua Tietê", "Rua Sergipe",
  "Rua Mato Grosso", "Rua Alagoas", "Rua Pará", "Avenida Francisco Vilar Horta",
  "Avenida Emílio Arroyo Hernandes", "Rua Paraíba", "Rua Minas Gerais", "Rua Rio de Janeiro",
];
const BAIRROS = [
  "Centro", "Patrimônio Velho", "Vila Paes", "Pozzobon", "Jardim Marin", "Parque das Palmeiras",
  "Jardim Santa Luzia", "Vila Muniz", "Jardim Alvorada", "Residencial Estância",
];
const PALETTES = [
  ["#f6d6a8", "#c96f4a", "#7a3e2b"], ["#dbe7f0", "#5a7d9a", "#2d4256"], ["#e8efe1", "#7aa36d", "#3f5e36"],
  ["#f3e3e0", "#c17c74", "#6d3b36"], ["#efe9dc", "#b79b6c", "#5f4b2d"], ["#e3e4f3", "#7d7fb3", "#3c3e66"],
  ["#fdf0d5", "#e0a458", "#8a5a23"], ["#e0f1f1", "#5fa8a8", "#2c5b5b"],
];

function sceneSvg(w: number, h: number, rand: () => number, palette: string[], label?: string) {
  const [sky, wall, roof] = palette;
  const hx = w * (0.2 + rand() * 0.3);
  const hw = w * (0.35 + rand() * 0.2);
  const hy = h * 0.45;
  const hh = h * 0.35;
  const windows = Array.from({ length: 3 }, (_, i) => {
    const x = hx + hw * (0.12 + i * 0.3);
    return `<rect x="${x}" y="${hy + hh * 0.2}" width="${hw * 0.14}" height="${hh * 0.25}" fill="#fff8e7" stroke="${roof}" stroke-width="4"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc9ef"/><stop offset="1" stop-color="${sky}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#s)"/>
  <circle cx="${w * 0.85}" cy="${h * 0.18}" r="${h * 0.07}" fill="#ffe9a8"/>
  <rect y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="#7fb069"/>
  <rect x="${hx}" y="${hy}" width="${hw}" height="${hh}" fill="${wall}"/>
  <polygon points="${hx - hw * 0.06},${hy} ${hx + hw / 2},${hy - hh * 0.55} ${hx + hw * 1.06},${hy}" fill="${roof}"/>
  ${windows}
  <rect x="${hx + hw * 0.44}" y="${hy + hh * 0.55}" width="${hw * 0.12}" height="${hh * 0.45}" fill="${roof}"/>
  <circle cx="${w * 0.1}" cy="${h * 0.7}" r="${h * 0.1}" fill="#4f7942"/>
  <rect x="${w * 0.095}" y="${h * 0.7}" width="${w * 0.01}" height="${h * 0.1}" fill="#5b3a1e"/>
  ${label ? `<text x="${w / 2}" y="${h * 0.2}" font-family="DejaVu Sans, sans-serif" font-size="${h * 0.09}" font-weight="bold" fill="#ffffff" text-anchor="middle" opacity="0.9">${label}</text>` : ""}
</svg>`;
}

async function renderJpeg(svg: string) {
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

function descricao(tipo: string, bairro: string, rand: () => number) {
  const extras = ["ótima localização", "próximo a escolas e comércio", "rua tranquila", "acabamento de primeira", "bem iluminado e arejado", "documentação em dia"];
  const a = extras[Math.floor(rand() * extras.length)];
  const b = extras[(Math.floor(rand() * extras.length) + 2) % extras.length];
  return `<p>${tipo} no bairro <strong>${bairro}</strong>, em Votuporanga.</p><ul><li>${a[0].toUpperCase()}${a.slice(1)}</li><li>${b[0].toUpperCase()}${b.slice(1)}</li></ul><p>Agende uma visita com nossos corretores.</p>`;
}

type Plan = { status: Status; tipo: Tipo; ativo: "sim" | "nao" };

function listingValues(rand: () => number, plan: Plan) {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const bairro = pick(BAIRROS);
  const preco =
    plan.status === "Venda" ? int(180, 1500) * 1000 : plan.status === "Temporada" ? int(25, 90) * 10 : int(6, 45) * 100;
  const counts = Object.fromEntries(COUNT_FIELDS.map((f) => [f, rand() < 0.35 ? int(1, 3) : 0]));
  return {
    ...counts,
    tipo: plan.tipo,
    status: plan.status,
    ativo: plan.ativo,
    situacao: "Disponivel" as const,
    preco: preco.toFixed(2),
    area: String(int(45, 480)),
    descricao: descricao(plan.tipo, bairro, rand),
    quartos: int(1, 5),
    banheiros: int(1, 4),
    garagem: int(0, 3),
    forro: rand() < 0.6 ? pick(["Forro", "Gesso", "Laje", "PVC", "Madeira"] as const) : null,
    portao: rand() < 0.6 ? pick(["Elétrico", "Convencional"] as const) : null,
    pintura: rand() < 0.5 ? pick(["Novo", "Reparado"] as const) : null,
    piso: rand() < 0.5 ? pick(["Novo", "Reparado", "Danificado"] as const) : null,
    telhado: rand() < 0.4 ? pick(["Novo", "Reparado"] as const) : null,
    alarme: rand() < 0.3 ? ("Sim" as const) : ("Não" as const),
    endereco: pick(RUAS),
    numero: String(int(10, 4999)),
    bairro,
    cidade: "Votuporanga",
    estado: "SP",
    cep: `155${int(0, 1)}${int(0, 9)}-${String(int(0, 999)).padStart(3, "0")}`,
  };
}

const PLAN: Plan[] = [
  ...(["Casa", "Apartamento", "Kitnet", "Sobrado", "Casa Condominio", "Sala Comercial", "Casa", "Apartamento", "Loja Comercial", "Casa", "Salão Comercial"] as Tipo[]).map((tipo) => ({ status: "Locação" as const, tipo, ativo: "sim" as const })),
  ...(["Casa", "Sobrado", "Terreno", "Apartamento", "Casa Condominio", "Rural", "Casa", "Rancho", "Salão Industrial", "Casa", "Apartamento"] as Tipo[]).map((tipo) => ({ status: "Venda" as const, tipo, ativo: "sim" as const })),
  ...(["Temporada", "Rancho", "Área de Lazer", "Casa", "Edícula", "Temporada", "Rancho", "Apartamento", "Área de Lazer"] as Tipo[]).map((tipo) => ({ status: "Temporada" as const, tipo, ativo: "sim" as const })),
  { status: "Locação", tipo: "Casa", ativo: "nao" },
  { status: "Venda", tipo: "Apartamento", ativo: "nao" },
  { status: "Temporada", tipo: "Rancho", ativo: "nao" },
];

export async function isDatabaseEmpty() {
  const db = getDb();
  const [{ n }] = await db.select({ n: sql<number>`COUNT(*)` }).from(imoveis);
  return Number(n) === 0 && (await countUsers()) === 0;
}

/** Whether an empty database gets the demo data: SEED_DEMO when set, else outside production only. */
export function wantsDemo() {
  const env = getEnv();
  return env.SEED_DEMO ?? env.NODE_ENV !== "production";
}

/** The first administrator (ADMIN_EMAIL): all an empty production database gets, nothing invented. */
export async function seedAdmin(log: (s: string) => void = console.log) {
  const env = getEnv();
  let password = env.ADMIN_PASSWORD;
  if (!password) {
    if (env.NODE_ENV === "production") {
      log(`Nenhum ADMIN_PASSWORD definido: crie o administrador com "npm run admin -- create ${env.ADMIN_EMAIL}".`);
      return;
    }
    password = crypto.randomBytes(9).toString("base64url");
    log(`Administrador criado: ${env.ADMIN_EMAIL} / senha gerada: ${password} (anote; ela não será mostrada de novo)`);
  } else {
    log(`Administrador: ${env.ADMIN_EMAIL} (senha de ADMIN_PASSWORD)`);
  }
  await upsertUser(env.ADMIN_EMAIL, password);
}

/** The demo data: listings across every status, photos, a banner and the admin. */
export async function seed(log: (s: string) => void = console.log) {
  const rand = prng(42);
  const base: string[] = [];
  for (let i = 0; i < PALETTES.length; i++) {
    const jpeg = await renderJpeg(sceneSvg(1600, 1200, rand, PALETTES[i]));
    base.push((await storeImage(jpeg)).img);
  }
  const bannerJpeg = await renderJpeg(sceneSvg(1800, 750, rand, PALETTES[0], "Encontre seu novo lar em Votuporanga"));
  await insertBanner((await storeImage(bannerJpeg, { fit: BANNER_OUTPUT })).img);

  for (const [i, plan] of PLAN.entries()) {
    const id = await insertImovel(listingValues(rand, plan));
    // Spread creation times so "newest first" has a stable, visible order.
    const createdAt = new Date(Date.now() - (PLAN.length - i) * 3600_000);
    // Published when created (the e-mail alerts' "new" is after that).
    await contentWrite((tx) => tx.update(imoveis).set({ created_at: createdAt, publicado_em: sql`IF(${imoveis.ativo} = 'sim', ${createdAt}, NULL)` as unknown as Date }).where(sql`${imoveis.id} = ${id}`));
    // The portals take a listing with 5 photos or more (issue 30): those meant for them get 5 to 8
    // (as many different pictures as there are palettes), the others 2 to 5. One draw either way,
    // so every listing after this one keeps its data.
    const forPortals = plan.ativo === "sim" && plan.status !== "Temporada";
    const n = (forPortals ? 5 : 2) + Math.floor(rand() * 4);
    const fotos: string[] = [];
    for (let k = 0; k < n; k++) fotos.push(await linkImageCopy(base[(i + k) % base.length]));
    await attachFotos(id, fotos);
  }
  const calendarios = await seedCalendarios();
  await seedAdmin(log);
  log(`Banco populado: ${PLAN.length} imóveis (${calendarios} com calendário de temporada), 1 banner.`);
}

/** Adds N realistic listings quickly (load tests); each gets one photo. */
export async function seedBulk(n: number, log: (s: string) => void = console.log) {
  const rand = prng(n);
  const jpeg = await renderJpeg(sceneSvg(1200, 900, rand, PALETTES[3]));
  const photo = (await storeImage(jpeg)).img;
  const statuses: Status[] = ["Locação", "Venda", "Temporada"];
  const tipos: Tipo[] = ["Casa", "Apartamento", "Sobrado", "Kitnet", "Casa Condominio", "Terreno", "Rancho"];
  const batch = 500;
  // One content write: the caches start again once, when every row is in.
  await contentWrite(async (db) => {
    for (let done = 0; done < n; done += batch) {
      const rows = Array.from({ length: Math.min(batch, n - done) }, () =>
        listingValues(rand, {
          status: statuses[Math.floor(rand() * 3)],
          tipo: tipos[Math.floor(rand() * tipos.length)],
          ativo: rand() < 0.9 ? "sim" : "nao",
        }),
      );
      await db.insert(imoveis).values(rows);
    }
    await db.execute(sql`UPDATE imoveis SET codigo = CONCAT('VT', IF(id < 1000, LPAD(id, 4, '0'), id)), publicado_em = IF(ativo = 'sim', created_at, NULL) WHERE codigo IS NULL`);
    const missing = await db.execute(
      sql`SELECT i.id FROM imoveis i WHERE NOT EXISTS (SELECT 1 FROM imovel_fotos f WHERE f.imovel_id = i.id)`,
    );
    const ids = (missing[0] as unknown as { id: number }[]).map((r) => r.id);
    for (let i = 0; i < ids.length; i += batch) {
      const slice = ids.slice(i, i + batch);
      const imgs = await Promise.all(slice.map(() => linkImageCopy(photo)));
      await db.insert(imovelFotos).values(slice.map((id, k) => ({ imovel_id: id, img: imgs[k], position: 0 })));
    }
  });
  log(`${n} imóveis adicionados.`);
}

