import { Link } from "react-router";
import type { Agency } from "~/utils/agency";
import { AgencyAddress } from "./agency-address";
import { CookieTable } from "./cookie-table";

/** "730 dias (cerca de 2 anos)": the retention as people read it. */
function retentionText(days: number) {
  const years = Math.round(days / 365);
  return days >= 365 ? `${days} dias (cerca de ${years} ${years === 1 ? "ano" : "anos"})` : `${days} dias`;
}

// LGPD art. 18, in the order of the law.
const DIREITOS = [
  "confirmar se tratamos dados seus;",
  "acessar os dados que temos sobre você;",
  "corrigir dados incompletos, inexatos ou desatualizados;",
  "pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários ou excessivos;",
  "receber seus dados em formato aberto, para levá-los a outro fornecedor (portabilidade);",
  "pedir a eliminação dos dados tratados com o seu consentimento;",
  "saber com quem compartilhamos seus dados e o que acontece se você não consentir;",
  "revogar o seu consentimento a qualquer momento.",
];

/** The privacy policy (issue 24): who, what and why, for how long, the visitor's rights and how to use them. */
export function PrivacyPolicy({ agency, retentionDays }: { agency: Agency; retentionDays: number }) {
  return (
    <div className="sobre-grid">
      <article className="sobre-texto privacidade-texto" aria-labelledby="privacidade-titulo">
        <h1 id="privacidade-titulo">Política de privacidade</h1>
        <p className="sobre-lead">
          Como a {agency.name} trata os dados pessoais que você envia por este site, de acordo com a Lei Geral de Proteção de Dados (LGPD, Lei nº
          13.709/2018).
        </p>

        <h2>Quem cuida dos seus dados</h2>
        <p>
          A controladora dos dados é a {agency.name}, {agency.street}, {agency.neighbourhood}, {agency.city}/{agency.state}, CEP {agency.cep}.
          Fale com a gente pelo e-mail <a href={`mailto:${agency.email}`}>{agency.email}</a>.
        </p>

        <h2>O que recebemos e por quê</h2>
        <ul>
          <li>
            <strong>Mensagens</strong> (página de contato e página de um imóvel): nome, e-mail, telefone, o texto e o imóvel de interesse, para
            responder você.
          </li>
          <li>
            <strong>Pedidos de visita</strong>: os mesmos dados, o dia e o período escolhidos, para combinar a visita.
          </li>
          <li>
            <strong>Anuncie seu imóvel</strong>: seus dados, o que você conta sobre o imóvel (bairro, endereço, valor) e as fotos enviadas, para
            avaliar o imóvel e falar com você sobre o anúncio.
          </li>
          <li>
            <strong>Alertas de imóveis</strong> ('Receber novidades desta busca'): seu e-mail e a busca escolhida, para enviar os imóveis novos
            dessa busca. Só depois que você confirma pelo link do e-mail; cada e-mail traz o link para cancelar.
          </li>
          <li>
            <strong>Endereço IP e horário</strong> de cada envio, para limitar abusos (robôs e envios em massa).
          </li>
        </ul>
        <p>
          Usamos esses dados só para atender o seu pedido e para proteger o site. Não vendemos seus dados nem os usamos para publicidade; a mensagem chega à
          imobiliária por e-mail.
        </p>

        <h2>Cookies</h2>
        <p>
          Não usamos cookies de terceiros nem ferramentas de análise ou de publicidade. Mapas e vídeos (Google Maps, YouTube) só são carregados
          quando você pede para vê-los. Estes são todos os cookies que o site grava no seu navegador:
        </p>
        <CookieTable />

        <h2>Por quanto tempo</h2>
        <p>
          Guardamos suas mensagens por {retentionText(retentionDays)}. Depois disso elas são anonimizadas: apagamos nome, e-mail, telefone, texto,
          endereço IP e fotos, e ficam só o tipo, a data e o imóvel, para estatísticas.
        </p>
        <p>
          Um alerta de imóveis dura enquanto você quiser: cancelado (pelo link de qualquer e-mail), ele é apagado na hora, com o seu e-mail. Um
          alerta que não foi confirmado é apagado em 7 dias.
        </p>

        <h2>Seus direitos</h2>
        <p>Pela LGPD (art. 18), você pode:</p>
        <ul>
          {DIREITOS.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>

        <h2>Como exercer seus direitos</h2>
        <p>
          Escreva para <a href={`mailto:${agency.email}`}>{agency.email}</a> com o e-mail ou o telefone que você usou no site. Respondemos em até
          15 dias com uma cópia dos seus dados (em arquivo JSON) ou a confirmação da exclusão. Se não ficar satisfeito, você pode reclamar à
          Autoridade Nacional de Proteção de Dados (ANPD).
        </p>
      </article>

      <aside className="sobre-lateral" aria-labelledby="privacidade-contato">
        <h2 id="privacidade-contato">Dúvidas sobre seus dados</h2>
        <AgencyAddress agency={agency} withPhone />
        <p>
          E-mail: <a href={`mailto:${agency.email}`}>{agency.email}</a>
        </p>
        <Link to="/contato" className="btn btn-primary btn-block" discover="none">
          Fale conosco
        </Link>
      </aside>
    </div>
  );
}
