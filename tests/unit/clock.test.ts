import { describe, expect, test } from "vitest";
import { clockFor, preferredLocale } from "~/web/clock.server";

const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });

describe("the zone a page is rendered in", () => {
  test("the user's setting, else the browser's tz cookie, else UTC; and says which", () => {
    const hinted = request({ Cookie: "__session=abc; tz=America%2FNew_York" });
    expect(clockFor(hinted, { timeZone: "Asia/Tokyo" })).toMatchObject({
      timeZone: "Asia/Tokyo",
      source: "setting",
      browserTimeZone: "America/New_York",
    });
    expect(clockFor(hinted, { timeZone: null })).toMatchObject({ timeZone: "America/New_York", source: "browser" });
    expect(clockFor(hinted, null)).toMatchObject({ timeZone: "America/New_York", source: "browser" });
    expect(clockFor(request({}), null)).toMatchObject({ timeZone: "UTC", source: "default", browserTimeZone: null });
  });

  test("a tz cookie that is no zone, or not even text, is ignored", () => {
    for (const cookie of ["tz=Mars%2FOlympus", "tz=%E0%A4%A", "tz=", "xtz=Europe%2FBerlin"]) {
      expect(clockFor(request({ Cookie: cookie }), null)).toMatchObject({ timeZone: "UTC", source: "default" });
    }
  });
});

describe("the locale dates are written in", () => {
  test("the first language of Accept-Language by weight that Intl knows, else en-US", () => {
    expect(preferredLocale("en-GB,en;q=0.9")).toBe("en-GB");
    expect(preferredLocale("fr;q=0.5, de-DE;q=0.8")).toBe("de-DE");
    expect(preferredLocale("*, not a tag!, en-US;q=0.1")).toBe("en-US");
    expect(preferredLocale("de;q=0")).toBe("en-US");
    expect(preferredLocale(null)).toBe("en-US");
  });
});
