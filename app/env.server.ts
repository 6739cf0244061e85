import { z } from "zod";
import type { Agency } from "./utils/agency";
import { whatsappNumber } from "./utils/phone";

const DEFAULT_DATABASE_URL = "mysql://root@127.0.0.1:3306/imobiliaria";
const mysqlUrl = z.string().refine((v) => /^mysql:\/\//.test(v), "deve começar com mysql://");
const httpUrl = (what: string) => z.string().regex(/^https?:\/\/[^\s/]+/, `deve ser um endereço http(s)://… ${what}`);
// A flag's default is its parsed value (zod 4: `.default()` gives the output, it is not parsed).
const flag = z
  .enum(["true", "false", "1", "0"], { error: "use true ou false" })
  .transform((v) => v === "true" || v === "1");
/** "nome@dominio" or "Nome <nome@dominio>", as MAIL_FROM may be written. */
const MAIL_ADDRESS = /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+)$/;

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: mysqlUrl.default(DEFAULT_DATABASE_URL),
    // Optional read replica for anonymous public reads (docs/decisions/0005-read-replica.md).
    DATABASE_REPLICA_URL: mysqlUrl.optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    // Production over plain http sends the session cookie without Secure: only on purpose.
    ALLOW_INSECURE_HTTP: flag.default(false),
    SESSION_SECRET: z.string().min(16, "mínimo de 16 caracteres").optional(),
    ADMIN_EMAIL: z.email().default("admin@imobiliaria.local"),
    ADMIN_PASSWORD: z.string().min(8, "mínimo de 8 caracteres").optional(),
    // The demo listings on an empty database: development only, unless asked for (issue 21: a
    // production start must never publish invented houses).
    SEED_DEMO: flag.optional(),
    IMG_DIR: z.string().min(1).default("./img"),
    // Where photos live (docs/decisions/0004-photo-storage.md): the local IMG_DIR or an S3-compatible bucket.
    STORAGE: z.enum(["local", "s3"], { error: "use local ou s3" }).default("local"),
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "nome de bucket inválido (3 a 63 letras minúsculas, números, . ou -)").optional(),
    S3_ENDPOINT: httpUrl("(vazio para a AWS)").optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flag.default(false),
    IMG_PUBLIC_URL: httpUrl("(a CDN que serve o bucket)").optional(),
    TRUST_PROXY: z.string().optional(),
    // The bearer token of /metrics (server/metrics-access.ts, docs/operations.md); without it, loopback only.
    METRICS_TOKEN: z.string().min(16, "mínimo de 16 caracteres").optional(),
    MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(20_000_000),
    VIACEP_URL: z.url().default("https://viacep.com.br/ws"),
    // Issue 32: let the import (app/http/outbound-fetch.server.ts) reach loopback and private
    // addresses: the tests' servers, or a feed on the agency's own network.
    IMPORT_ALLOW_PRIVATE: flag.default(false),
    // …or only these addresses or ranges (comma-separated: "192.168.0.10,10.1.0.0/16"): the one
    // server of the agency's network, while every other private address stays refused.
    IMPORT_ALLOW_ADDRESSES: z
      .string()
      .default("")
      .transform((v) => v.split(",").map((a) => a.trim()).filter(Boolean))
      .refine((list) => list.every((a) => /^[\d.:a-fA-F]+(\/\d{1,3})?$/.test(a)), { message: "use endereços IP ou faixas CIDR separados por vírgula" }),
    AGENCY_NAME: z.string().min(1).default("Imobiliária Votuporanga"),
    AGENCY_PHONE: z.string().min(8).default("(17) 3421-0000"),
    AGENCY_WHATSAPP: z.string().optional(),
    AGENCY_EMAIL: z.email().default("contato@imobiliaria.local"),
    AGENCY_STREET: z.string().default("Rua Amazonas, 3000"),
    AGENCY_NEIGHBOURHOOD: z.string().default("Centro"),
    AGENCY_CITY: z.string().default("Votuporanga"),
    AGENCY_STATE: z.string().length(2).default("SP"),
    AGENCY_CEP: z.string().default("15500-000"),
    // The footer's 'Redes sociais' (beside WhatsApp, always there): the agency's pages, when it has them.
    AGENCY_INSTAGRAM: z.string().regex(/^https:\/\/[^\s/]+/, "deve ser um endereço https://… (a página da imobiliária no Instagram)").optional(),
    AGENCY_FACEBOOK: z.string().regex(/^https:\/\/[^\s/]+/, "deve ser um endereço https://… (a página da imobiliária no Facebook)").optional(),
    // The agency e-mail of every visitor's message (produto §11). Without SMTP_URL nothing is sent.
    SMTP_URL: z
      .string()
      .refine((v) => /^smtps?:\/\/[^/?#\s]+/i.test(v) && URL.canParse(v), "use smtp://usuario:senha@servidor:587 ou smtps://usuario:senha@servidor:465")
      .optional(),
    MAIL_FROM: z
      .string()
      .refine((v) => MAIL_ADDRESS.test(v), 'use um e-mail, ou "Nome <email@dominio>"')
      .optional(),
    MAIL_TO: z.email("deve ser um e-mail válido").optional(),
    // The e-mail alerts' daily digest (issue 32 §2): from this São Paulo time on, each day.
    ALERTAS_HORA: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "use HH:MM, por exemplo 08:00 (horário de São Paulo)" })
      .default("08:00"),
    // The financing simulator's default yearly rate (effective, %), issue 22.
    FINANCING_RATE: z.coerce.number().min(0).max(50).default(11.5),
    // LGPD (issue 24): visitors' messages are anonymized by the daily job after this many days.
    LEADS_RETENTION_DAYS: z.coerce.number().int().min(1, "mínimo de 1 dia").max(36500).default(730),
    // MAIL_TO's old name, still read so a deployment that sets it keeps its recipient (decision 0020).
    LEADS_EMAIL: z.email("deve ser um e-mail válido").optional(),
    // When each admin gets the morning e-mail of their follow-ups due (issue 34), São Paulo time.
    ATENDIMENTOS_HORA: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "use HH:MM, como 08:00" })
      .default("08:00"),
    // How long the admin history (/admin/historico) keeps its entries, in days (issue 24).
    HISTORY_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(730),
    // How often each process writes the views it counted (issue 24; jobs/visualizacoes-counter.server.ts).
    VIEWS_FLUSH_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
    // Backups (docs/backup.md): archives go to BACKUP_DIR, or under BACKUP_S3_PREFIX in the photo
    // bucket when STORAGE=s3; the last BACKUP_KEEP are kept, plus one per month for a year.
    BACKUP_DIR: z.string().min(1).default("./backups"),
    BACKUP_S3_PREFIX: z.string().regex(/^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*\/$/, "use um prefixo como backups/ (termina em /)").default("backups/"),
    BACKUP_KEEP: z.coerce.number().int().min(1, "mínimo 1").max(365).default(7),
    // How often the other sites' iCal calendars of Temporada listings are read (issue 33), in minutes.
    ICAL_SYNC_MINUTES: z.coerce.number().int().min(1, "mínimo 1 minuto").max(1440, "máximo 1440 minutos (um dia)").default(60),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE === "s3" && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "obrigatório quando STORAGE=s3" });
    }
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
      ctx.addIssue({ code: "custom", path: [missing], message: "defina as duas chaves (ou nenhuma, para usar as credenciais padrão do SDK)" });
    }
    const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
    if (env.NODE_ENV === "production" && publicUrl.startsWith("http://") && !env.ALLOW_INSECURE_HTTP) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message: `${publicUrl} não é https: em produção use https://… (ou ALLOW_INSECURE_HTTP=1, de propósito, só para testes locais)`,
      });
    }
    if (env.MAIL_TO && env.LEADS_EMAIL && env.MAIL_TO !== env.LEADS_EMAIL) {
      ctx.addIssue({ code: "custom", path: ["LEADS_EMAIL"], message: "é o nome antigo de MAIL_TO e difere dele: defina só MAIL_TO" });
    }
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "obrigatório quando NODE_ENV=production",
      });
    }
  });

export type Env = z.infer<typeof schema> & { PUBLIC_URL: string; SESSION_SECRET: string };

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    // Only outside production: a fixed development secret keeps dev sessions across restarts.
    SESSION_SECRET: env.SESSION_SECRET ?? "dev-only-secret-not-for-production",
  };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The agency's public details, safe to send to the browser. */
export function getAgency(): Agency {
  return agencyOf(getEnv());
}

/** The agency's public details from a parsed configuration. */
export function agencyOf(env: Env): Agency {
  const phone = env.AGENCY_WHATSAPP ?? env.AGENCY_PHONE;
  return {
    name: env.AGENCY_NAME,
    phone: env.AGENCY_PHONE,
    whatsapp: `https://wa.me/${whatsappNumber(phone) ?? `55${phone.replace(/\D/g, "")}`}`,
    email: env.AGENCY_EMAIL,
    street: env.AGENCY_STREET,
    neighbourhood: env.AGENCY_NEIGHBOURHOOD,
    city: env.AGENCY_CITY,
    state: env.AGENCY_STATE,
    cep: env.AGENCY_CEP,
    social: [
      ...(env.AGENCY_INSTAGRAM ? [{ name: "Instagram", url: env.AGENCY_INSTAGRAM }] : []),
      ...(env.AGENCY_FACEBOOK ? [{ name: "Facebook", url: env.AGENCY_FACEBOOK }] : []),
    ],
  };
}
