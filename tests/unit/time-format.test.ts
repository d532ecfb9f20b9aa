import { describe, expect, test } from "vitest";
import {
  dayKey,
  formatDate,
  formatDateTime,
  formatDayHeading,
  formatMessageTime,
  formatTime,
  isTimeZone,
  timeZoneNames,
  type Clock,
} from "~/shared/time-format";

const newYork: Clock = { timeZone: "America/New_York", locale: "en-US" };
const utc: Clock = { timeZone: "UTC", locale: "en-US" };
const tokyo: Clock = { timeZone: "Asia/Tokyo", locale: "en-US" };

// The example: 08:44 UTC is 03:44 in New York (EST, UTC-5).
const sent = "2026-11-23T08:44:00Z";

/** Intl separates the time from AM/PM with a narrow no-break space in recent CLDR; compare words. */
const plain = (text: string) => text.replace(/\s/g, " ");

describe("times and dates in the reader's zone", () => {
  test("the same instant reads as each reader's own local time, whatever the machine's zone", () => {
    expect(plain(formatTime(sent, newYork))).toBe("03:44 AM");
    expect(plain(formatTime(sent, utc))).toBe("08:44 AM");
    expect(plain(formatTime(sent, tokyo))).toBe("05:44 PM");
  });

  test("a date is SPEC's MMM d, yyyy in en-US and follows the locale elsewhere", () => {
    expect(formatDate(sent, newYork)).toBe("Nov 23, 2026");
    expect(formatDate(sent, { timeZone: "Europe/London", locale: "en-GB" })).toBe("23 Nov 2026");
    expect(plain(formatDateTime(sent, newYork))).toBe("Nov 23, 2026, 03:44 AM");
  });

  test("a date near midnight falls on the reader's calendar day, not the server's", () => {
    const lateInNewYork = "2026-11-24T03:30:00Z"; // 22:30 on the 23rd in New York
    expect(formatDate(lateInNewYork, newYork)).toBe("Nov 23, 2026");
    expect(formatDate(lateInNewYork, utc)).toBe("Nov 24, 2026");
    expect(dayKey(lateInNewYork, newYork)).toBe("2026-11-23");
    expect(dayKey(lateInNewYork, tokyo)).toBe("2026-11-24");
  });

  test("Date objects, ISO strings and epoch milliseconds format alike", () => {
    const date = new Date(sent);
    expect(formatTime(date, newYork)).toBe(formatTime(sent, newYork));
    expect(formatTime(date.getTime(), newYork)).toBe(formatTime(sent, newYork));
  });
});

describe("the chat's days", () => {
  const now = "2026-11-23T15:00:00Z"; // 10:00 on Monday the 23rd in New York

  test("today, yesterday, then a weekday and a date", () => {
    expect(formatDayHeading("2026-11-23T05:00:00Z", now, newYork)).toBe("Today"); // 00:00 on the 23rd
    expect(formatDayHeading("2026-11-23T04:59:00Z", now, newYork)).toBe("Yesterday"); // 23:59 on the 22nd
    expect(formatDayHeading("2026-11-22T05:00:00Z", now, newYork)).toBe("Yesterday");
    expect(formatDayHeading("2026-11-22T04:59:00Z", now, newYork)).toBe("Sat, Nov 21, 2026");
    expect(formatDayHeading("2026-11-22T04:59:00Z", now, { timeZone: "America/New_York", locale: "en-GB" })).toBe(
      "Sat, 21 Nov 2026",
    );
  });

  test("the same two instants are one day in one zone and two in another", () => {
    const evening = "2026-11-23T02:00:00Z"; // 21:00 on the 22nd in New York, 02:00 on the 23rd in UTC
    expect(formatDayHeading(evening, now, newYork)).toBe("Yesterday");
    expect(formatDayHeading(evening, now, utc)).toBe("Today");
  });

  test("yesterday is the calendar day before, across the first of a month and of a year", () => {
    expect(formatDayHeading("2026-11-30T18:00:00Z", "2026-12-01T18:00:00Z", newYork)).toBe("Yesterday");
    expect(formatDayHeading("2026-12-31T18:00:00Z", "2027-01-01T18:00:00Z", newYork)).toBe("Yesterday");
  });

  test("a message of today shows its time; an older one its date as well", () => {
    expect(plain(formatMessageTime("2026-11-23T14:05:00Z", now, newYork))).toBe("09:05 AM");
    expect(plain(formatMessageTime("2026-11-23T04:05:00Z", now, newYork))).toBe("Nov 22, 2026, 11:05 PM");
    // The same message is of today in UTC.
    expect(plain(formatMessageTime("2026-11-23T04:05:00Z", now, utc))).toBe("04:05 AM");
  });
});

describe("daylight saving time", () => {
  test("the clocks change: the same UTC hour is an hour apart in local time either side", () => {
    // New York leaves DST on Sunday 1 November 2026 at 02:00 EDT (06:00 UTC).
    expect(plain(formatTime("2026-10-31T12:00:00Z", newYork))).toBe("08:00 AM"); // EDT, UTC-4
    expect(plain(formatTime("2026-11-02T12:00:00Z", newYork))).toBe("07:00 AM"); // EST, UTC-5
    // The repeated hour: 01:30 happens twice that night.
    expect(plain(formatTime("2026-11-01T05:30:00Z", newYork))).toBe("01:30 AM");
    expect(plain(formatTime("2026-11-01T06:30:00Z", newYork))).toBe("01:30 AM");
  });

  test("the 25-hour day and the 23-hour day are each one day, and the day before is yesterday", () => {
    // 1 November 2026 in New York runs from 04:00 UTC to 05:00 UTC the next day.
    expect(dayKey("2026-11-01T04:00:00Z", newYork)).toBe("2026-11-01");
    expect(dayKey("2026-11-02T04:59:00Z", newYork)).toBe("2026-11-01");
    expect(formatDayHeading("2026-10-31T12:00:00Z", "2026-11-02T04:59:00Z", newYork)).toBe("Yesterday");
    // 8 March 2026 (clocks go forward) runs from 05:00 UTC to 04:00 UTC the next day.
    expect(dayKey("2026-03-08T05:00:00Z", newYork)).toBe("2026-03-08");
    expect(dayKey("2026-03-09T03:59:00Z", newYork)).toBe("2026-03-08");
    expect(formatDayHeading("2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z", newYork)).toBe("Yesterday");
  });
});

describe("which zones are accepted", () => {
  test("IANA names and the aliases browsers report are zones; anything else is not", () => {
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("Asia/Calcutta")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone("America/New_York; Path=/")).toBe(false);
  });

  test("the settings list starts with UTC and holds Intl's canonical names once each", () => {
    const names = timeZoneNames();
    expect(names[0]).toBe("UTC");
    expect(names).toContain("America/New_York");
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(["UTC", ...Intl.supportedValuesOf("timeZone")]);
  });
});
