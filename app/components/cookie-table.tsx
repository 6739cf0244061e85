import { COOKIE_LIST } from "~/utils/cookies";

/** Every cookie of the registry (utils/cookies.ts), as the privacy notice lists them. */
export function CookieTable() {
  return (
    <table className="cookie-table">
      <caption className="sr-only">Cookies do site</caption>
      <thead>
        <tr>
          <th scope="col">Cookie</th>
          <th scope="col">Para quê</th>
          <th scope="col">Por quanto tempo</th>
          <th scope="col">Quando é gravado</th>
        </tr>
      </thead>
      <tbody>
        {COOKIE_LIST.map((c) => (
          <tr key={c.name}>
            <th scope="row">
              <code>{c.name}</code>
              <br />
              <small>{c.who === "visitante" ? "visitantes" : "só administradores"}</small>
            </th>
            <td data-label="Para quê">{c.purpose}</td>
            <td data-label="Por quanto tempo">{c.lifetime}</td>
            <td data-label="Quando é gravado">{c.when}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
