/** The agency's public details (header, footer, contact page, map); built from the configuration. */
export type Agency = {
  name: string;
  phone: string;
  /** https://wa.me/55… */
  whatsapp: string;
  email: string;
  street: string;
  neighbourhood: string;
  city: string;
  state: string;
  cep: string;
  /** The agency's own pages on social networks (AGENCY_INSTAGRAM, AGENCY_FACEBOOK), in that order. */
  social: { name: string; url: string }[];
};
