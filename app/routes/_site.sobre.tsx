import type { MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { AgencyAddress } from "~/components/agency-address";
import { getAgency } from "~/env.server";

export const meta: MetaFunction = () => [
  { title: "Sobre nós – Imobiliária em Votuporanga" },
  {
    name: "description",
    content:
      "Imobiliária de Votuporanga/SP especializada em imóveis de médio e alto padrão, com anúncios atualizados diariamente e atendimento personalizado por corretores.",
  },
];

export function loader() {
  return { agency: getAgency() };
}

const DESTAQUES = [
  { titulo: "Médio e alto padrão", texto: "Casas, apartamentos e imóveis comerciais selecionados." },
  { titulo: "Atualização diária", texto: "Novos imóveis e preços revisados todos os dias." },
  { titulo: "Atendimento personalizado", texto: "Corretores que acompanham você do começo ao fim." },
];

export default function Sobre() {
  const { agency } = useLoaderData<typeof loader>();
  return (
    <div className="container section sobre-page">
      <div className="sobre-grid">
        <article className="sobre-texto" aria-labelledby="sobre-titulo">
          <h1 id="sobre-titulo">Sobre nós</h1>
          <p className="sobre-lead">
            A {agency.name} é especializada em imóveis de médio e alto padrão em Votuporanga: casas, apartamentos,
            sobrados, terrenos e imóveis comerciais para locação, venda e temporada.
          </p>
          <p>
            Nossa carteira de imóveis é atualizada diariamente, para que você encontre aqui as oportunidades da cidade
            assim que elas chegam ao mercado, com fotos, descrição completa e preço sempre em dia.
          </p>
          <p>
            Acreditamos em atendimento personalizado: nossos corretores conhecem cada bairro de Votuporanga e
            acompanham você de perto, da primeira visita à entrega das chaves, indicando os imóveis que realmente
            combinam com o que você procura.
          </p>
          <p>Quer alugar, comprar, vender ou anunciar o seu imóvel? Venha nos fazer uma visita.</p>
        </article>

        <aside className="sobre-lateral" aria-labelledby="sobre-visita">
          <h2 id="sobre-visita">Visite-nos</h2>
          <AgencyAddress agency={agency} withPhone />
          <Link to="/contato" className="btn btn-primary btn-block">
            Fale conosco
          </Link>
        </aside>
      </div>

      <ul className="sobre-destaques" aria-label="Nossos diferenciais">
        {DESTAQUES.map((d) => (
          <li key={d.titulo}>
            <strong>{d.titulo}</strong>
            <span>{d.texto}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
