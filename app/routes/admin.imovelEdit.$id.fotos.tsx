import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { useParams } from "react-router";
import { redirectWithSuccess, redirectWithWarning } from "remix-toast";
import { ModalError } from "~/components/modal";
import { actorOf, requireAdmin } from "~/http/auth.server";
import type { Actor } from "~/models/history/history.server";
import { idParam } from "~/http/params.server";
import { jsonError, problemOf } from "~/http/responses.server";
import { formPhotos } from "~/http/staged-upload.server";
import { readUploadForm, releaseUploads } from "~/http/uploads.server";
import { addFotos, deleteFoto, getFotoOf, refusedMessage, setCapa } from "~/models/listings/foto.server";
import { moveFoto, setFotoOrder } from "~/models/listings/foto-order.server";
import { getImovelById } from "~/models/listings/imovel.server";
import { ID_PATTERN, editPageOf } from "~/utils/paths";

// The forms of 'Imagens atuais' post here: intents 'capa', 'excluir', 'adicionar', 'mover' (one place
// up or down) and 'ordenar' (the whole order, `ordem` = photo ids, from a drag and drop).

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(editPageOf(params.id));
}

type Answer = Response | { status: number; error: string };

async function run(actor: Actor, form: FormData, uploads: Awaited<ReturnType<typeof readUploadForm>>, id: number): Promise<Answer> {
  if (!(await getImovelById(id))) return { status: 404, error: "Imóvel não encontrado." };
  const back = editPageOf(id);
  const intent = form.get("intent");

  if (intent === "capa") {
    const img = form.get("img") ?? form.get("capa");
    if (typeof img !== "string" || !img) return { status: 400, error: "Escolha a foto de capa." };
    if (!(await setCapa(actor, id, img))) return { status: 400, error: "Essa imagem não é uma foto deste imóvel." };
    return redirectWithSuccess(back, "Foto capa alterada!");
  }

  if (intent === "excluir") {
    const fotoId = String(form.get("fotoId") ?? "");
    const foto = ID_PATTERN.test(fotoId) ? await getFotoOf(id, Number(fotoId)) : null;
    if (!foto) return { status: 404, error: "Foto não encontrada neste imóvel." };
    // The 'Excluir' button is a link to the confirmation; a post that skipped it is sent there.
    if (form.get("confirmado") !== "sim") return redirect(`${back}/foto/${foto.id}/excluir`);
    await deleteFoto(actor, foto.id);
    return redirectWithSuccess(back, "Foto excluida com sucesso");
  }

  if (intent === "mover") {
    const fotoId = String(form.get("fotoId") ?? "");
    const direction = form.get("direction");
    if (direction !== "up" && direction !== "down") return { status: 400, error: "Direção inválida: use up ou down." };
    if (!ID_PATTERN.test(fotoId) || !(await moveFoto(actor, id, Number(fotoId), direction))) return { status: 404, error: "Foto não encontrada neste imóvel." };
    return redirectWithSuccess(back, "Ordem das fotos alterada.");
  }

  if (intent === "ordenar") {
    const ordem = String(form.get("ordem") ?? "").split(",");
    if (!ordem.every((v) => ID_PATTERN.test(v))) return { status: 400, error: "Ordem inválida: envie os ids das fotos separados por vírgula." };
    if (!(await setFotoOrder(actor, id, ordem.map(Number)))) return { status: 409, error: "As fotos mudaram enquanto você as ordenava; veja a lista atual e tente de novo." };
    return redirectWithSuccess(back, "Ordem das fotos alterada.");
  }

  if (intent === "adicionar") {
    const raw = form.get("capa_upload");
    const capaIndex = typeof raw === "string" && /^\d{1,2}$/.test(raw) ? Number(raw) : undefined;
    const photos = formPhotos(form, uploads);
    const { added, refused: bad } = await addFotos(actor, id, photos.uploads, { capaIndex });
    const all = [...photos.refused, ...bad];
    if (added.length === 0) {
      return all.length ? { status: 422, error: refusedMessage(all) } : { status: 400, error: "Escolha ao menos uma imagem." };
    }
    const saved = added.length === 1 ? "1 foto adicionada." : `${added.length} fotos adicionadas.`;
    if (all.length) return redirectWithWarning(back, { message: saved, description: refusedMessage(all) });
    return redirectWithSuccess(back, `Fotos salvas com sucesso! ${saved}`);
  }

  return { status: 400, error: "Ação desconhecida." };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = actorOf(request, await requireAdmin(request));
  const id = idParam(params.id);
  let fetcher = false;
  let answer: Answer;
  try {
    const parsed = await readUploadForm(request);
    fetcher = parsed.form.get("_fetcher") === "1";
    answer = await run(actor, parsed.form, parsed, id);
  } catch (e) {
    const problem = problemOf(e);
    if (!problem) throw e;
    answer = { status: problem.status, error: problem.message };
  } finally {
    await releaseUploads(request);
  }
  if (answer instanceof Response) return answer;
  // Fetchers read the message from the answer; a page without JavaScript shows the error boundary.
  if (fetcher) return data({ error: answer.error }, { status: answer.status });
  throw jsonError(answer.status, answer.error);
}

export default function Fotos() {
  return null;
}

export function ErrorBoundary() {
  return <ModalError title="Imagens do imóvel" back={editPageOf(useParams().id)} fallback="Não foi possível alterar as imagens." />;
}
