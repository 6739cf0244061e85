// npm run admin -- create <email>     creates an administrator
// npm run admin -- password <email>   sets a new password
// The password comes from ADMIN_PASSWORD or is asked for (hidden) on the terminal. Each change is
// an entry of the admin history: by the system, or by the admin named with `--como <email>`.
import readline from "node:readline";
import { z } from "zod";
import { closeDb } from "~/db/client.server";
import { getUserByEmail, upsertUser } from "~/models/accounts/user.server";
import { SYSTEM, type Actor } from "~/models/history/history.server";
import { passwordProblem } from "~/utils/password";

function ask(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
    let prompted = false;
    out._writeToOutput = (s: string) => {
      if (!prompted) {
        out.output.write(s);
        prompted = true;
      }
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

const args = process.argv.slice(2);
const comoAt = args.indexOf("--como");
const como = comoAt >= 0 ? args.splice(comoAt, 2)[1] : undefined;
const [command, email] = args;

/** Who acts, for the history: the admin of `--como`, who must exist and be active, else the system. */
async function actorOf(): Promise<Actor> {
  if (como === undefined) return SYSTEM;
  const user = z.email().safeParse(como).success ? await getUserByEmail(como) : null;
  if (!user?.ativo) throw new Error(`--como: ${como ?? ""} não é um administrador ativo.`);
  return { usuarioId: user.id, email: user.email, ip: null };
}

try {
  if (!["create", "password"].includes(command ?? "") || !z.email().safeParse(email).success || args.length !== 2) {
    throw new Error("uso: npm run admin -- create|password <email> [--como <email de quem faz>]");
  }
  const actor = await actorOf();
  const existing = await getUserByEmail(email);
  if (command === "create" && existing) throw new Error(`${email} já existe; use "password" para trocar a senha.`);
  if (command === "password" && !existing) throw new Error(`${email} não existe; use "create".`);
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    if (!process.stdin.isTTY) throw new Error("defina ADMIN_PASSWORD ou rode em um terminal para digitar a senha.");
    password = await ask("Senha: ");
    if ((await ask("Repita a senha: ")) !== password) throw new Error("as senhas não conferem.");
  }
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem.charAt(0).toLowerCase() + problem.slice(1));
  await upsertUser(email, password, actor);
  console.log(command === "create" ? `Administrador ${email} criado.` : `Senha de ${email} alterada.`);
  if (existing && !existing.ativo) console.log("Esta conta está desativada: reative-a em /admin/usuarios para que ela possa entrar.");
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await closeDb();
}
