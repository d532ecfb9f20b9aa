/**
 * Whether a request comes from one of our own pages. Browsers send Origin on
 * every cross-site state-changing request; when it is absent we fall back to
 * Referer, and a request with neither cannot come from another site's page.
 */
export function isSameOrigin(
  headers: { origin?: string | null; referer?: string | null; host?: string | null },
  appUrl?: string,
): boolean {
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
