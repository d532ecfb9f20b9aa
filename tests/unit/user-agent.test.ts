import { expect, test } from "vitest";
import { describeDevice } from "~/web/user-agent.server";

test("a session's device reads as browser on system, whatever else the user agent claims", () => {
  expect(
    describeDevice(
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
    ),
  ).toBe("Chrome on macOS");
  expect(
    describeDevice(
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0",
    ),
  ).toBe("Edge on Windows");
  expect(
    describeDevice(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    ),
  ).toBe("Safari on iOS");
  expect(describeDevice("Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0")).toBe(
    "Firefox on Android",
  );
  expect(describeDevice("curl/8.5.0")).toBe("Unknown device");
  expect(describeDevice(null)).toBe("Unknown device");
});
