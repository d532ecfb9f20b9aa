import type { IncomingMessage } from "node:http";
import { appOrigin } from "~/models/site.server";

/**
 * Whether a request comes from one of our own pages. A browser says so itself in
 * Sec-Fetch-Site, which no page can set, and it is the only sign left when a page
 * sends no referrer: a form on a page with `Referrer-Policy: no-referrer` (the reset
 * and invitation pages, whose addresses carry secrets) posts with `Origin: null`.
 * Without it (older browsers), Origin decides, else Referer, and a request with
 * neither cannot come from another site's page.
 */
export function isSameOrigin(
  headers: { origin?: string | null; referer?: string | null; host?: string | null; fetchSite?: string | null },
  appUrl?: string,
): boolean {
  // "none": the person opened it themselves (a bookmark, the address bar), not another site.
  if (headers.fetchSite) return headers.fetchSite === "same-origin" || headers.fetchSite === "none";
  const source = headers.origin && headers.origin !== "null" ? headers.origin : headers.referer;
  if (!source) return headers.origin !== "null";
  let sourceUrl: URL;
  try {
    sourceUrl = new URL(source);
  } catch {
    return false;
  }
  if (appUrl && sourceUrl.origin === new URL(appUrl).origin) return true;
  return Boolean(headers.host) && sourceUrl.host === headers.host;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Refuses a state-changing request that another site's page sent. */
export function isAllowedOrigin(request: IncomingMessage): boolean {
  if (SAFE_METHODS.has(request.method ?? "GET")) return true;
  return isSameOrigin(
    {
      origin: request.headers.origin,
      referer: request.headers.referer,
      host: request.headers.host,
      fetchSite: request.headers["sec-fetch-site"] as string | undefined,
    },
    appOrigin(),
  );
}
