import { data, type ActionFunctionArgs, type LinksFunction, type MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { redirectWithSuccess, redirectWithWarning } from "remix-toast";
import { AnuncieForm } from "~/components/anuncie-form";
import { getAgency, getEnv } from "~/env.server";
import { handleCaptacao, tooManyMessages } from "~/http/mensagem.server";
import { clientIp } from "~/http/request.server";
import { problemOf } from "~/http/responses.server";
import { readUploadForm, releaseUploads } from "~/http/uploads.server";
import { refusedMessage } from "~/models/listings/foto.server";
import uploadStyles from "~/styles/upload.css?url";
import { ANUNCIE_MAX_FOTOS } from "~/utils/anuncie-schema";
import { ANUNCIE_SENT } from "~/utils/mensagem";

export const meta: MetaFunction = () => [
  { title: "Anuncie seu imóvel | Imobiliária Votuporanga" },
  { name: "description", content: "Quer vender ou alugar seu imóvel em Votuporanga? Envie os dados e as fotos: um corretor fala com você." },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: uploadStyles }];

/** The owner's photos in one post: ten phone photos, reduced by the browser when it can (server/router.ts follows it). */
export const ANUNCIE_MAX_BYTES = 40 * 1024 * 1024;
/**
 * A photo an owner may send: a phone's, not an agent's camera. Anonymous posts hold a part in memory
 * until it is written out (up to twice this): smaller than the admin's MAX_UPLOAD_BYTES.
 */
export const ANUNCIE_MAX_FILE_BYTES = 10_000_000;

export function loader() {
  return { maxBytes: Math.min(ANUNCIE_MAX_FILE_BYTES, getEnv().MAX_UPLOAD_BYTES), agencyName: getAgency().name };
}

/** 'Anuncie seu imóvel' (issue 23): lands in the inbox as a 'Captação' message with its photos. */
export async function action({ request }: ActionFunctionArgs) {
  const ip = clientIp(request);
  try {
    // A sender over the limit is told so before megabytes of photos are read.
    const blocked = await tooManyMessages(ip);
    if (blocked) return data(blocked.reply, { status: 429, headers: { "Retry-After": String(blocked.retryAfter) } });
    const { form, uploads, refused } = await readUploadForm(request, {
      fileFields: (n) => n === "fotos",
      maxFiles: ANUNCIE_MAX_FOTOS,
      maxFileBytes: Math.min(ANUNCIE_MAX_FILE_BYTES, getEnv().MAX_UPLOAD_BYTES),
      maxTotalBytes: ANUNCIE_MAX_BYTES,
    });
    const answer = await handleCaptacao(form, uploads, ip);
    if (answer.status !== 200) {
      return data(answer.reply, { status: answer.status, headers: answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : undefined });
    }
    const left = [...refused, ...(answer.refused ?? [])];
    if (left.length) return redirectWithWarning("/anuncie", { message: ANUNCIE_SENT, description: refusedMessage(left) });
    return redirectWithSuccess("/anuncie", ANUNCIE_SENT);
  } catch (e) {
    const problem = problemOf(e);
    if (!problem) throw e;
    return data({ status: "error" as const, error: { "": [problem.message] } }, { status: problem.status });
  } finally {
    await releaseUploads(request);
  }
}

export default function Anuncie() {
  const { maxBytes, agencyName } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="container section anuncie-page">
      <header className="page-head">
        <h1>Anuncie seu imóvel</h1>
        <p className="lead">
          Quer vender ou alugar? Conte como é o imóvel e envie algumas fotos: um corretor avalia e fala com você para combinar o
          anúncio.
        </p>
      </header>
      <AnuncieForm lastResult={lastResult} maxBytes={maxBytes} agencyName={agencyName} />
    </div>
  );
}
