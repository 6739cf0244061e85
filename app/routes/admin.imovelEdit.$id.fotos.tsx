import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useParams, useRouteError } from "@remix-run/react";
import { redirectWithSuccess, redirectWithWarning } from "remix-toast";
import { ModalPage } from "~/components/image-cropper";
import { PhotoError, addPhotos, deletePhoto, getFotoOf, refusedMessage, setCover } from "~/models/foto.server";
import { getImovelById } from "~/models/imovel.server";
import { requireAdmin } from "~/models/session.server";
import { UploadError, readUploadForm } from "~/models/upload.server";

// The forms of 'Imagens atuais' post here: intents 'capa', 'excluir' and 'adicionar'.

function parseId(raw: string | undefined) {
  return /^\d{1,9}$/.test(raw ?? "") ? Number(raw) : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  return redirect(id ? `/admin/imovelEdit/${id}` : "/admin/imovel");
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  let fetcher = false;
  // Fetchers read the message from the answer; a page without JavaScript shows the error boundary.
  const fail = (message: string, status: number) => {
    if (fetcher) return data({ error: message }, { status });
    throw data({ message }, { status });
  };
  try {
    const { form, uploads, refused } = await readUploadForm(request);
    fetcher = form.get("_fetcher") === "1";
    if (!id || !(await getImovelById(id))) return fail("Imóvel não encontrado.", 404);
    const back = `/admin/imovelEdit/${id}`;
    const intent = form.get("intent");

    if (intent === "capa") {
      const img = form.get("img") ?? form.get("capa");
      if (typeof img !== "string" || !img) return fail("Escolha a foto de capa.", 400);
      if (!(await setCover(id, img))) return fail("Essa imagem não é uma foto deste imóvel.", 400);
      return redirectWithSuccess(back, "Foto capa alterada!");
    }

    if (intent === "excluir") {
      const fotoId = Number(form.get("fotoId"));
      const foto = Number.isSafeInteger(fotoId) && fotoId > 0 ? await getFotoOf(id, fotoId) : null;
      if (!foto) return fail("Foto não encontrada neste imóvel.", 404);
      // With JavaScript the browser asked already; without it, the confirmation is a page.
      if (!fetcher && form.get("confirmado") !== "sim") return redirect(`${back}/foto/${foto.id}/excluir`);
      await deletePhoto(foto.id);
      return redirectWithSuccess(back, "Foto excluida com sucesso");
    }

    if (intent === "adicionar") {
      const raw = form.get("capa_upload");
      const coverIndex = typeof raw === "string" && /^\d{1,2}$/.test(raw) ? Number(raw) : undefined;
      const { added, refused: bad } = await addPhotos(id, uploads, { coverIndex });
      const all = [...refused, ...bad];
      if (added.length === 0) {
        return fail(all.length ? refusedMessage(all) : "Escolha ao menos uma imagem.", all.length ? 422 : 400);
      }
      const saved = added.length === 1 ? "1 foto adicionada." : `${added.length} fotos adicionadas.`;
      if (all.length) return redirectWithWarning(back, { message: saved, description: refusedMessage(all) });
      return redirectWithSuccess(back, `Fotos salvas com sucesso! ${saved}`);
    }

    return fail("Ação desconhecida.", 400);
  } catch (e) {
    if (e instanceof UploadError || e instanceof PhotoError) return fail(e.message, e.status);
    throw e;
  }
}

export default function Fotos() {
  return null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { id } = useParams();
  const back = /^\d+$/.test(id ?? "") ? `/admin/imovelEdit/${id}` : "/admin/imovel";
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : "Não foi possível alterar as imagens.";
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <ModalPage title="Imagens do imóvel" closeTo={back}>
      <p className="alert alert-danger" role="alert">
        {message}
      </p>
      <p>
        <Link to={back} className="btn">
          Voltar
        </Link>
      </p>
    </ModalPage>
  );
}
