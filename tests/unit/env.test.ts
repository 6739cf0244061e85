import { describe, expect, it } from "vitest";
import { agencyOf, parseEnv } from "~/env.server";

describe("parseEnv", () => {
  it("has working defaults for local development", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBe("mysql://root@127.0.0.1:3306/imobiliaria");
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.VIACEP_URL).toBe("https://viacep.com.br/ws");
  });
  it("names the variable when a value is bad", () => {
    expect(() => parseEnv({ PORT: "porta" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "postgres://x" })).toThrow(/DATABASE_URL/);
  });
  it("requires SESSION_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
    const https = { NODE_ENV: "production", PUBLIC_URL: "https://imobiliaria.exemplo.com" };
    expect(parseEnv({ ...https, SESSION_SECRET: "x".repeat(32) }).SESSION_SECRET).toHaveLength(32);
  });
  it("refuses an http:// PUBLIC_URL in production unless ALLOW_INSECURE_HTTP=1", () => {
    const prod = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) };
    expect(() => parseEnv({ ...prod, PUBLIC_URL: "http://imobiliaria.exemplo.com" })).toThrow(/PUBLIC_URL: http:\/\/imobiliaria\.exemplo\.com não é https/);
    // Unset means http://localhost:PORT: refused too.
    expect(() => parseEnv(prod)).toThrow(/PUBLIC_URL: http:\/\/localhost:3000 não é https/);
    expect(parseEnv({ ...prod, ALLOW_INSECURE_HTTP: "1" }).PUBLIC_URL).toBe("http://localhost:3000");
    expect(parseEnv({ ...prod, PUBLIC_URL: "https://imobiliaria.exemplo.com" }).ALLOW_INSECURE_HTTP).toBe(false);
    // Development and tests are not production.
    expect(parseEnv({ PUBLIC_URL: "http://imobiliaria.exemplo.com" }).PUBLIC_URL).toBe("http://imobiliaria.exemplo.com");
  });
  it("chooses the photo store and the replica, refusing bad values in Portuguese", () => {
    expect(parseEnv({}).STORAGE).toBe("local");
    expect(parseEnv({}).DATABASE_REPLICA_URL).toBeUndefined();
    expect(() => parseEnv({ STORAGE: "ftp" })).toThrow(/STORAGE: use local ou s3/);
    expect(() => parseEnv({ STORAGE: "s3" })).toThrow(/S3_BUCKET: obrigatório quando STORAGE=s3/);
    expect(() => parseEnv({ S3_FORCE_PATH_STYLE: "sim" })).toThrow(/S3_FORCE_PATH_STYLE: use true ou false/);
    expect(() => parseEnv({ S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT: deve ser um endereço http/);
    expect(() => parseEnv({ S3_ACCESS_KEY_ID: "chave" })).toThrow(/S3_SECRET_ACCESS_KEY: defina as duas chaves/);
    expect(() => parseEnv({ IMG_PUBLIC_URL: "cdn.exemplo.com" })).toThrow(/IMG_PUBLIC_URL/);
    expect(() => parseEnv({ DATABASE_REPLICA_URL: "postgres://x" })).toThrow(/DATABASE_REPLICA_URL: deve começar com mysql:\/\//);
    const env = parseEnv({ STORAGE: "s3", S3_BUCKET: "fotos", S3_FORCE_PATH_STYLE: "true", S3_ENDPOINT: "http://minio:9000" });
    expect([env.STORAGE, env.S3_BUCKET, env.S3_FORCE_PATH_STYLE, env.S3_REGION]).toEqual(["s3", "fotos", true, "us-east-1"]);
  });

  it("checks the e-mail settings, naming the variable", () => {
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "smtp://u:p@mail.exemplo.com:587" }).SMTP_URL).toBe("smtp://u:p@mail.exemplo.com:587");
    expect(parseEnv({ SMTP_URL: "smtps://u:p@mail.exemplo.com" }).SMTP_URL).toBe("smtps://u:p@mail.exemplo.com");
    expect(() => parseEnv({ SMTP_URL: "http://mail.exemplo.com" })).toThrow(/SMTP_URL: use smtp:\/\//);
    expect(() => parseEnv({ SMTP_URL: "mail.exemplo.com:587" })).toThrow(/SMTP_URL/);
    expect(parseEnv({ MAIL_FROM: '"Imobiliária" <site@exemplo.com>' }).MAIL_FROM).toBe('"Imobiliária" <site@exemplo.com>');
    expect(parseEnv({ MAIL_FROM: "site@exemplo.com" }).MAIL_FROM).toBe("site@exemplo.com");
    expect(() => parseEnv({ MAIL_FROM: "site" })).toThrow(/MAIL_FROM/);
    expect(() => parseEnv({ MAIL_TO: "caixa" })).toThrow(/MAIL_TO: deve ser um e-mail válido/);
    expect(() => parseEnv({ LEADS_EMAIL: "leads" })).toThrow(/LEADS_EMAIL: deve ser um e-mail válido/);
    // Both names set to two addresses: which one wins would be a guess, so the start stops.
    expect(() => parseEnv({ MAIL_TO: "a@exemplo.com", LEADS_EMAIL: "b@exemplo.com" })).toThrow(/LEADS_EMAIL: é o nome antigo de MAIL_TO/);
  });
});

describe("backup settings", () => {
  it("defaults to ./backups, backups/ in the bucket and 7 kept, and refuses bad values", () => {
    expect(parseEnv({})).toMatchObject({ BACKUP_DIR: "./backups", BACKUP_S3_PREFIX: "backups/", BACKUP_KEEP: 7 });
    expect(() => parseEnv({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP: mínimo 1/);
    expect(() => parseEnv({ BACKUP_S3_PREFIX: "/abs" })).toThrow(/BACKUP_S3_PREFIX: use um prefixo como backups\//);
  });
});

describe("the agency's social pages (the footer's 'Redes sociais')", () => {
  it("lists Instagram and Facebook when set, in that order, and refuses an address that is not https", () => {
    expect(agencyOf(parseEnv({})).social).toEqual([]);
    const both = parseEnv({ AGENCY_FACEBOOK: "https://www.facebook.com/imobvotuporanga", AGENCY_INSTAGRAM: "https://www.instagram.com/imobvotuporanga" });
    expect(agencyOf(both).social).toEqual([
      { name: "Instagram", url: "https://www.instagram.com/imobvotuporanga" },
      { name: "Facebook", url: "https://www.facebook.com/imobvotuporanga" },
    ]);
    // An empty line of .env.example is "not set", not a bad address.
    expect(agencyOf(parseEnv({ AGENCY_INSTAGRAM: "" })).social).toEqual([]);
    expect(() => parseEnv({ AGENCY_INSTAGRAM: "http://instagram.com/x" })).toThrow(/AGENCY_INSTAGRAM: deve ser um endereço https/);
    expect(() => parseEnv({ AGENCY_FACEBOOK: "javascript:alert(1)" })).toThrow(/AGENCY_FACEBOOK/);
  });
});
