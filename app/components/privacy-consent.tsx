import { Link } from "react-router";

/**
 * The one-line notice under every public form that collects personal data (issue 24, LGPD): what the
 * data is for, and the way to the privacy policy. `purpose` is the form's own sentence.
 */
export function PrivacyConsent({ purpose }: { purpose: string }) {
  return (
    <p className="consent">
      {purpose}{" "}
      <Link to="/privacidade" discover="none">
        Política de privacidade
      </Link>
      .
    </p>
  );
}
