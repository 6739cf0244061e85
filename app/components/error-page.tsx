import { Link, useRouteError } from "react-router";
import { errorMessage } from "./modal";

type Props = {
  /** heading when the thing asked for does not exist (404) */
  notFoundTitle: string;
  /** heading for anything else */
  failedTitle: string;
  /** text under a 404 heading; other refusals show their own message */
  notFoundText?: string;
  /** text for a failure that carries no message of its own */
  failedText?: string;
  links: { to: string; label: string }[];
  className?: string;
  /** the root boundary stands alone: its content is the page's <main> */
  asMain?: boolean;
};

/** A full-page ErrorBoundary: the refusal's message and links back (same for every screen). */
export function ErrorPage({ notFoundTitle, failedTitle, notFoundText, failedText = "Tente novamente em instantes.", links, className = "error-page", asMain }: Props) {
  const error = useRouteError();
  const status = (error as { status?: number } | null)?.status;
  const notFound = status === 404;
  // 503: the database (or another service) is down for a moment, not the page nor the listing.
  const unavailable = status === 503;
  const message = errorMessage(error, failedText);
  const Tag = asMain ? "main" : "div";
  return (
    <Tag className={className}>
      <h1>{notFound ? notFoundTitle : unavailable ? "Serviço temporariamente indisponível" : failedTitle}</h1>
      <p>{notFound ? (notFoundText ?? message) : message}</p>
      <p className="error-links">
        {links.map((l, i) => (
          <Link key={l.to} to={l.to} className={i === 0 ? "btn btn-primary" : "btn"}>
            {l.label}
          </Link>
        ))}
      </p>
    </Tag>
  );
}
