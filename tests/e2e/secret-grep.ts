// The secret-grep over the e2e web server's log (issue 24): what must never be written there —
// the admin password, the session secret, session cookie and bearer token values, visitors'
// e-mails and the texts of the messages the specs send — and the search for them. Checked at the
// end of every Playwright run (tests/e2e/teardown.ts); tests/unit/secret-grep.test.ts shows it can fail.
import { E2E } from "./env";

export type Secret = { what: string; value: string };

/** Texts of the messages and visitor identities the specs send (contact.spec, mensagens.spec…). */
export const MESSAGE_MARKERS = [
  "Quero agendar uma visita",
  "Pode ser à tarde?",
  "Texto que fica",
  "Teste de limite",
  "Pode me ligar?",
  "@teste.com.br",
  "Carlos Teste",
  "Lia Teste",
];

/** The fixed secrets of the e2e server (tests/e2e/server.ts) and the markers. */
export function knownSecrets(): Secret[] {
  return [
    { what: "senha do administrador", value: E2E.ADMIN_PASSWORD },
    { what: "e-mail do administrador", value: E2E.ADMIN_EMAIL },
    { what: "SESSION_SECRET", value: E2E.SESSION_SECRET },
    ...MESSAGE_MARKERS.map((value) => ({ what: `texto de mensagem (${value})`, value })),
  ];
}

/** The forms a value may take in a log line: as is, JSON-escaped, percent-encoded. */
function spellings(value: string) {
  return new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]);
}

/**
 * What of `secrets` the log holds, by name (the value itself is never printed). Values shorter
 * than 6 characters would match by chance and are not searched.
 */
export function secretsIn(log: string, secrets: Secret[]): string[] {
  const found = secrets.filter((s) => s.value.length >= 6 && [...spellings(s.value)].some((v) => log.includes(v)));
  return [...new Set(found.map((s) => s.what))];
}

/** Lines "what\tvalue" (tests/e2e/helpers.ts writes the cookies each test ended with) as secrets. */
export function parseRecorded(text: string): Secret[] {
  return text
    .split("\n")
    .filter((l) => l.includes("\t"))
    .map((l) => {
      const [what, value] = l.split("\t", 2);
      return { what, value };
    });
}
