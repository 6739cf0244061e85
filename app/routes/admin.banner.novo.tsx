import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { redirectWithSuccess } from "remix-toast";
import { ModalPage } from "~/components/image-cropper";
import { UploadField, limitLabel } from "~/components/upload-field";
import { getEnv } from "~/env.server";
import { PhotoError, refusedMessage, replaceBanner } from "~/models/foto.server";
import { requireAdmin } from "~/models/session.server";
import { UploadError, readUploadForm } from "~/models/upload.server";

export const meta: MetaFunction = () => [
  { title: "Inserir Banner Home – Painel Administrativo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { maxBytes: getEnv().MAX_UPLOAD_BYTES };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  try {
    const { uploads, refused } = await readUploadForm(request, {
      fileFields: (n) => n === "banner" || n === "img",
      maxFiles: 1,
    });
    if (refused.length) return data({ error: refusedMessage(refused) }, { status: 413 });
    if (!uploads[0]) return data({ error: "Escolha uma imagem para o banner." }, { status: 400 });
    await replaceBanner(uploads[0]);
  } catch (e) {
    if (e instanceof UploadError || e instanceof PhotoError) return data({ error: e.message }, { status: e.status });
    throw e;
  }
  return redirectWithSuccess("/admin/banner", "Banner salvo com sucesso!");
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
        <p className="upload-hint">{` Limite ${limitLabel(maxBytes)} por imagem`}</p>
        <UploadField name="banner" maxBytes={maxBytes} multiple={false} label="Imagem do banner" required />
        <p className="crop-help">A imagem é recortada em 1200×500; depois de salvar, ajuste o enquadramento na página do banner.</p>
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
