import { z } from "zod";
import {
  ALARME,
  ATIVO,
  CONSERVACAO,
  COUNT_FIELDS,
  COUNT_MAX,
  FORRO,
  PORTAO,
  SITUACOES,
  STATUS,
  TIPOS,
  type CountField,
} from "./enums";
import { parseMoney } from "./format";
import { youtubeId, youtubeWatchUrl } from "./video";

const escolha = (label: string) => `Escolha ${label} da lista.`;

// Optional choices: an empty select means "not informed" (stored as NULL).
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess((v) => (v === "" || v == null ? undefined : v), z.enum(values, { error: escolha(label) }).optional());

const count = z.coerce
  .number({ error: "Escolha um número de 0 a 6." })
  .int("Escolha um número de 0 a 6.")
  .min(0, "Escolha um número de 0 a 6.")
  .max(COUNT_MAX, "Escolha um número de 0 a 6.")
  .default(0);

const counts = Object.fromEntries(COUNT_FIELDS.map((f) => [f, count])) as Record<CountField, typeof count>;

/**
 * A field the listing may not have (condomínio, IPTU, the video): blank or zero is "not informed",
 * null. Not sent at all is undefined, which a save leaves as stored: an /api client written before
 * these fields existed must not erase what the admin typed (the admin form always sends them).
 * `parse` gives the stored value, null for "none", or undefined when the text is not one.
 */
const optionalField = (parse: (v: string) => string | null | undefined, message: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v.trim() === "") return null;
      const parsed = parse(v);
      if (parsed === undefined) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return parsed;
    });

const optionalMoney = (label: string) =>
  optionalField((v) => {
    const parsed = parseMoney(v);
    return parsed === null ? undefined : Number(parsed) > 0 ? parsed : null;
  }, `Informe ${label} como R$ 1.234,56, ou deixe em branco.`);

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label}: no máximo ${max} caracteres.`).optional().default("");

/** The property form (produto §3), shared by the admin pages (conform) and their actions. */
export const imovelSchema = z.object({
  tipo: z.enum(TIPOS, { error: escolha("o tipo") }).default("Casa"),
  status: z.enum(STATUS, { error: escolha("o status") }).default("Locação"),
  situacao: z.enum(SITUACOES, { error: escolha("a situação") }).default("Disponivel"),
  ativo: z.enum(ATIVO, { error: escolha("se o anúncio está ativo") }).default("sim"),
  // Issue 23. Not sent (an /api client older than the field): the stored value stays.
  publicar_portais: z.enum(ATIVO, { error: escolha("se o imóvel vai aos portais") }).optional(),
  // Issue 30, like publicar_portais: not sent, the stored value stays (a new listing: 'nao').
  mostrar_numero: z.enum(ATIVO, { error: escolha("se o número aparece no mapa") }).optional(),
  preco: z
    .string()
    .optional()
    .default("")
    .transform((v, ctx) => {
      const parsed = parseMoney(v);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message: "Informe o preço como R$ 1.234,56." });
        return z.NEVER;
      }
      return parsed;
    }),
  condominio: optionalMoney("o condomínio"),
  iptu: optionalMoney("o IPTU"),
  area: z
    .string()
    .optional()
    .default("")
    .transform((v, ctx) => {
      const parsed = parseMoney(v.replace(/m[t²2]*$/i, ""));
      if (parsed === null || Number(parsed) > 99_999_999) {
        ctx.addIssue({ code: "custom", message: "Informe a área em metros, por exemplo 120 ou 120,5." });
        return z.NEVER;
      }
      return parsed;
    }),
  descricao: z.string().max(20_000, "A descrição pode ter no máximo 20.000 caracteres.").optional().default(""),
  // Issue 23: a YouTube link, stored as its watch URL.
  video: optionalField((v) => {
    const id = youtubeId(v);
    return id ? youtubeWatchUrl(id) : undefined;
  }, "Informe um link do YouTube, por exemplo https://www.youtube.com/watch?v=…, ou deixe em branco."),
  ...counts,
  alarme: z.enum(ALARME, { error: escolha("o alarme") }).default("Não"),
  portao: optionalEnum(PORTAO, "o portão"),
  forro: optionalEnum(FORRO, "o forro"),
  pintura: optionalEnum(CONSERVACAO, "a pintura"),
  piso: optionalEnum(CONSERVACAO, "o piso"),
  telhado: optionalEnum(CONSERVACAO, "o telhado"),
  endereco: text(160, "Endereço"),
  numero: text(20, "Número"),
  bairro: text(100, "Bairro"),
  cidade: z.string().trim().max(100, "Cidade: no máximo 100 caracteres.").optional().transform((v) => v || "Votuporanga"),
  estado: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v || "SP").toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, "Use a sigla do estado, por exemplo SP.")),
  cep: z
    .string()
    .trim()
    .optional()
    .default("")
    .refine((v) => v === "" || /^\d{5}-?\d{3}$/.test(v), "CEP inválido"),
});

export type ImovelInput = z.infer<typeof imovelSchema>;

/** What 'Inserir novo Imóvel' starts with: the defaults of produto §3. */
export const IMOVEL_DEFAULTS: Record<string, string> = {
  tipo: "Casa",
  status: "Locação",
  situacao: "Disponivel",
  ativo: "sim",
  publicar_portais: "sim",
  mostrar_numero: "nao",
  alarme: "Não",
  cidade: "Votuporanga",
  estado: "SP",
  ...Object.fromEntries(COUNT_FIELDS.map((f) => [f, "0"])),
};
