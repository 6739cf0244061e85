import { getPool } from "~/db/client.server";
import { markContentChanged } from "~/models/listings/content-version.server";

const TABLES = [
  "importacao_itens",
  "importacoes",
  "imovel_fotos",
  "imovel_bloqueios",
  "imovel_ical_feeds",
  "imovel_temporada",
  "mensagem_fotos",
  "mensagem_emails",
  "alerta_envios",
  "alertas",
  "mensagens",
  "sessoes",
  "rate_limiter",
  "imoveis",
  "banners",
  "usuarios",
  "historico",
  "imovel_visualizacoes",
  "backups",
  "atendimento_eventos",
  "whatsapp_toques",
  "lembrete_emails",
];

/**
 * Empties every table (kept migrated) so each test starts from a known state, then bumps the content
 * version as every content write does: what was remembered for the old content (list totals) goes.
 */
export async function resetDb() {
  // FOREIGN_KEY_CHECKS is per connection: hold one for the whole reset.
  const conn = await getPool().getConnection();
  try {
    await conn.query("SET FOREIGN_KEY_CHECKS = 0");
    for (const t of TABLES) await conn.query(`TRUNCATE TABLE \`${t}\``);
    await conn.query("SET FOREIGN_KEY_CHECKS = 1");
  } finally {
    conn.release();
  }
  await markContentChanged();
}
