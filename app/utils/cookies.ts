// Every cookie the site sets, in one registry: its name (app/http/cookies.server.ts builds on it) and
// what the privacy notice says of it (/privacidade lists them all from here). A cookie added anywhere
// else has no name to use; one added here is named on the notice by construction, and
// tests/e2e/privacidade.spec.ts posts every public form to check that no other reaches a visitor.

export type CookieInfo = {
  name: string;
  /** Who receives it. */
  who: "visitante" | "administrador";
  /** What it is for, as the notice says it. */
  purpose: string;
  /** How long the browser keeps it. */
  lifetime: string;
  /** When the site sets it. */
  when: string;
};

export const COOKIES = {
  favoritos: {
    name: "imob_favoritos",
    who: "visitante",
    purpose: "Guarda a lista dos seus imóveis favoritos (só os códigos dos imóveis, nada que identifique você).",
    lifetime: "1 ano desde a última mudança na lista; apagado quando você limpa a lista.",
    when: "Quando você toca no coração de um imóvel ('Salvar nos favoritos').",
  },
  toast: {
    name: "toast-session",
    who: "visitante",
    purpose: "Leva à página seguinte o aviso de que o seu envio deu certo (por exemplo, 'Contato enviado com sucesso!'), que é mostrado uma vez.",
    lifetime: "Até você fechar o navegador; o aviso é apagado assim que mostrado.",
    when: "Depois de enviar uma mensagem, um pedido de visita ou os dados de um imóvel (Anuncie), e depois das ações de um administrador.",
  },
  session: {
    name: "imob_sessao",
    who: "administrador",
    purpose: "Mantém o administrador conectado à área administrativa (sob https, com o prefixo __Host-).",
    lifetime: "Até sair (SAIR), 2 horas sem uso ou 12 horas desde o login.",
    when: "No login da área administrativa; visitantes nunca o recebem.",
  },
} as const satisfies Record<string, CookieInfo>;

/** The registry as a list, in the notice's order. */
export const COOKIE_LIST: readonly CookieInfo[] = Object.values(COOKIES);
