import { useNonce } from "./nonce";

/*
 * The browser's time zone as a cookie the server reads (app/web/clock.server.ts), so
 * that the first paint already shows the reader's times. This is what
 * @epic-web/client-hints does; that library is not among our dependencies, and for one
 * hint these few lines are all of it. The script runs in the head, before anything is
 * painted: when the cookie is missing or out of date it writes it, and if this page
 * was rendered in another zone from the hint (not from a zone the user chose), it loads
 * the page once more. It reloads only if the cookie took, so a browser that refuses
 * cookies is not sent round in circles.
 * The zone comes from Temporal where the browser has it: the first Intl.DateTimeFormat
 * of a page loads the locale's date patterns, which took 180–300 ms of the main thread
 * at Lighthouse's 4× slower CPU, before anything was painted (Temporal.Now: under 1 ms).
 */
const script = (renderedFromHint: string | null) => `(function () {
  var zone;
  try {
    zone = typeof Temporal === "object" && Temporal.Now ? Temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) { return; }
  if (!zone) return;
  var cookie = "tz=" + encodeURIComponent(zone);
  var has = function () { return document.cookie.split(/;\\s*/).indexOf(cookie) !== -1; };
  if (has()) return;
  document.cookie = cookie + "; Path=/; Max-Age=31536000; SameSite=Lax";
  var rendered = ${JSON.stringify(renderedFromHint).replace(/</g, "\\u003c")};
  if (rendered !== null && rendered !== zone && has()) window.location.reload();
})();`;

/** `renderedFromHint`: the zone this page was rendered in, or null when the user chose theirs. */
export function TimeZoneHint({ renderedFromHint }: { renderedFromHint: string | null }) {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script(renderedFromHint) }} />;
}
