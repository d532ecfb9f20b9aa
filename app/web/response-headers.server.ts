import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";

/** The pages mailed links open: their address carries a secret (a token, an invitation id). */
const SECRET_LINK_PATHS = [
  "/reset-password",
  "/team-register",
  "/client-register",
  "/email-verification",
  "/conversation-link",
  "/space-export",
];

/** Routes that only ever answer one signed-in person: the chat's and sidebar's resources, chat files. */
const PRIVATE_PREFIXES = ["/resources/", "/attachments/"];

/**
 * The caching and referrer headers of every response the app renders (server.ts calls
 * this as the response's headers are written; static files keep their own).
 *
 * A cache may store a response only when it is the same for everyone: a visitor with no
 * cookie, at an address without a query (which may carry a token or an email), and a
 * response that sets no cookie. Anything else was rendered for one person and is
 * `private, no-store`, so a shared cache never serves it to another and the browser
 * keeps no copy on disk. A response that declares itself public (a logo or avatar under
 * its random key) keeps that.
 */
export function privacyHeaders(request: IncomingMessage, headers: OutgoingHttpHeaders): Record<string, string> {
  const url = new URL(request.url ?? "/", "http://localhost");
  const policy: Record<string, string> = {};
  if (SECRET_LINK_PATHS.includes(url.pathname)) policy["Referrer-Policy"] = "no-referrer";

  const declared = String(headers["cache-control"] ?? "");
  if (/^\s*public\b/i.test(declared)) return policy;
  const personal =
    Boolean(request.headers.cookie) ||
    headers["set-cookie"] !== undefined ||
    url.search !== "" ||
    PRIVATE_PREFIXES.some((prefix) => url.pathname.startsWith(prefix));
  if (personal) policy["Cache-Control"] = "private, no-store";
  return policy;
}
