import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { ModalPage } from "~/components/modal";
import { UploadField } from "~/components/upload/upload-field";
import { getEnv } from "~/env.server";
import { actorOf, requireAdmin } from "~/http/auth.server";
import { withRefusals } from "~/http/responses.server";
import { readUploadForm, releaseUploads } from "~/http/uploads.server";
import { refusedMessage } from "~/models/listings/foto.server";
import { replaceBanner } from "~/models/listings/banner.server";
import { REDUCE_ABOVE_BYTES, limitLabel } from "~/utils/upload";

export const meta: MetaFunction = () => [
  { title: "Inserir Banner Home – Painel Administrativo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { maxBytes: getEnv().MAX_UPLOAD_BYTES };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = actorOf(request, await requireAdmin(request));
  return withRefusals(async () => {
    const { uploads, refused } = await readUploadForm(request, { fileFields: (n) => n === "banner" || n === "img", maxFiles: 1 });
    if (refused.length) return { status: 413, error: refusedMessage(refused) };
    if (!uploads[0]) return { status: 400, error: "Escolha uma imagem para o banner." };
    await replaceBanner(actor, uploads[0]);
    return redirectWithSuccess("/admin/banner", "Banner salvo com sucesso!");
  }).finally(() => releaseUploads(request));
}

export default function NovoBanner() {
  const { maxBytes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <ModalPage title="Inserir Banner Home" closeTo="/admin/banner">
      <Form method="post" encType="multipart/form-data" className="banner-form" preventScrollReset>
        {actionData?.error ? (
          <p className="alert alert-danger" role="alert">
            {actionData.error}
          </p>
        ) : null}
        {/* The description's text; a larger image is no longer refused but reduced (issue 23). */}
        <p className="upload-hint">{` Limite ${limitLabel(REDUCE_ABOVE_BYTES)} por imagem`}</p>
        <UploadField name="banner" maxBytes={maxBytes} multiple={false} label="Imagem do banner" required />
        <p className="crop-help">Uma imagem maior é reduzida antes de salvar. Ela é recortada em 1200×500; depois de salvar, ajuste o enquadramento na página do banner.</p>
        <div className="crop-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Salvar
          </button>
          <Link to="/admin/banner" className="btn" preventScrollReset>
            Fechar
          </Link>
        </div>
      </Form>
    </ModalPage>
  );
}
