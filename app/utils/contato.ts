// Contact-form constants without zod, for pages that must stay light (the property page).
/** The honeypot's name: a field people never see, so only bots fill it. */
export const HONEYPOT_FIELD = "website";
export const CONTATO_SUCCESS = "Contato enviado com sucesso!";
export const MENSAGEM_MAX = 2000;
