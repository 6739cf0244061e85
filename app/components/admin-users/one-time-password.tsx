import { useEffect, useRef } from "react";

type Props = { email: string; password: string; newAccount: boolean };

/**
 * A one-time password, shown once in the answer to the post that made it: the creator copies it
 * to the admin it belongs to. Nothing keeps it (no URL, no cookie): leaving the page loses it.
 */
export function OneTimePassword({ email, password, newAccount }: Props) {
  const ref = useRef<HTMLElement>(null);
  // With JavaScript the answer arrives without a page load: bring the box into view and to the reader.
  useEffect(() => ref.current?.focus(), [password]);
  return (
    <section className="otp-box" aria-labelledby="otp-title" tabIndex={-1} ref={ref}>
      <h2 id="otp-title">{newAccount ? "Administrador criado" : "Nova senha provisória"}</h2>
      <p>
        Senha provisória de <strong>{email}</strong>:
      </p>
      <p className="otp-value">
        <code data-testid="senha-provisoria">{password}</code>
      </p>
      <p className="hint">
        Ela aparece só desta vez: anote-a e entregue-a a quem vai usá-la. No primeiro login, o sistema pede que a pessoa escolha a própria
        senha.
      </p>
    </section>
  );
}
