import { describe, expect, test } from "vitest";
import { isSameOrigin } from "~/web/origin.server";

const APP_URL = "https://app.example";
const host = "app.example";

describe("a state-changing request comes from one of our pages", () => {
  test("a form on a page that sends no referrer (reset, invitation) is ours by the browser's own word", () => {
    expect(isSameOrigin({ origin: "null", host, fetchSite: "same-origin" }, APP_URL)).toBe(true);
  });

  test("another site's page is refused whatever Origin it carries", () => {
    expect(isSameOrigin({ origin: "null", host, fetchSite: "cross-site" }, APP_URL)).toBe(false);
    expect(isSameOrigin({ origin: APP_URL, host, fetchSite: "cross-site" }, APP_URL)).toBe(false);
    expect(isSameOrigin({ origin: "https://shop.app.example", host, fetchSite: "same-site" }, APP_URL)).toBe(false);
  });

  test("without Sec-Fetch-Site, Origin decides, then Referer; a null Origin alone is refused", () => {
    expect(isSameOrigin({ origin: APP_URL, host }, APP_URL)).toBe(true);
    expect(isSameOrigin({ origin: "https://attacker.example", host }, APP_URL)).toBe(false);
    expect(isSameOrigin({ referer: `${APP_URL}/login`, host }, APP_URL)).toBe(true);
    expect(isSameOrigin({ origin: "null", host }, APP_URL)).toBe(false);
  });
});
