// The listings portal-feed*.test.ts read the feed of: some built to meet every rule the portals
// publish (each with an edge: a cover chosen, a video, every feature, a description too long, a
// title too long, a narrow photo and a PNG beside the good ones), the others to break one rule
// each. Also the feed as the tests read it, and VRSync's closed lists (decision 0029).
import { XMLParser } from "fast-xml-parser";
import { contentWrite } from "~/models/listings/content-version.server";
import { attachFotos, insertFotos } from "~/models/listings/foto.server";
import { insertImovel, setPublicarPortais, updateImovel } from "~/models/listings/imovel.server";
import { SYSTEM } from "~/models/history/history.server";
import { loader } from "~/routes/feeds.vrsync[.]xml";
import { COUNT_FIELDS } from "~/utils/enums";
import { resetDb } from "./db";
import { routeArgs } from "../route-args";

const LONG = "<p>Casa ampla &amp; arejada, com <strong>piscina</strong> e churrasqueira. Um texto com ]]&gt; no meio, para o CDATA.</p>";
const complete = { descricao: LONG, cep: "15500-000", area: "120.00", preco: "450000.00", endereco: "Rua Amazonas", numero: "100", bairro: "Jardim Marin" };
const FIVE = ["a1.jpg", "a2.jpg", "a3.jpg", "a4.jpg", "a5.jpg"];

/** Builds the listings on an empty database; returns their ids by name. */
export async function buildListings() {
  await resetDb();
  const make = async (values: Parameters<typeof insertImovel>[0], fotos: string[] = FIVE) => {
    const id = await insertImovel(values);
    if (fotos.length) await attachFotos(id, fotos.map((f) => `${id}-${f}`));
    return id;
  };
  const every = Object.fromEntries(COUNT_FIELDS.map((f) => [f, 1]));
  const ids = {
    // Its owner lets the number show ('Mostrar o número no mapa'): the only one with displayAddress All.
    venda: await make({ ...complete, mostrar_numero: "sim", status: "Venda", tipo: "Casa", quartos: 3, banheiros: 2, suite: 1, garagem: 2, piscina: 1, churrasqueira: 1, condominio: "300.00", iptu: "1200.50" }),
    // Every count at 1 and the alarm: every feature the feed can name.
    locacao: await make({ ...complete, ...every, status: "Locação", tipo: "Apartamento", preco: "1800.00", condominio: "450.00", quartos: 2, alarme: "Sim" }),
    terreno: await make({ ...complete, status: "Venda", tipo: "Terreno", quartos: 0, area: "360.00" }),
    // Five good photos, then one 640 px wide and an old row's PNG: the portals take only the five.
    industrial: await make({ ...complete, status: "Locação", tipo: "Salão Industrial", preco: "9000.00", area: "900.00", quartos: 0 }, [...FIVE, "antiga.png"]),
    // A description past 3,000 characters and a bairro that makes the title pass 100.
    longa: await make({ ...complete, status: "Venda", tipo: "Sobrado", descricao: `<p>${"Sobrado espaçoso. ".repeat(200)}</p>`, bairro: "Residencial ".repeat(8).trim() }),
    semFoto: await make({ ...complete, status: "Venda" }, []),
    quatroFotos: await make({ ...complete, status: "Venda" }, FIVE.slice(0, 4)),
    curta: await make({ ...complete, status: "Venda", descricao: "<p>Vinte caracteres!</p>" }),
    temporada: await make({ ...complete, status: "Temporada", tipo: "Rancho" }),
    inativo: await make({ ...complete, status: "Venda", ativo: "nao" }),
    naoPublicar: await make({ ...complete, status: "Venda" }),
    semCep: await make({ ...complete, status: "Locação", cep: "" }),
    semEstado: await make({ ...complete, status: "Locação", estado: "XX" }),
    // Six photos, two of them narrower than the portals take (a cropped photo is 400×300).
    estreita: await make({ ...complete, status: "Venda" }, FIVE.slice(0, 4)),
  };
  await contentWrite((tx) => insertFotos(tx, ids.industrial, [{ img: `${ids.industrial}-estreita.jpg`, largura: 640 }]));
  await contentWrite((tx) => insertFotos(tx, ids.estreita, [{ img: `${ids.estreita}-b1.jpg`, largura: 400 }, { img: `${ids.estreita}-b2.jpg`, largura: 799 }]));
  await setPublicarPortais(SYSTEM, ids.naoPublicar, "nao");
  // The capa chosen is the second photo: it goes first.
  await updateImovel(SYSTEM, ids.venda, { capa: `${ids.venda}-a2.jpg`, video: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });
  return ids;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Node = any;
export const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["Listing", "Item", "Feature"].includes(name), parseTagValue: false });

export async function read(headers: Record<string, string> = {}) {
  const res = await loader(routeArgs(new Request("http://localhost/feeds/vrsync.xml", { headers })));
  return { res, text: res.status === 200 ? await res.text() : "" };
}
export const listingsOf = (text: string): Node[] => parser.parse(text).ListingDataFeed.Listings?.Listing ?? [];
export const codeOf = (id: number) => `VT${String(id).padStart(4, "0")}`;
/** An element's text, whether it came with attributes or not. */
export const textOf = (n: Node): string | undefined => (n == null ? undefined : typeof n === "object" ? n["#text"] : String(n));

/** VRSync's PropertyType values (Details page). */
export const VRSYNC_PROPERTY_TYPES = [
  ...["Apartment", "Home", "Condo", "Village House", "Farm Ranch", "Penthouse", "Flat", "Kitnet", "Studio", "Loft", "Land Lot", "Agricultural", "Sobrado"].map((t) => `Residential / ${t}`),
  ...["Consultorio", "Edificio Residencial", "Industrial", "Building", "Garage", "Hotel", "Loja", "Land Lot", "Business", "Office", "Edificio Comercial", "Corporate Floor"].map((t) => `Commercial / ${t}`),
];

/**
 * Part of VRSync's closed list of features (Details page; the whole list has some 230 names): those
 * near what our counts say. A name the feed sends must be one of them.
 */
export const VRSYNC_FEATURES = new Set(
  [
    "Alarm System", "Backyard", "Balcony", "BBQ", "Builtin Wardrobe", "Gourmet Area", "Home Office", "Laundry", "Pantry", "Pool",
    "Recreation Area", "Sauna", "Whirlpool", "Hot Tub", "Spa", "Service Room", "Service Bathroom", "Closet", "Fireplace", "Garden Area",
    "Gym", "Elevator", "Furnished", "Intercom", "Kitchen", "Lawn", "Playground", "Sports Court", "Solar Energy", "Vegetable Garden",
  ],
);
