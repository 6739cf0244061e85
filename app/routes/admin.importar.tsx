// Issue 32 §1: import the agency's listings from its current provider's VRSync feed, by address or
// file. The post starts a job and answers with its page (/admin/importar/<id>).
import { getFormProps, getInputProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { ErrorList, Field, FormErrors } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { requireAdmin } from "~/http/auth.server";
import { importAction } from "~/http/import.server";
import { recentJobs } from "~/models/imports/import-job.server";
import { formatDateTime } from "~/utils/format";
import { IMPORT_STATE_LABELS } from "~/utils/import-labels";
import { importSchema } from "~/utils/import-schema";

import styles from "~/styles/admin-import.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Importar | Painel Administrativo" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const jobs = await recentJobs();
  return { jobs: jobs.map((j) => ({ id: j.id, estado: j.estado, origem: j.origem, iniciado: j.iniciado_em.toISOString(), lidos: j.lidos, total: j.total })) };
}

export async function action({ request }: ActionFunctionArgs) {
  const answer = await importAction(request);
  if (answer.ok) return redirect(`/admin/importar/${answer.id}`);
  return data({ reply: answer.reply }, { status: answer.status });
}

export default function Importar() {
  const { jobs } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useZodForm(importSchema, { id: "importar", lastResult: result?.reply });
  return (
    <>
      <div className="admin-head">
        <h1>Importar imóveis de um feed</h1>
      </div>
      <section className="import-intro">
        <p>
          Traga os imóveis do seu sistema atual (Jetimob, Kenlo, Vista, um tema de WordPress…) pelo feed VRSync que ele publica para os
          portais. Informe o endereço do feed ou envie o arquivo XML (até 200 MB). Importar de novo o mesmo feed atualiza os mesmos imóveis,
          sem duplicar; os que saíram do feed não são apagados.
        </p>
      </section>
      <Form method="post" encType="multipart/form-data" className="import-form" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Endereço do feed" inputProps={{ ...getInputProps(fields.url, { type: "url" }), placeholder: "https://…/feed.xml", required: false }} errors={fields.url.errors} />
        <p className="import-or">ou</p>
        <div className="field">
          <label htmlFor={fields.arquivo.id}>Arquivo XML</label>
          <input {...getInputProps(fields.arquivo, { type: "file" })} accept=".xml,application/xml,text/xml" aria-describedby={fields.arquivo.errors ? fields.arquivo.errorId : undefined} />
          <ErrorList id={fields.arquivo.errorId} errors={fields.arquivo.errors} />
        </div>
        <div className="field field-check">
          <input {...getInputProps(fields.publicar, { type: "checkbox" })} />
          <label htmlFor={fields.publicar.id}>Publicar ao importar</label>
        </div>
        <p className="hint">Sem esta opção os imóveis novos chegam inativos e fora dos portais, para você revisar antes de publicar.</p>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Enviando…" : "Importar"}
        </button>
      </Form>
      {jobs.length ? (
        <section className="import-recent">
          <h2>Importações anteriores</h2>
          <ul>
            {jobs.map((j) => (
              <li key={j.id}>
                <Link to={`/admin/importar/${j.id}`}>
                  {formatDateTime(j.iniciado)} · {IMPORT_STATE_LABELS[j.estado]} · {j.lidos} de {j.total || "?"}
                </Link>{" "}
                <span className="import-origin">{j.origem}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
