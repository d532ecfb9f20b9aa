/*
 * Every date and time a page shows is formatted here, for one reader: in their time
 * zone and locale (the `Clock`, resolved on the server by app/web/clock.server.ts and
 * handed to the browser in the root loader's data). Formatting depends on nothing
 * else, not the zone of the machine it runs on, so the server's HTML and the
 * browser's hydration print the same text.
 */

/** How times are shown to one reader: an IANA time zone and a BCP 47 locale. */
export type Clock = { timeZone: string; locale: string };
/** Where the zone in use came from: the person's setting, their browser, or the default (UTC). */
export type TimeZoneSource = "setting" | "browser" | "default";

/** The zone used when neither the reader's setting nor their browser's hint is known. */
export const DEFAULT_TIME_ZONE = "UTC";
export const DEFAULT_LOCALE = "en-US";
export const DEFAULT_CLOCK: Clock = { timeZone: DEFAULT_TIME_ZONE, locale: DEFAULT_LOCALE };

type DateInput = Date | string | number;

const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit" };
const DATE: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" };
const STYLES = {
  time: TIME,
  date: DATE,
  dateTime: { ...DATE, ...TIME },
  day: { weekday: "short", ...DATE },
  // The calendar day in one fixed shape, for comparing days (see dayKey).
  numericDay: { year: "numeric", month: "2-digit", day: "2-digit" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type Style = keyof typeof STYLES;

// Building a formatter costs far more than using one; a chat page formats hundreds of times.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style, { timeZone, locale }: Clock): Intl.DateTimeFormat {
  const key = `${style}|${locale}|${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(style === "numericDay" ? "en-US" : locale, { ...STYLES[style], timeZone });
    formatters.set(key, found);
  }
  return found;
}

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** "03:44 AM" (in an en-US locale). */
export function formatTime(value: DateInput, clock: Clock): string {
  return formatter("time", clock).format(toDate(value));
}

/** "Nov 23, 2026": SPEC's "MMM d, yyyy" in en-US, each locale's own order elsewhere. */
export function formatDate(value: DateInput, clock: Clock): string {
  return formatter("date", clock).format(toDate(value));
}

/** "Nov 23, 2026, 03:44 AM". */
export function formatDateTime(value: DateInput, clock: Clock): string {
  return formatter("dateTime", clock).format(toDate(value));
}

// A chat page asks for the day of each message and of now several times over.
const dayKeys = new Map<string, string>();

/** The calendar day of an instant in the clock's zone, as "2026-11-23" (sortable, comparable). */
export function dayKey(value: DateInput, clock: Pick<Clock, "timeZone">): string {
  // Every zone's offset is whole minutes, so an instant's minute decides its day.
  const date = toDate(value);
  const cacheKey = `${clock.timeZone}|${Math.floor(date.getTime() / 60_000)}`;
  let key = dayKeys.get(cacheKey);
  if (key === undefined) {
    // en-US's numeric date is "MM/DD/YYYY" in every zone.
    const usDate = formatter("numericDay", { timeZone: clock.timeZone, locale: "en-US" }).format(date);
    key = `${usDate.slice(6)}-${usDate.slice(0, 2)}-${usDate.slice(3, 5)}`;
    if (dayKeys.size >= 10_000) dayKeys.clear();
    dayKeys.set(cacheKey, key);
  }
  return key;
}

/** A day key so many days on (or back), counted on the calendar (a DST day is 23 or 25 hours long). */
export function addDays(key: string, days: number): string {
  const date = new Date(`${key}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A calendar day ("2026-11-23", a day key or a due date) as formatDate shows it, wherever the reader is. */
export function formatDay(key: string, locale: string = DEFAULT_LOCALE): string {
  // Noon in UTC is that day in UTC, whatever the day's length.
  return formatDate(`${key}T12:00:00Z`, { timeZone: DEFAULT_TIME_ZONE, locale });
}

/** The heading of a day in the chat: "Today", "Yesterday", else "Mon, Nov 23, 2026". */
export function formatDayHeading(value: DateInput, now: DateInput, clock: Clock): string {
  const day = dayKey(value, clock);
  const today = dayKey(now, clock);
  if (day === today) return "Today";
  if (day === addDays(today, -1)) return "Yesterday";
  return formatter("day", clock).format(toDate(value));
}

/** A message's time: the time alone today, with its date on any earlier day. */
export function formatMessageTime(value: DateInput, now: DateInput, clock: Clock): string {
  return dayKey(value, clock) === dayKey(now, clock) ? formatTime(value, clock) : formatDateTime(value, clock);
}

/** Whether Intl knows this zone (a browser may report an alias, such as Asia/Calcutta). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat(DEFAULT_LOCALE, { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zones a reader may choose in their settings: UTC, then Intl's canonical IANA names. */
export function timeZoneNames(): string[] {
  return [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== DEFAULT_TIME_ZONE)];
}
