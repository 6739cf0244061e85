// The secret-grep of the e2e run (tests/e2e/secret-grep.ts) must be able to fail: a planted secret,
// in any of the spellings a log line could give it, is found and named (never printed).
import { describe, expect, it } from "vitest";
import { knownSecrets, parseRecorded, secretsIn } from "../e2e/secret-grep";
import { E2E } from "../e2e/env";

const clean = [
  '{"level":"info","sub":"http","reqId":"5f2155bf-1cd0-4d2f-8f0f-7e70f0fb2392","method":"POST","route":"/login","status":302,"ms":80.1,"cache":"none","msg":"requisição"}',
  '{"level":"info","sub":"auth","result":"success","ip":"127.0.0.1","userId":1,"msg":"login success"}',
].join("\n");

describe("secret-grep", () => {
  it("finds nothing in a clean log", () => {
    expect(secretsIn(clean, knownSecrets())).toEqual([]);
  });

  it("finds a planted password, cookie or message text, as is, JSON-escaped or percent-encoded", () => {
    const cookie = { what: "cookie imob_sessao", value: "s%3Aabc.def/ghi+jkl=" };
    const secrets = [...knownSecrets(), cookie];
    expect(secretsIn(`${clean}\n{"msg":"login","password":"${E2E.ADMIN_PASSWORD}"}`, secrets)).toEqual(["senha do administrador"]);
    expect(secretsIn(`${clean}\ncookie: imob_sessao=${encodeURIComponent(cookie.value)}`, secrets)).toEqual(["cookie imob_sessao"]);
    expect(secretsIn(`${clean}\n{"body":${JSON.stringify("Quero agendar uma visita.\nPode ser à tarde?")}}`, secrets)).toEqual([
      "texto de mensagem (Quero agendar uma visita)",
      "texto de mensagem (Pode ser à tarde?)",
    ]);
    expect(secretsIn(`${clean}\n{"email":"geral-x@teste.com.br"}`, secrets)).toEqual(["texto de mensagem (@teste.com.br)"]);
  });

  it("reads the cookies the tests recorded", () => {
    expect(parseRecorded("cookie imob_sessao\tabc123456789xyz0\n\n")).toEqual([{ what: "cookie imob_sessao", value: "abc123456789xyz0" }]);
  });
});
