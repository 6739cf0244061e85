import type { Agency } from "~/utils/agency";

/** "(17) 3421-0000" → "tel:1734210000". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** The agency's postal address as the contact and about pages show it. */
export function AgencyAddress({ agency, withPhone = false }: { agency: Agency; withPhone?: boolean }) {
  return (
    <address>
      <strong>{agency.name}</strong>
      <br />
      {agency.street}
      <br />
      {agency.neighbourhood} – {agency.city}/{agency.state}
      <br />
      CEP {agency.cep}
      {withPhone ? (
        <>
          <br />
          Telefone: <a href={telHref(agency.phone)}>{agency.phone}</a>
        </>
      ) : null}
    </address>
  );
}
