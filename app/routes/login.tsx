import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, redirect } from "react-router";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { useEffect, useRef } from "react";
import { Field } from "~/components/forms";
import { createSessionCookie, getAdmin, logout } from "~/http/auth.server";
import { formDataOf } from "~/http/forms.server";
import { LoginRefusedError, authenticator, emailOf } from "~/http/login.server";
import { ADMIN_HOME, safeRedirect } from "~/http/redirect";
import { LOGIN_BUSY, LOGIN_BUSY_RETRY_S, LOGIN_ERROR, loginThrottledMessage } from "~/models/accounts/auth.server";
import { secondsUntil } from "~/services/rate-limit.server";
import styles from "~/styles/login.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [
  { title: "Login – Painel Administrativo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getAdmin(request)) throw redirect(ADMIN_HOME);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return { redirectTo: safeRedirect(redirectTo, "") };
}

export async function action({ request }: ActionFunctionArgs) {
  // The strategy reads the body itself: read a copy here (a malformed body is a 400 here).
  const form = await formDataOf(request.clone());
  const email = emailOf(form);
  let user;
  try {
    user = await authenticator.authenticate("form", request);
  } catch (e) {
    if (!(e instanceof LoginRefusedError)) throw e;
    const { outcome } = e;
    if (outcome.reason === "invalid") return data({ error: LOGIN_ERROR, email }, { status: 401 });
    if (outcome.reason === "busy") {
      return data({ error: LOGIN_BUSY, email }, { status: 503, headers: { "Retry-After": String(LOGIN_BUSY_RETRY_S) } });
    }
    const headers = { "Retry-After": String(secondsUntil(outcome.retryAt)) };
    return data({ error: loginThrottledMessage(outcome.retryAt), email }, { status: 429, headers });
  }
  // A session the browser may already carry is dropped: every login gets a new id.
  await logout(request);
  const headers = new Headers({ "Set-Cookie": await createSessionCookie(user.id) });
  throw redirect(safeRedirect(form.get("redirectTo")), { headers });
}

export default function Login() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused attempt the typed password is wiped, as it is without JavaScript.
  useEffect(() => {
    const password = formRef.current?.elements.namedItem("password");
    if (result && password instanceof HTMLInputElement) {
      password.value = "";
      password.focus();
    }
  }, [result]);

  return (
    <main className="login-page">
      <div className="login-card">
        <h1>Login Painel Administrativo</h1>
        {result?.error ? (
          <div className="alert alert-danger" role="alert">
            {result.error}
          </div>
        ) : null}
        <Form method="post" className="login-form" ref={formRef}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field
            label="Email"
            inputProps={{
              name: "email",
              type: "email",
              required: true,
              autoComplete: "username",
              defaultValue: result?.email ?? "",
              maxLength: 191,
            }}
          />
          <Field
            label="Senha"
            inputProps={{ name: "password", type: "password", required: true, autoComplete: "current-password" }}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            ENTRAR
          </button>
        </Form>
        <p className="login-back">
          <Link to="/" className="link-muted">
            Voltar ao site
          </Link>
        </p>
      </div>
    </main>
  );
}
