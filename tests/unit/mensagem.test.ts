import { describe, expect, it } from "vitest";
import { mailConfig } from "~/services/mail.server";
import { parseEnv } from "~/env.server";
import { replyMailto, replySubject, replyWhatsapp } from "~/utils/mensagem";
import { whatsappNumber } from "~/utils/phone";

const imovel = { id: 42, codigo: "VT0042", endereco: "Rua Amazonas", numero: "100", bairro: "Centro" };

describe("reply shortcuts of the inbox", () => {
  it("normalizes Brazilian phones to +55 with the DDD", () => {
    expect(whatsappNumber("(17) 99123-4567")).toBe("5517991234567");
    expect(whatsappNumber("17 3421-0000")).toBe("551734210000");
    expect(whatsappNumber("017 99123-4567")).toBe("5517991234567");
    expect(whatsappNumber("+55 (17) 99123-4567")).toBe("5517991234567");
    expect(whatsappNumber("55 17 99123 4567")).toBe("5517991234567");
    // DDD 55 (Santa Maria/RS) is a DDD, not the country code.
    expect(whatsappNumber("(55) 3221-0000")).toBe("555532210000");
    expect(whatsappNumber("+1 415 555 0100")).toBe("14155550100");
    expect(whatsappNumber("0044 20 7946 0000")).toBe("442079460000");
    // Without a DDD the number would reach someone in another area: no link.
    expect(whatsappNumber("99123-4567")).toBeNull();
  });

  it("answers with 'Re: <código> – <endereço>'", () => {
    expect(replySubject(imovel, "Imobiliária X")).toBe("Re: VT0042 – Rua Amazonas, 100");
    expect(replySubject(null, "Imobiliária X")).toBe("Re: Contato com Imobiliária X");
    const href = replyMailto({ email: "maria+casa@exemplo.com.br", imovel }, "Imobiliária X");
    expect(href).toBe("mailto:maria%2Bcasa@exemplo.com.br?subject=Re%3A%20VT0042%20%E2%80%93%20Rua%20Amazonas%2C%20100");
    expect(decodeURIComponent(new URL(href).searchParams.get("subject")!)).toBe("Re: VT0042 – Rua Amazonas, 100");
  });

  it("opens WhatsApp on the visitor's number with a greeting about the listing", () => {
    const href = replyWhatsapp({ nome: "Maria Souza", telefone: "(17) 99123-4567", imovel }, "Imobiliária X")!;
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe("https://wa.me/5517991234567");
    expect(url.searchParams.get("text")).toBe("Olá, Maria! Aqui é da Imobiliária X, recebemos sua mensagem sobre o imóvel VT0042.");
    expect(replyWhatsapp({ nome: "Maria", telefone: "9123-4567", imovel: null }, "X")).toBeNull();
  });
});

describe("mailConfig", () => {
  it("is off without SMTP_URL and sends to MAIL_TO, else the deprecated LEADS_EMAIL, else AGENCY_EMAIL", () => {
    expect(mailConfig(parseEnv({}))).toBeNull();
    const base = { SMTP_URL: "smtp://u:p@mail.exemplo.com:587", AGENCY_EMAIL: "contato@exemplo.com", AGENCY_NAME: "Imobiliária X" };
    expect(mailConfig(parseEnv(base))).toEqual({ smtpUrl: base.SMTP_URL, from: '"Imobiliária X" <contato@exemplo.com>', to: "contato@exemplo.com" });
    expect(mailConfig(parseEnv({ ...base, MAIL_TO: "caixa@exemplo.com", MAIL_FROM: "site@exemplo.com" }))).toMatchObject({
      from: "site@exemplo.com",
      to: "caixa@exemplo.com",
    });
    // The old name keeps a deployment that still sets it delivering where it did.
    expect(mailConfig(parseEnv({ ...base, LEADS_EMAIL: "antigo@exemplo.com" }))?.to).toBe("antigo@exemplo.com");
    expect(mailConfig(parseEnv({ ...base, MAIL_TO: "caixa@exemplo.com", LEADS_EMAIL: "caixa@exemplo.com" }))?.to).toBe("caixa@exemplo.com");
  });
});
