// 'Anuncie seu imóvel' (issue 23): an owner offers a property. It is a message of kind 'Captação'
// with what is offered and up to ten photos, under the contact form's limit, through the outbox.
import { discardImageFiles } from "../../services/image-files.server";
import { ImageError, storeImage, uploadBytes, type ImageUpload, type Refused } from "../../services/images.server";
import type { AnuncieInput } from "../../utils/anuncie-schema";
import { limited, saveMensagem, type MensagemOutcome } from "./mensagem.server";

/**
 * Counts the offer against the sender's limit, stores its photos (a file that is not a usable image
 * is left out, named in `refused`), then the message with its photo rows in one transaction.
 */
export async function submitCaptacao(value: AnuncieInput, uploads: ImageUpload[], ip: string): Promise<MensagemOutcome & { refused?: Refused[] }> {
  const refused: Refused[] = [];
  const outcome = await limited(ip, async () => {
    const fotos: { img: string; largura: number }[] = [];
    const discard = () => Promise.all(fotos.map((f) => discardImageFiles(f.img)));
    for (const u of uploads) {
      try {
        const { img, width } = await storeImage(await uploadBytes(u));
        fotos.push({ img, largura: width });
      } catch (e) {
        if (e instanceof ImageError) refused.push({ name: u.name, reason: e.message });
        else {
          // The store failed: nothing is saved, so the photos already stored go too.
          await discard();
          throw e;
        }
      }
    }
    const { nome, email, telefone, mensagem, finalidade, tipo, bairro, endereco, preco } = value;
    try {
      return await saveMensagem({
        nome,
        email,
        telefone,
        mensagem: mensagem ?? "",
        ip,
        tipo: "Captação",
        captacao: { finalidade, tipo, bairro, endereco: endereco ?? "", preco: preco ?? null },
        fotos,
      });
    } catch (e) {
      await discard();
      throw e;
    }
  });
  return outcome.ok ? { ...outcome, refused } : outcome;
}
