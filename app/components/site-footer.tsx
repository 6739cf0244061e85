import { Link } from "react-router";
import { whatsappPath } from "~/utils/whatsapp";
import type { Agency } from "~/utils/agency";

export function SiteFooter({ agency }: { agency: Agency }) {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-empresa">
          <h2 id="footer-empresa">{agency.name}</h2>
          <address>
            {agency.street}
            <br />
            {agency.neighbourhood}
            <br />
            {`${agency.city}/${agency.state}`}
            <br />
            {`CEP ${agency.cep}`}
            <br />
            <a href={whatsappPath()} target="_blank" rel="noopener noreferrer">
              {agency.phone}
            </a>
          </address>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">Links</h2>
          {/* The header's links already make React Router learn these routes: no second data-discover. */}
          <ul>
            <li><Link to="/imoveis" discover="none">Todos os imóveis</Link></li>
            <li><Link to="/locacao" discover="none">Locação</Link></li>
            <li><Link to="/venda" discover="none">Venda</Link></li>
            <li><Link to="/temporada" discover="none">Temporada</Link></li>
            <li><Link to="/sobre" discover="none">Sobre nós</Link></li>
            <li><Link to="/anuncie" discover="none">Anuncie seu imóvel</Link></li>
            <li><Link to="/contato" discover="none">Contato</Link></li>
          </ul>
        </section>
        <section aria-labelledby="footer-social" className="footer-social">
          <h2 id="footer-social">Redes sociais</h2>
          {/* The description's footer left this section empty: WhatsApp is the channel every agency
              has, and its other pages come from the configuration (produto §10). */}
          <ul>
            <li>
              <a href={whatsappPath()} target="_blank" rel="noopener noreferrer">
                WhatsApp
              </a>
            </li>
            {agency.social.map((s) => (
              <li key={s.name}>
                <a href={s.url} target="_blank" rel="noopener noreferrer me">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="container footer-bottom">
        {/* No year: a shared page is a function of its URL and the content, never of the clock. */}
        {`© ${agency.name} · `}
        <Link to="/privacidade" discover="none">
          Política de privacidade
        </Link>
        {" · "}
        <Link to="/login">Área administrativa</Link>
      </p>
    </footer>
  );
}
