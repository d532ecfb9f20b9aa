import type { Actor } from "~/models/actors.server";
import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE, isTimeZone, type Clock, type TimeZoneSource } from "~/shared/time-format";

/*
 * Which zone and locale a request's pages are shown in. The zone is the one the user
 * chose in their settings; else the browser's, from the `tz` cookie the document's
 * head script sets (app/components/time-zone-hint.tsx; a client hint, as
 * @epic-web/client-hints does it); else UTC, which is all a server knows of a browser
 * that runs no JavaScript. The locale is the first of Accept-Language that Intl
 * formats dates in.
 */

export const TIME_ZONE_COOKIE = "tz";

/** Where the zone in use came from, so the settings can say it. */

export type RequestClock = Clock & { source: TimeZoneSource; browserTimeZone: string | null };

export function clockFor(request: Request, actor: Pick<Actor, "timeZone"> | null): RequestClock {
  const browserTimeZone = hintedTimeZone(request.headers.get("Cookie"));
  const locale = preferredLocale(request.headers.get("Accept-Language"));
  if (actor?.timeZone) return { timeZone: actor.timeZone, locale, source: "setting", browserTimeZone };
  if (browserTimeZone) return { timeZone: browserTimeZone, locale, source: "browser", browserTimeZone };
  return { timeZone: DEFAULT_TIME_ZONE, locale, source: "default", browserTimeZone };
}

/** The browser's zone from its hint cookie, when it is one Intl knows (the cookie is the browser's to write). */
function hintedTimeZone(cookieHeader: string | null): string | null {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`));
  if (!match) return null;
  let zone: string;
  try {
    zone = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return isTimeZone(zone) ? zone : null;
}

/** The first language of Accept-Language (by weight) that Intl can format dates in, else en-US. */
export function preferredLocale(acceptLanguage: string | null): string {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .slice(0, 20)
    .map((entry, index) => {
      const [tag, ...params] = entry.trim().split(";");
      const weight = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf(tag);
      if (supported) return supported;
    } catch {
      // Not a language tag at all: try the next one.
    }
  }
  return DEFAULT_LOCALE;
}
