import { Form, Link } from "react-router";
import { formatMoney } from "~/utils/format";
import { thumbUrl, imgUrl } from "~/utils/img";
import { captacaoText, type MensagemCaptacao } from "~/utils/mensagem";

/**
 * An owner's offer on its message page (issue 23): what is offered, the asking price, the photos
 * sent (each opens whole), and 'Criar imóvel' — or the listing already made of it.
 */
export function CaptacaoDetails({ captacao: c }: { captacao: MensagemCaptacao }) {
  return (
    <section className="captacao" aria-labelledby="captacao-titulo">
      <h2 id="captacao-titulo">Imóvel oferecido</h2>
      <p className="captacao-resumo">
        <strong>{captacaoText(c)}</strong>
        {c.preco ? <span> · valor pretendido {formatMoney(c.preco)}</span> : null}
      </p>
      {c.fotos.length ? (
        <ul className="captacao-fotos" aria-label={`${c.fotos.length} ${c.fotos.length === 1 ? "foto enviada" : "fotos enviadas"}`}>
          {c.fotos.map((img, i) => (
            <li key={img}>
              <a href={imgUrl(img)} target="_blank" rel="noreferrer">
                <img src={thumbUrl(img)} alt={`Foto ${i + 1} enviada pelo proprietário`} width={160} height={120} loading="lazy" decoding="async" />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">Nenhuma foto enviada.</p>
      )}
      {c.imovelId ? (
        <p>
          Imóvel criado a partir desta mensagem: <Link to={`/admin/imovelEdit/${c.imovelId}`}>abrir o imóvel</Link>
        </p>
      ) : (
        <Form method="post" className="captacao-criar">
          <input type="hidden" name="intent" value="criar-imovel" />
          <button type="submit" className="btn btn-primary">
            Criar imóvel
          </button>
          <span className="hint">Cria um imóvel inativo com estes dados e fotos, para revisar antes de publicar.</span>
        </Form>
      )}
    </section>
  );
}
