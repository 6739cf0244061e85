// An alert's token (issue 32 §2, decision 0037): the credential of its links (confirm, manage, leave).
// The database holds its SHA-256 and a random salt, never the token: the token is an HMAC of the
// salt under SESSION_SECRET, made again when an e-mail is written, so a copy of the database alone
// cannot open, change or cancel anyone's alert. Rotating SESSION_SECRET ends every link sent before.
import { createHash, createHmac, randomBytes } from "node:crypto";
import { getEnv } from "../../env.server";

/** A token as the links carry it: 32 bytes of HMAC-SHA256 in base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newSalt = () => randomBytes(16).toString("hex");

export const tokenOf = (salt: string) => createHmac("sha256", getEnv().SESSION_SECRET).update(`alerta:${salt}`).digest("base64url");

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
