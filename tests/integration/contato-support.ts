// Posting the /contato form to its route action, as a browser without JavaScript would.
import { action } from "~/routes/_site.contato";
import { routeArgs } from "../route-args";

let ipSeq = 0;
/** A fresh client IP per call, so the per-IP limit only bites where a test wants it to. */
export function uniqueIp() {
  ipSeq += 1;
  return `10.20.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
}

export const VALID = {
  email: "maria@exemplo.com.br",
  nome: "Maria Souza",
  telefone: "(17) 99999-9999",
  mensagem: "Gostaria de visitar o imóvel no sábado.",
};

export async function postContato(fields: Record<string, string>, ip = uniqueIp()) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const request = new Request("http://localhost/contato", {
    method: "POST",
    body,
    headers: { "x-imob-client-ip": ip },
  });
  return action(routeArgs(request));
}

export type ContatoAnswer = Awaited<ReturnType<typeof action>>;

export function statusOf(res: ContatoAnswer) {
  if (res instanceof Response) return res.status;
  return (res as unknown as { init: ResponseInit | null }).init?.status ?? 200;
}
