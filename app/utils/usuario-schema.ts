import { z } from "zod";

// The forms of /admin/usuarios, shared by the browser (conform) and the action. Empty inputs reach
// zod as undefined (conform's coercion), hence the types' own `error`s (zod 4's single error param: a missing value is an invalid type).

/** 'Novo administrador': the e-mail they log in with and their name; the password is generated. */
export const criarUsuarioSchema = z.object({
  intent: z.literal("criar"),
  email: z
    .string({ error: "Informe o e-mail." })
    .trim()
    .max(191, "O e-mail pode ter no máximo 191 caracteres.")
    // zod 4: a format is a check, run here after trim, min and max as before.
    .check(z.email("Informe um e-mail válido, como nome@exemplo.com.")),
  nome: z.string({ error: "Informe o nome." }).trim().min(1, "Informe o nome.").max(120, "O nome pode ter no máximo 120 caracteres."),
});

/** The buttons of one row: deactivate, reactivate, or give a new one-time password. */
export const usuarioAcaoSchema = z.object({
  intent: z.enum(["desativar", "reativar", "senha"], { error: "Ação desconhecida." }),
  id: z.coerce.number({ error: "Administrador inválido." }).int("Administrador inválido.").positive("Administrador inválido."),
});

export const USUARIO_DONE = {
  desativar: "Administrador desativado: as sessões dele foram encerradas",
  reativar: "Administrador reativado",
} as const;
