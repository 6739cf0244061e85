import { z } from "zod";

/** A file input's value: a File in the browser; on the server, the stored file's name (the action puts it there). */
const hasFile = (v: unknown) => (typeof File !== "undefined" && v instanceof File ? v.size > 0 : typeof v === "string" && v.length > 0);

/**
 * The import form (/admin/importar, issue 32): a feed's address or an XML file, and whether the
 * listings come in published. The file's size and contents are the action's to check.
 */
export const importSchema = z
  .object({
    url: z
      .string()
      .trim()
      .max(1000, { message: "Endereço longo demais." })
      .refine((u) => /^https?:\/\/[^\s/]+/i.test(u), { message: "Use um endereço que comece com http:// ou https://." })
      .optional(),
    arquivo: z.any().optional(),
    publicar: z.boolean().optional(),
  })
  .refine((v) => !!v.url || hasFile(v.arquivo), { message: "Informe o endereço do feed ou escolha um arquivo XML.", path: ["url"] })
  .refine((v) => !(v.url && hasFile(v.arquivo)), { message: "Escolha só um: o endereço do feed ou o arquivo.", path: ["arquivo"] });

export type ImportInput = z.infer<typeof importSchema>;
