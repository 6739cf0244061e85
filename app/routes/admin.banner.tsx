import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useActionData, useLoaderData, useOutlet } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { BannerImage } from "~/components/banner-image";
import { ImageCropper, cropperLinks } from "~/components/image-cropper";
import { RouteModal } from "~/components/modal";
import { actorOf, requireAdmin } from "~/http/auth.server";
import { cropTarget, runCropForm } from "~/http/crop-form.server";
import { cropBanner, getBanner } from "~/models/listings/banner.server";
import { BANNER_OUTPUT } from "~/utils/crop";

export const links: LinksFunction = () => cropperLinks();

export const meta: MetaFunction = () => [{ title: "Banner – Painel Administrativo" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const banner = (await getBanner())?.banner ?? null;
  return { banner, target: await cropTarget(banner, BANNER_OUTPUT) };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = actorOf(request, await requireAdmin(request));
  const refused = await runCropForm(request, (req, upload) => cropBanner(actor, req, { upload }));
  return refused ?? redirectWithSuccess("/admin/banner", "Banner salvo com sucesso!");
}

export default function AdminBanner() {
  const { banner, target } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const outlet = useOutlet();
  return (
    <div className="banner-admin">
      <div className="banner-head">
        <h1>Banner</h1>
        <Link to="/admin/banner/novo" className="btn btn-primary" preventScrollReset>
          Alterar Banner
        </Link>
      </div>
      <section className="banner-current" aria-labelledby="banner-atual">
        <h2 id="banner-atual">Banner atual da página inicial</h2>
        {banner ? (
          <BannerImage banner={banner} className="banner-preview" sizes="(min-width: 1240px) 1200px, 100vw" alt="Banner atual da página inicial" />
        ) : (
          <p className="empty-state">Nenhum banner cadastrado. Use “Alterar Banner” para enviar um.</p>
        )}
      </section>
      {banner ? (
        <section className="banner-crop" aria-labelledby="banner-ajuste">
          <h2 id="banner-ajuste">
            Ajustar banner ({target.output.width}×{target.output.height})
          </h2>
          <ImageCropper key={banner} target={target} answer={answer} />
        </section>
      ) : null}
      {outlet ? (
        <RouteModal closeTo="/admin/banner" labelledBy="modal-titulo">
          {outlet}
        </RouteModal>
      ) : null}
    </div>
  );
}
