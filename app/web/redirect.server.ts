/** A redirect target we may follow: a path on this site, never another origin. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  // Browsers treat tabs and newlines inside a URL as absent, so "/\t/evil.com" is "//evil.com".
  if ([...to].some((char) => char.charCodeAt(0) < 32 || char === "\\")) return fallback;
  return to;
}
