import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { useZodForm } from "~/components/use-zod-form";
import { Form, Link, useNavigation } from "react-router";
import { useState } from "react";
import { ErrorList, Field, FormErrors, SelectField } from "~/components/forms";
import { RichText } from "~/components/rich-text";
import { UploadField } from "~/components/upload/upload-field";
import { ALARME, ATIVO, CONSERVACAO, COUNT_FIELDS, COUNT_MAX, FORRO, PORTAO, SITUACOES, STATUS, TIPOS } from "~/utils/enums";
import { COUNT_LABELS } from "~/utils/imovel";
import { imovelSchema } from "~/utils/imovel-schema";


export type ImovelFormValues = Record<string, string>;

const COUNTS = Array.from({ length: COUNT_MAX + 1 }, (_, i) => String(i));
const none = (label = "Não informado") => ({ value: "", label });

/** "123456" → "R$ 1.234,56": the currency mask of produto §5 (digits are read as cents). */
export function maskMoney(raw: string) {
  const digits = raw.replace(/\D/g, "").replace(/^0+(?=\d)/, "");
  if (!digits) return "";
  const cents = digits.padStart(3, "0");
  const int = cents.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `R$ ${int},${cents.slice(-2)}`;
}

type Props = {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue: ImovelFormValues;
  cepMessage?: string | null;
  maxUploadBytes: number;
  /**
   * The id of the listing's newest photo, on the edit page. Photos sent ahead belong to one save:
   * once it has added them (a higher id) the list starts empty; a refused save keeps them, and a
   * photo deleted or cropped meanwhile does not disturb the ones on their way.
   */
  lastPhotoId?: number;
  /** on the edit page the photos are managed in 'Imagens atuais' too */
  children?: React.ReactNode;
};

/** The property form of produto §2/§3, shared by 'Inserir novo Imóvel' and the edit page. */
export function ImovelForm({ lastResult, defaultValue, cepMessage, maxUploadBytes, lastPhotoId = 0, children }: Props) {
  const navigation = useNavigation();
  // The highest id seen, kept in state and raised during render (no ref written in render).
  const [newestPhoto, setNewestPhoto] = useState(lastPhotoId);
  if (lastPhotoId > newestPhoto) setNewestPhoto(lastPhotoId);
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "salvar";
  const [form, fields] = useZodForm(imovelSchema, { id: "imovel-form", lastResult, defaultValue });
  const [cepNote, setCepNote] = useState<string | null>(cepMessage ?? null);
  const [cepBusy, setCepBusy] = useState(false);

  async function lookupCep(event: React.MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    const input = event.currentTarget.form?.elements.namedItem(fields.cep.name) as HTMLInputElement | null;
    const body = new FormData();
    body.set("cep", input?.value.replace(/-/g, "") ?? "");
    setCepBusy(true);
    try {
      const res = await fetch("/api/buscar_cep", { method: "POST", body, headers: { "X-Requested-With": "XMLHttpRequest" } });
      const data = await res.json().catch(() => ({}));
      if (res.ok && data.logradouro !== undefined) {
        form.update({ name: fields.endereco.name, value: data.logradouro });
        form.update({ name: fields.bairro.name, value: data.bairro });
        form.update({ name: fields.cidade.name, value: data.localidade });
        form.update({ name: fields.estado.name, value: data.uf });
        form.update({ name: fields.cep.name, value: data.cep });
        setCepNote(null);
      } else {
        setCepNote(data.error ?? "Serviço de CEP indisponível no momento.");
      }
    } catch {
      setCepNote("Serviço de CEP indisponível no momento.");
    } finally {
      setCepBusy(false);
    }
  }

  // Price and costs: the same R$ mask as the visitor types (without JavaScript, typed as is).
  const moneyField = (f: (typeof fields)["preco" | "condominio" | "iptu"], label: string) => (
    <Field
      label={label}
      inputProps={{
        ...getInputProps(f, { type: "text" }),
        inputMode: "numeric",
        placeholder: "R$ 0,00",
        onInput: (e) => {
          e.currentTarget.value = maskMoney(e.currentTarget.value);
        },
      }}
      errors={f.errors}
    />
  );
  const select = (name: keyof typeof fields, label: string, options: ReadonlyArray<string | { value: string; label: string }>) => {
    const f = fields[name];
    return <SelectField key={name} label={label} selectProps={getSelectProps(f)} options={options} errors={f.errors} />;
  };

  return (
    <Form method="post" encType="multipart/form-data" className="imovel-form" {...getFormProps(form)}>
      {/* Enter in a text field submits the first submit button: make that "salvar", not "Buscar CEP". */}
      <button type="submit" name="intent" value="salvar" className="default-submit" tabIndex={-1} aria-hidden="true" />
      <FormErrors id={form.errorId} errors={form.errors} />

      <fieldset>
        <legend>Dados do anúncio</legend>
        <div className="form-grid">
          {select("tipo", "Tipo", TIPOS)}
          {select("status", "Status", STATUS)}
          {select("situacao", "Situação", SITUACOES)}
          {select("ativo", "Anúncio ativo", ATIVO.map((a) => ({ value: a, label: a === "sim" ? "Sim" : "Não" })))}
          {select("publicar_portais", "Publicar nos portais", ATIVO.map((a) => ({ value: a, label: a === "sim" ? "Sim" : "Não" })))}
          {moneyField(fields.preco, "Preço")}
          {moneyField(fields.condominio, "Condomínio (R$ por mês)")}
          {moneyField(fields.iptu, "IPTU (R$ por ano)")}
          <Field label="Área (m²)" inputProps={{ ...getInputProps(fields.area, { type: "text" }), inputMode: "decimal" }} errors={fields.area.errors} />
        </div>
        <p className="hint">
          Publicar nos portais: o imóvel vai ao feed de ZAP Imóveis, VivaReal e OLX quando está ativo e completo, com ao menos 5 fotos de
          800 px de largura ou mais. Só Venda e Locação: imóveis de Temporada não vão aos portais.
        </p>
      </fieldset>

      <fieldset>
        <legend>Descrição</legend>
        <RichText
          id={fields.descricao.id}
          name={fields.descricao.name}
          label="Descrição"
          defaultValue={String(fields.descricao.initialValue ?? "")}
          errors={<ErrorList errors={fields.descricao.errors} />}
        />
        <Field
          label="Vídeo (link do YouTube, opcional)"
          inputProps={{ ...getInputProps(fields.video, { type: "url" }), placeholder: "https://www.youtube.com/watch?v=…" }}
          errors={fields.video.errors}
        />
      </fieldset>

      <fieldset>
        <legend>Cômodos e itens</legend>
        <div className="form-grid form-grid-counts">
          {COUNT_FIELDS.map((c) => select(c, COUNT_LABELS[c], COUNTS))}
        </div>
      </fieldset>

      <fieldset>
        <legend>Acabamento</legend>
        <div className="form-grid">
          {select("alarme", "Alarme", ALARME)}
          {select("portao", "Portão", [none(), ...PORTAO])}
          {select("forro", "Forro", [none(), ...FORRO])}
          {select("pintura", "Pintura", [none(), ...CONSERVACAO])}
          {select("piso", "Piso", [none(), ...CONSERVACAO])}
          {select("telhado", "Telhado", [none(), ...CONSERVACAO])}
        </div>
      </fieldset>

      <fieldset>
        <legend>Endereço</legend>
        <div className="form-grid">
          <div className="field cep-field span-2">
            <label htmlFor={fields.cep.id}>CEP</label>
            <div className="input-with-button">
              <input {...getInputProps(fields.cep, { type: "text" })} inputMode="numeric" placeholder="00000-000" aria-describedby={`${fields.cep.id}-nota`} />
              <button type="submit" name="intent" value="buscar-cep" formNoValidate className="btn" onClick={lookupCep} disabled={cepBusy}>
                {cepBusy ? "Buscando…" : "Buscar CEP"}
              </button>
            </div>
            <ErrorList id={`${fields.cep.id}-nota`} errors={[...(fields.cep.errors ?? []), cepNote]} />
          </div>
          <Field label="Endereço (rua)" className="span-2" inputProps={getInputProps(fields.endereco, { type: "text" })} errors={fields.endereco.errors} />
          <Field label="Número" inputProps={getInputProps(fields.numero, { type: "text" })} errors={fields.numero.errors} />
          <Field label="Bairro" inputProps={getInputProps(fields.bairro, { type: "text" })} errors={fields.bairro.errors} />
          <Field label="Cidade" inputProps={getInputProps(fields.cidade, { type: "text" })} errors={fields.cidade.errors} />
          <Field label="Estado" inputProps={{ ...getInputProps(fields.estado, { type: "text" }), maxLength: 2 }} errors={fields.estado.errors} />
          {select("mostrar_numero", "Mostrar o número no mapa", ATIVO.map((a) => ({ value: a, label: a === "sim" ? "Sim" : "Não" })))}
        </div>
        <p className="hint">O número só aparece no mapa do site e nos portais quando o proprietário permite; sem isso, só a rua e o bairro.</p>
      </fieldset>

      <fieldset>
        <legend>Fotos</legend>
        <UploadField key={newestPhoto} name="img" maxBytes={maxUploadBytes} capaName="capa_upload" label="Adicionar fotos" stageUrl="/api/enviar_foto" />
        {children}
      </fieldset>

      <div className="form-actions">
        <button type="submit" name="intent" value="salvar" className="btn btn-primary" disabled={saving}>
          {saving ? "Salvando…" : "Salvar"}
        </button>
        <Link to="/admin/imovel" className="btn">
          Fechar
        </Link>
      </div>
    </Form>
  );
}
